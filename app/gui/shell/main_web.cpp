// scanlab-web: the Scan Lab app in a browser page (WebAssembly + WebGL2), the desktop app's own
// model, panels and frame (window.cpp). The frame loop is the browser's: an animation frame runs
// one queued job (background.hpp) while the last frame, with its spinner, stays on screen, and the
// next one draws its result; a frame with no job to run, if anything can have changed, polls,
// draws, and keeps the address bar a link to the step on screen (core/input/run_link.hpp).
// Settings and the panels' layout live in browser storage.
#include <emscripten.h>
#include <emscripten/html5.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>

#include <backends/imgui_impl_glfw.h>
#include <imgui.h>
#include <imgui_internal.h>  // the input events Dear ImGui has yet to take

#include "app/gui/export/export_dialog.hpp"
#include "app/gui/export/offline_page.hpp"
#include "app/gui/export/web_animation.hpp"
#include "app/gui/model/background.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/lesson_panel.hpp"
#include "app/gui/shell/browser.hpp"
#include "app/gui/shell/frame_settle.hpp"
#include "app/gui/shell/item_finder_web.hpp"
#include "app/gui/shell/window.hpp"
#include "app/gui/surface/drawn_text.hpp"
#include "app/gui/surface/gl_surface.hpp"
#include "app/gui/surface/screenshot.hpp"
#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/input/run_link.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/json_text.hpp"

using namespace scanlab;
using namespace scanlab::gui;

namespace {

constexpr const char* kSettingsKey = "scanlab/settings.ini";
constexpr const char* kLayoutKey = "scanlab/imgui.ini";
// The largest trace file the page opens (offline_page.hpp states it and says why).
constexpr uintmax_t kMaxTraceFileBytes = kPageMaxTraceFileBytes;
// The longest input (values or head flags) an address carries, as much as the settings keep: a
// pasted million values made an address of two million characters. A longer one is left out,
// and the page says how to share that run instead.
constexpr size_t kMaxLinkInputChars = kMaxKeptInputChars;

struct Page {
    App app;
    std::unique_ptr<GlSurface> surface;
    Settings settings;
    std::string stored_settings;  // what browser storage holds
    std::optional<LinkPlace> place;  // a link's step and view, taken once its run is on screen
    std::optional<LessonLink> lesson_link;  // a link's lesson and slide, opened as the page starts
    std::optional<LinkPlace> lesson_place;  // its step and view, taken once the slide is on screen
    std::string link_refusal;  // why the link could not be opened, said once the first run is on screen
    std::string shown_query, shown_title;
    // The run on screen, as the form that made it: the address and the browser's storage name it,
    // never a request that was refused (which stays in the controls, to be corrected).
    TracePtr named_trace;  // the trace shown_form was taken for
    Form shown_form;
    Form stored_form;  // the same, but for a sampled trace, whose run the form keeps no words for (its window)
    bool shown_has_link = true;  // false: its input is too long for an address
    bool had_link = false;  // the page was opened with a query
    bool fell_back = false;  // a first run that was refused gave way to Figure 9.10
    bool ctrl_held = false;  // Ctrl held for a pinch's wheel (browser.cpp), let go once Dear ImGui has taken it
    double last = 0, last_persisted = 0;
    int events = -1;
    FrameSettle settle;
    std::string clipboard;
    int frames = 0;
    bool job_ran_last = false;  // the last animation frame ran a job: this one draws its result
    double last_job_ms = 0, longest_job_ms = 0;  // how long the page waited for its jobs
    // And for its frames: the page's own work (the layout and its vertices), and the WebGL calls,
    // which can wait on the browser's GPU process (with a software renderer, for the frame before).
    double last_frame_ms = 0, longest_frame_ms = 0, last_gl_ms = 0;
};
Page* g_page = nullptr;

const char* css_cursor(ImGuiMouseCursor c) {
    switch (c) {
        case ImGuiMouseCursor_None: return "none";
        case ImGuiMouseCursor_TextInput: return "text";
        case ImGuiMouseCursor_ResizeAll: return "move";
        case ImGuiMouseCursor_ResizeNS: return "ns-resize";
        case ImGuiMouseCursor_ResizeEW: return "ew-resize";
        case ImGuiMouseCursor_ResizeNESW: return "nesw-resize";
        case ImGuiMouseCursor_ResizeNWSE: return "nwse-resize";
        case ImGuiMouseCursor_Hand: return "pointer";
        case ImGuiMouseCursor_Wait: return "wait";
        case ImGuiMouseCursor_Progress: return "progress";
        case ImGuiMouseCursor_NotAllowed: return "not-allowed";
        default: return "default";
    }
}

// The link to what is on screen: the form's run, the step, the tab, presentation mode.
LinkPlace place_on_screen(const App& app) {
    LinkPlace p;
    p.step = app.session.step;
    p.view = std::clamp(int(app.layout.tab), 0, 3);  // kLinkViews are the tabs, in order
    p.present = app.layout.presentation;
    if (app.session.form.compare_algorithm != Form{}.compare_algorithm) p.compare = app.session.form.compare_algorithm;
    return p;
}

// Settings and the layout into browser storage, when they changed.
void persist(Page& page) {
    App& app = page.app;
    page.settings.form = page.stored_form;  // a refused request is never replayed on the next visit
    page.settings.layout = app.layout;
    page.settings.layout.window_width = page.settings.layout.window_height = 0;  // the page decides
    page.settings.steps_per_second = app.session.steps_per_second;
    if (std::string text = settings_text(page.settings); text != page.stored_settings) {
        browser::store(kSettingsKey, text);
        page.stored_settings = std::move(text);
    }
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantSaveIniSettings) {
        browser::store(kLayoutKey, ImGui::SaveIniSettingsToMemory());
        io.WantSaveIniSettings = false;
    }
}

void take_screenshot(Page& page) {
    Session& s = page.app.session;
    page.app.want_screenshot = false;
    const std::string path = screenshot_path();
    const std::string err = page.surface->write_png(path);
    if (err.empty()) {
        const std::string name = std::filesystem::path(path).filename().string();
        browser::download(path, name, "image/png");
        s.status = "the screenshot downloads as " + name + " (the browser's downloads)";
    } else {
        s.status = err;
    }
    s.status_failed = !err.empty();
}

size_t value_count(const std::string& text) {
    std::istringstream in(text);
    size_t n = 0;
    for (std::string word; in >> word;) ++n;
    return n;
}

// A new trace on screen: the form that names it. A sampled trace is the Live run tab's window of
// its run (sample-block); an opened file is the form the session followed it with, unless its input
// was too long for the form to hold.
void follow_shown_run(Page& page) {
    Session& s = page.app.session;
    if (!s.trace || s.trace == page.named_trace) return;
    page.named_trace = s.trace;
    Form shown = s.form;
    // The session's stand-in while a first run was refused: Figure 9.10, not the form.
    if (s.trace == s.fig910) static_cast<RunSpec&>(shown) = static_cast<const RunSpec&>(Form{});
    if (s.trace == s.sampled_trace) shown.request.sample = s.trace->trace.sample;
    const bool opened = s.trace->origin.rfind("file ", 0) == 0;
    const bool followed = !opened || (shown.input.source == InputSpec::Source::text &&
                                      value_count(shown.input.text) == size_t(size_of(s.trace->trace.input)));
    if (followed) page.shown_form = shown;
    if (followed && shown.request.sample.all()) page.stored_form = shown;
    const InputSpec& in = shown.input;
    page.shown_has_link =
        followed && (in.source != InputSpec::Source::text || in.text.size() <= kMaxLinkInputChars) && in.flags.size() <= kMaxLinkInputChars;
    if (!page.shown_has_link) {
        const std::string said = "The address names no run: this run's " + grouped(int64_t(size_of(s.trace->trace.input))) +
                                 " values are too many for a link. To share it, save it as a trace file (Ctrl+S), which opens here.";
        s.status = s.status.empty() ? said : s.status + ". " + said;
    }
}

// A first run that was refused (a link's, or the last visit's) gives way to Figure 9.10, with why.
void fall_back_to_fig910(Page& page) {
    Session& s = page.app.session;
    // The session shows Figure 9.10 in its place, with the refusal: the form is run as Figure 9.10's,
    // so that the controls, the address and storage name what is on screen.
    if (page.fell_back || page.named_trace || !s.trace || s.trace != s.fig910 || s.busy() || s.error.empty()) return;
    page.fell_back = true;
    page.link_refusal = (page.had_link ? "This link could not be opened: " : "The last run could not be opened again: ") +
                        as_sentence(s.error) + " Showing Figure 9.10 instead.";
    static_cast<RunSpec&>(s.form) = static_cast<const RunSpec&>(Form{});
    s.error.clear();
    page.place.reset();
    s.run();
}

// The link's step, once its run is on screen; a step past the run's end is said and the first shown.
void go_to_linked_step(Page& page) {
    App& app = page.app;
    const size_t count = app.session.step_count(), last = count ? count - 1 : 0;
    if (!page.place->last_step && page.place->step > last) {
        page.link_refusal = "This link's step " + std::to_string(page.place->step) + " is past the end: the run has steps 0 to " +
                            std::to_string(last) + ". Showing step 0.";
        app.session.go_to(0);
    } else {
        app.session.go_to(page.place->last_step ? last : page.place->step);
    }
    app.tab_request = Tab(page.place->view);
    page.place.reset();
    page.settle.want(1);
}

// A lesson link's step and view, once its slide is on screen; a step past the run's end is said and
// the slide's own step stays.
void go_to_lesson_place(Page& page) {
    App& app = page.app;
    const LinkPlace place = *page.lesson_place;
    page.lesson_place.reset();
    if (page.lesson_link->step_given) {
        if (const size_t count = app.session.step_count(); place.step >= count)
            page.link_refusal = "This link's step " + std::to_string(place.step) + " is past the end: the slide's run has steps 0 to " +
                                std::to_string(count ? count - 1 : 0) + ". Showing the slide's own step.";
        else
            app.session.go_to(place.step);
    }
    if (place.view != 0) app.tab_request = Tab(place.view);
    page.settle.want(1);
}

// The address of the screen: a lesson's slide while its run is on screen (with the step and tab
// where the student moved from the slide's own), else the run on screen.
std::string address_of_screen(const Page& page) {
    const App& app = page.app;
    const LessonPlayer& l = app.lesson;
    if (l.is_open() && app.show_lesson && l.slide_shown(app.session)) {
        const long long own = l.slides[l.slide].step;
        LessonLink link{l.name(), l.slide + 1, app.session.step != size_t(own < 0 ? 0 : own)};
        return lesson_link_query(link, place_on_screen(app));
    }
    return page.shown_has_link ? run_link_query(page.shown_form, place_on_screen(app)) : "";
}

void show_place(Page& page) {
    App& app = page.app;
    const Session& s = app.session;
    fall_back_to_fig910(page);
    if (s.trace && !s.busy()) {
        follow_shown_run(page);
        if (page.place) go_to_linked_step(page);
        if (page.lesson_place && app.lesson.slide_shown(s)) go_to_lesson_place(page);
        if (!page.link_refusal.empty()) {
            app.session.status = page.link_refusal;
            app.session.status_failed = true;
            page.link_refusal.clear();
        }
        const std::string query = page.lesson_place ? page.shown_query : address_of_screen(page);
        if (query != page.shown_query) browser::show_query(page.shown_query = query);
    }
    // The step counted from one, as a reader counts: the last of eight steps is "step 8 of 8".
    std::string title = "Scan Lab";
    if (s.trace && s.step_count())
        title += " \xC2\xB7 " + std::string(name(s.trace->trace.algorithm)) + " \xC2\xB7 step " + std::to_string(s.step + 1) + " of " +
                 std::to_string(s.step_count());
    if (title != page.shown_title) browser::set_title(page.shown_title = title);
}

void frame_callback() {
    Page& page = *g_page;
    App& app = page.app;
    // Work asked for in an earlier frame runs now, while that frame (its spinner) is on screen, in
    // an animation frame of its own: the browser handles input before the next one draws the result.
    const double job_start = emscripten_get_now();
    const bool ran_job = !page.job_ran_last && run_queued_job();
    page.job_ran_last = ran_job;
    if (ran_job) {
        page.last_job_ms = emscripten_get_now() - job_start;
        page.longest_job_ms = std::max(page.longest_job_ms, page.last_job_ms);
        page.settle.want(1);
        return;
    }
    // A GIF export under way: one piece of it (a frame drawn or encoded), then the page's own frame
    // with its progress bar, so the page never waits for more than a piece.
    if (export_running()) {
        advance_export(app);
        page.settle.want(1);
    }
    if (browser::fit_canvas(page.surface->window())) page.settle.want(2);
    const int events = browser::events_seen();
    const bool woken = events != page.events;
    page.events = events;
    // Frames are drawn only when something can have changed: an event, a finished or running job,
    // playback, a frame that has not settled yet.
    const double now = emscripten_get_now() / 1000.0;
    const bool playing_due = app.session.playing && now - page.last >= app.session.seconds_to_next_step() - 0.004;
    // Dear ImGui takes a press and its release in two frames: events left for the next frame.
    const bool input_left = !ImGui::GetCurrentContext()->InputEventsQueue.empty();
    if (!woken && !input_left && !page.settle.due() && !app.session.working() && !playing_due && !app.want_screenshot) {
        if (now - page.last_persisted > 1.0) persist(page), page.last_persisted = now;
        return;
    }
    if (woken) page.settle.woken();
    page.settle.spend();
    const double frame_start = emscripten_get_now();
    lay_out_frame(app, *page.surface, page.last > 0 ? std::min(now - page.last, 0.25) : 1.0 / 60);
    const double laid_out = emscripten_get_now();
    render_frame(*page.surface);
    page.last_frame_ms = laid_out - frame_start;
    page.longest_frame_ms = std::max(page.longest_frame_ms, page.last_frame_ms);
    page.last_gl_ms = emscripten_get_now() - laid_out;
    page.last = now;
    ++page.frames;
    item_finder::frame_drawn();
    // A pinch's Ctrl is let go once the frames have taken its wheel, so that the wheel zoomed.
    if (page.ctrl_held && ImGui::GetCurrentContext()->InputEventsQueue.empty()) {
        ImGui::GetIO().AddKeyEvent(ImGuiMod_Ctrl, false);
        page.ctrl_held = false;
    }
    if (app.want_screenshot) take_screenshot(page), page.settle.want(1);
    page.settle.drawn(ImGui::GetDrawData());
    if (app.layout_settling > 0) page.settle.want(1);  // the first layout settles at once
    browser::set_cursor(css_cursor(ImGui::GetMouseCursor()));
    show_place(page);
    if (now - page.last_persisted > 1.0) persist(page), page.last_persisted = now;
}

void refuse_file(Page& page, const std::string& path, uintmax_t bytes) {
    Session& s = page.app.session;
    s.status = "'" + std::filesystem::path(path).filename().string() + "' is " + byte_size(bytes) +
               ": the web edition opens trace files up to " + byte_size(kMaxTraceFileBytes) +
               ", as much as a page's memory holds while it reads one; open it in the desktop app. The trace on screen is unchanged.";
    s.status_failed = true;
}

// A file from the picker or dropped on the page, unless it is too large for the page to hold.
void open_file(Page& page, const std::string& path) {
    std::error_code ec;
    const uintmax_t bytes = std::filesystem::file_size(path, ec);
    if (!ec && bytes > kMaxTraceFileBytes) {
        std::filesystem::remove(path, ec);
        return refuse_file(page, path, bytes);
    }
    page.app.session.open_trace(path);
}

// The file an offline page carries (`scanlab export --format html`), opened at start as the user
// would open it: a lesson (.md) as File > Open lesson, a trace as File > Open. It is the page's
// first run, whatever the link or the last visit asked for.
void open_carried_file(Page& page, const std::string& path) {
    App& app = page.app;
    page.place.reset();
    if (path.ends_with(".md")) {
        app.session.run();  // the lesson's first slide runs its own; until then, the form's
        if (!open_lesson(app, path)) app.session.status = app.lesson.error, app.session.status_failed = true;
        return;
    }
    open_file(page, path);
}

// The link in the address bar, else the last request kept in the browser: the first run.
void start_from_link(Page& page) {
    App& app = page.app;
    const std::string query = browser::query();
    page.shown_query = query;  // the address as it was opened: rewritten once it names another screen
    if (query.empty()) return;
    page.had_link = true;
    try {
        const RunLink link = parse_run_link(query);
        if (link.lesson) {
            page.lesson_link = link.lesson;
            page.lesson_place = link.place;
            app.layout.presentation = link.place.present;
            return;
        }
        // A page reads no file of the computer it runs on by its name ("-" asked the browser for a
        // line of input, /dev/urandom held the page): a file opens through File > Open.
        if (link.spec.input.source == InputSpec::Source::file)
            throw UsageError(
                "input-file is not a link parameter in a browser, which reads no file by its name: open a trace file with "
                "File > Open (Ctrl+O), or give the values in the link (input=3,1,4)");
        const size_t limit = app.session.form.request.max_trace_bytes;
        static_cast<RunSpec&>(app.session.form) = link.spec;
        app.session.form.request.max_trace_bytes = limit;
        if (link.place.compare) app.session.form.compare_algorithm = *link.place.compare;
        app.layout.presentation = link.place.present;
        app.layout.tab = Tab(link.place.view);
        page.place = link.place;
    } catch (const ScanError& e) {
        // A bad link: said in a sentence, and Figure 9.10 as the app starts.
        static_cast<RunSpec&>(app.session.form) = static_cast<const RunSpec&>(Form{});
        // After the colon the refusal keeps its first word as written: a link's key (section=0) is
        // named as the address spells it, never capitalised into another word.
        std::string why = e.what();
        if (!why.empty() && why.back() != '.') why += '.';
        page.link_refusal = "This link could not be opened: " + why + " Showing Figure 9.10 instead.";
    }
}

// A lesson link's lesson, opened at its slide; false, with the sentence said, where it cannot be (an
// unknown lesson: Figure 9.10 shows; a slide past the end: the first slide).
bool open_linked_lesson(Page& page) {
    if (!page.lesson_link) return false;
    App& app = page.app;
    const std::string name = page.lesson_link->name;
    const std::vector<std::string> shipped = shipped_lessons();
    const std::string path = std::string(SCANLAB_LESSONS) + "/" + name + ".md";
    if (std::find(shipped.begin(), shipped.end(), path) == shipped.end() || !app.lesson.open(path)) {
        std::string names;
        for (size_t i = 0; i < shipped.size(); ++i)
            names += (i == 0 ? "" : i + 1 == shipped.size() ? " and " : ", ") + std::filesystem::path(shipped[i]).stem().string();
        const std::string why =
            app.lesson.error.empty() ? "there is no lesson '" + name + "' in this page, which carries " + names : app.lesson.error;
        page.link_refusal = "This link could not be opened: " + as_sentence(why) + " Showing Figure 9.10 instead.";
        static_cast<RunSpec&>(app.session.form) = static_cast<const RunSpec&>(Form{});
        app.lesson.error.clear();
        page.lesson_link.reset();
        page.lesson_place.reset();
        return false;
    }
    size_t slide = page.lesson_link->slide;
    if (slide > app.lesson.slides.size()) {
        page.link_refusal = "This link's slide " + std::to_string(slide) + " is past the end: the lesson " + name + " has slides 1 to " +
                            std::to_string(app.lesson.slides.size()) + ". Showing slide 1.";
        slide = 1;
        page.lesson_place.reset();
    }
    app.show_lesson = true;
    app.lesson.go(slide - 1, app.session);
    return true;
}

// The student's progress through each lesson, kept in the browser's storage.
void keep_lesson_progress_in_storage(LessonPlayer& lesson) {
    lesson.kept_progress = [](const std::string& file) { return browser::stored("scanlab/lessons/" + file + ".progress"); };
    lesson.keep_progress = [](const std::string& file, const std::string& text) {
        browser::store("scanlab/lessons/" + file + ".progress", text);
        return std::string();
    };
}

}  // namespace

// The page's JavaScript calls these (browser.cpp, the tests).
extern "C" {

EMSCRIPTEN_KEEPALIVE void scanlab_open_file(const char* path) {
    if (g_page) open_file(*g_page, path);
}

// The picker's file is read only under this size (browser.cpp); over it, only named.
EMSCRIPTEN_KEEPALIVE double scanlab_max_trace_file_bytes() { return double(kMaxTraceFileBytes); }
EMSCRIPTEN_KEEPALIVE void scanlab_refuse_file(const char* path, double bytes) {
    if (g_page) refuse_file(*g_page, path, uintmax_t(bytes));
}

// Touch and pinch (browser.cpp): where the finger is, in CSS pixels, before GLFW's press.
EMSCRIPTEN_KEEPALIVE void scanlab_touch_at(double x, double y) { ImGui::GetIO().AddMousePosEvent(float(x), float(y)); }

// A touch that became a scroll or a pinch: its press is let go away from every item, so it clicks nothing.
EMSCRIPTEN_KEEPALIVE void scanlab_touch_cancel() {
    ImGuiIO& io = ImGui::GetIO();
    io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
    io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
}

// A finger dragged by (dx, dy) CSS pixels at (x, y): the wheel that moves what is under it as far
// (Dear ImGui scrolls five lines of text a wheel step).
EMSCRIPTEN_KEEPALIVE void scanlab_touch_scroll(double x, double y, double dx, double dy) {
    ImGuiIO& io = ImGui::GetIO();
    const double step = 5.0 * std::max(ImGui::GetFontSize(), 1.0f);
    io.AddMousePosEvent(float(x), float(y));
    io.AddMouseWheelEvent(float(dx / step), float(dy / step));
}

// Ctrl, held until the wheel that follows has been taken: a pinch zooms as Ctrl+wheel does.
EMSCRIPTEN_KEEPALIVE void scanlab_hold_ctrl() {
    if (!g_page || g_page->ctrl_held) return;
    ImGui::GetIO().AddKeyEvent(ImGuiMod_Ctrl, true);
    g_page->ctrl_held = true;
}

// Two fingers spread apart (log_ratio > 0) or pinched about (x, y): the array view's Ctrl+wheel
// zoom, one wheel step for each 15 % (array_view.cpp's step).
EMSCRIPTEN_KEEPALIVE void scanlab_touch_zoom(double x, double y, double log_ratio) {
    ImGuiIO& io = ImGui::GetIO();
    io.AddMousePosEvent(float(x), float(y));
    scanlab_hold_ctrl();
    io.AddMouseWheelEvent(0, float(log_ratio / std::log(1.15)));
}

EMSCRIPTEN_KEEPALIVE void scanlab_paste(const char* text) {
    if (g_page) g_page->clipboard = text;
}

EMSCRIPTEN_KEEPALIVE void scanlab_persist() {
    if (g_page) {
        ImGui::GetIO().WantSaveIniSettings = true;
        persist(*g_page);
    }
}

// The rectangle of the frontmost item labelled `label` in the last frame, as JSON in CSS pixels, or
// "null" (until a frame has drawn it: asking draws frames). The browser tests click what this finds.
EMSCRIPTEN_KEEPALIVE const char* scanlab_item_rect(const char* label) {
    static std::string json;
    if (!g_page) return "null";
    item_finder::look_for(label ? label : "");
    g_page->settle.want(1);
    json = item_finder::found_json();
    return json.c_str();
}

// The text the windows named `window` drew in the last frame, a line each, as read back from the
// glyphs drawn (surface/drawn_text.hpp): the browser tests read a slide's prose as the student sees it.
EMSCRIPTEN_KEEPALIVE const char* scanlab_drawn_text(const char* window) {
    static std::string text;
    text = drawn_text(ImGui::GetDrawData(), window ? window : "");
    return text.c_str();
}

// The page's limits, as JSON: the browser tests ask for the largest run of each kind the page allows.
EMSCRIPTEN_KEEPALIVE const char* scanlab_limits() {
    static std::string json;
    json = "{\"max_trace_bytes\": " + std::to_string(kAppMaxTraceBytes) +
           ", \"max_trace_file_bytes\": " + std::to_string(kMaxTraceFileBytes) +
           ", \"sampled_max_n\": " + std::to_string(kEmulatedTraceMaxN) + "}";
    return json.c_str();
}

// Starts the page's longest job and frame afresh (the browser tests time one job at a time).
EMSCRIPTEN_KEEPALIVE void scanlab_clear_timings() {
    if (g_page) g_page->longest_job_ms = g_page->longest_frame_ms = 0;
}

// Where the page stands, as JSON: {"step": 3, "steps": 9, "algorithm": "hierarchical", ...}.
EMSCRIPTEN_KEEPALIVE const char* scanlab_state() {
    static std::string json;
    if (!g_page) return "{}";
    const App& app = g_page->app;
    const Session& s = app.session;
    std::ostringstream o;
    o << "{\"step\": " << s.step << ", \"steps\": " << s.step_count() << ", \"n\": " << (s.trace ? size_of(s.trace->trace.input) : 0)
      << ", \"algorithm\": ";
    json_text::quoted(o, s.trace ? std::string(name(s.trace->trace.algorithm)) : "");
    o << ", \"presenting\": " << (app.layout.presentation ? "true" : "false") << ", \"tab\": " << int(app.layout.tab)
      << ", \"busy\": " << (s.working() ? "true" : "false") << ", \"frames\": " << g_page->frames
      << ", \"exercise\": " << s.exercises.selected << ", \"cell_width\": " << app.layout.cell_width
      << ", \"last_job_ms\": " << g_page->last_job_ms << ", \"longest_job_ms\": " << g_page->longest_job_ms
      << ", \"last_frame_ms\": " << g_page->last_frame_ms << ", \"longest_frame_ms\": " << g_page->longest_frame_ms
      << ", \"export_running\": " << (export_progress().running ? "true" : "false")
      << ", \"export_done\": " << export_progress().frames_done << ", \"longest_export_piece_ms\": " << longest_export_piece_ms()
      << ", \"export_pieces\": " << export_piece_times() << ", \"lesson_slide\": " << (app.lesson.is_open() ? app.lesson.slide + 1 : 0)
      << ", \"last_gl_ms\": " << g_page->last_gl_ms << ", \"status\": ";
    json_text::quoted(o, s.status);
    o << ", \"error\": ";
    json_text::quoted(o, s.error);
    o << ", \"origin\": ";
    json_text::quoted(o, s.trace ? s.trace->origin : "");
    // The lesson open: its name, the slide (from 1), the score and the slide's checkpoint's tries.
    const LessonPlayer& l = app.lesson;
    o << ", \"lesson\": ";
    json_text::quoted(o, l.name());
    if (l.is_open()) {
        const auto& r = l.progress->slides[l.slide];
        o << ", \"slide\": " << l.slide + 1 << ", \"slides\": " << l.slides.size() << ", \"score\": " << l.progress->right()
          << ", \"tries\": " << (r ? r->tries : 0) << ", \"right\": " << (r && r->right ? "true" : "false")
          << ", \"slide_shown\": " << (l.slide_shown(s) ? "true" : "false");
    }
    o << "}";
    json = o.str();
    return json.c_str();
}

}  // extern "C"

int main() {
    static Page page;
    g_page = &page;
    App& app = page.app;
    // Settings from browser storage: what was clamped or dropped is said, never fatal.
    page.stored_settings = browser::stored(kSettingsKey);
    page.settings = parse_settings(page.stored_settings);
    app.session.form = page.settings.form;
    page.shown_form = page.stored_form = page.settings.form;  // kept in storage until a run of another form is on screen
    app.session.steps_per_second = page.settings.steps_per_second;
    app.layout = page.settings.layout;
    app.tab_request = app.layout.tab;
    for (const std::string& note : page.settings.notes) app.session.status += (app.session.status.empty() ? "" : "; ") + note;
    start_from_link(page);

    std::string why;
    page.surface = GlSurface::open_window(1280, 720, why);
    if (!page.surface) return fail(why);
    GLFWwindow* w = page.surface->window();
    browser::install(w);
    browser::fit_canvas(w);
    glfwSetDropCallback(w, [](GLFWwindow*, int count, const char** paths) {
        if (count > 0) open_file(*g_page, paths[0]);
    });
    if (why = init_imgui(app, *page.surface); !why.empty()) return fail(why);  // no config_dir: storage below
    // Dear ImGui's wheel for emscripten's GLFW, whose own drops small steps (a trackpad's) and
    // reached no panel here; its canvas sizing gives way to the page's (browser.cpp).
    ImGui_ImplGlfw_InstallEmscriptenCallbacks(w, "#canvas");
    browser::fit_canvas(w);
    ImGui::LoadIniSettingsFromMemory(browser::stored(kLayoutKey).c_str());
    // The clipboard: the text pasted into the page, and copies to the system's.
    ImGuiPlatformIO& pio = ImGui::GetPlatformIO();
    pio.Platform_GetClipboardTextFn = [](ImGuiContext*) -> const char* { return g_page->clipboard.c_str(); };
    pio.Platform_SetClipboardTextFn = [](ImGuiContext*, const char* text) {
        g_page->clipboard = text ? text : "";
        browser::copy_to_clipboard(g_page->clipboard.c_str());
    };
    app.session.load_fig910();
    keep_lesson_progress_in_storage(app.lesson);
    // An offline page that carries a trace or a lesson opens it as File > Open would; else the link's run.
    if (const std::string carried = browser::carried_file(); !carried.empty())
        open_carried_file(page, carried);
    else if (!open_linked_lesson(page))
        app.session.run();
    emscripten_set_main_loop(frame_callback, 0, false);
    return 0;
}
