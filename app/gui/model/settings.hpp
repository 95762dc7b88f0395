#pragma once
// What the app remembers between runs: the form, the layout and the classroom switches, kept in
// $XDG_CONFIG_HOME/scanlab/settings.ini (or ~/.config/scanlab/) beside ImGui's imgui.ini.
#include <string>
#include <vector>

#include "app/gui/model/session.hpp"

namespace scanlab::gui {

// The window sizes settings may ask for: 8K is the largest a projector or monitor shows.
inline constexpr int kMinWindowWidth = 320, kMinWindowHeight = 240;
inline constexpr int kMaxWindowWidth = 7680, kMaxWindowHeight = 4320;
// No settings file is larger; a larger one is not ours.
inline constexpr long kMaxSettingsBytes = 64 * 1024;
// A typed input (values and flags together) longer than this is not kept between runs, so the
// settings stay far under kMaxSettingsBytes: a pasted input of thousands of values is pasted
// again, or read from a file.
inline constexpr size_t kMaxKeptInputChars = 4096;

// The centre tabs, in the order the tab bar shows them and the keys 1 to 4 select them: one name
// table for the tab bar, the View menu, the help and the settings file (which keeps the index).
enum class Tab : uint8_t { steps, compare, counts, live };
struct TabInfo {
    Tab tab;
    const char* name;
    const char* key;
};
inline constexpr TabInfo kTabs[] = {
    {Tab::steps, "Steps", "1"}, {Tab::compare, "Compare", "2"}, {Tab::counts, "Counts", "3"}, {Tab::live, "Live run", "4"}};
inline const char* tab_name(Tab t) { return kTabs[size_t(t)].name; }

struct Layout {
    bool presentation = false;
    bool show_controls = true;
    float controls_width = 300;  // the left column
    float figure_width = 400;  // the right column (Figure 9.10 and the source)
    bool show_fig910 = true;  // the Figure 9.10 panel
    bool show_source = true;  // the source pane
    bool show_explain = true;  // the explanation pane (and predict mode)
    bool show_exercises = false;  // the Exercises panel (View > Exercises, Ctrl+E)
    bool show_your_kernel = false;  // the Your kernel panel (View > Your kernel, Ctrl+K)
    bool your_kernel_room = false;  // the layout made room for that panel once (its first opening)
    float cell_width = 46;  // array view zoom: pixels per element
    float font_scale = 1;  // Ctrl +/-: the text size against the default, normal mode
    float presentation_font_scale = 1;  // and presenting (on top of scaling to the window)
    // Bit n: the answer of exercise n is shown. An exercise with a starter to write (Try it yourself)
    // keeps its answer closed until the student asks for it; the others always show theirs.
    uint32_t answers_shown = 0;
    Tab tab = Tab::steps;  // the centre tab shown
    int window_width = 0, window_height = 0;  // 0: from the monitor's work area
};

struct Settings {
    Form form;
    Layout layout;
    float steps_per_second = 1.5f;
    std::vector<std::string> notes;  // what was clamped, dropped or unreadable (not saved)
    // The file at the settings path could not be read (a read error, too large, a device or a
    // pipe, no permission): the app runs on the defaults and never writes over that file.
    bool keep_file = false;
};

// The folder, created if missing; empty if there is no home to keep it in.
std::string config_dir();
// A small file kept between runs (settings.ini, imgui.ini), read whole. `problem` says why one
// that is there could not be read: not a regular file, larger than `max_bytes`, a failed read.
struct SmallFile {
    bool exists = false;
    std::string text;
    std::string problem;
};
SmallFile read_small_file(const std::string& path, long max_bytes);

// Missing settings give the defaults; an unreadable file (a device, a pipe, too large, a failed
// read) the defaults with a note and keep_file set; a value out of range is clamped and a bad line
// skipped, each with a note.
Settings load_settings(const std::string& path);
std::string settings_text(const Settings& s);
Settings parse_settings(const std::string& text);
// Saves the settings atomically, unless keep_file says the file there was never read: that file
// stays as it was. False if the save failed.
bool save_settings(const std::string& path, const Settings& s);

}  // namespace scanlab::gui
