#include "app/gui/model/settings.hpp"

#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/input/run_options.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"
#include "core/whole_number.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace scanlab::gui {
namespace {

// Text values may hold anything but a newline; the input text keeps its line breaks escaped.
std::string escape(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '\\')
            o += "\\\\";
        else if (c == '\n')
            o += "\\n";
        else if (c != '\r')
            o += c;
    }
    return o;
}
std::string unescape(const std::string& s) {
    std::string o;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            o += s[i + 1] == 'n' ? '\n' : s[i + 1];
            ++i;
        } else {
            o += s[i];
        }
    }
    return o;
}

}  // namespace

std::string config_dir() {
    std::filesystem::path dir;
    if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x)
        dir = std::filesystem::path(x) / "scanlab";
    else if (const char* h = std::getenv("HOME"); h && *h)
        dir = std::filesystem::path(h) / ".config" / "scanlab";
    else
        return "";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    return ec ? "" : dir.string();
}

namespace {
std::string answers_text(uint32_t bits) {
    std::string s;
    for (int i = 1; i < 32; ++i)
        if (bits >> i & 1) s += (s.empty() ? "" : ",") + std::to_string(i);
    return s;
}
}  // namespace

std::string settings_text(const Settings& s) {
    const Form& f = s.form;
    const Layout& l = s.layout;
    std::ostringstream o;
    o << "# Scan Lab settings, rewritten when the app closes\n";
    // The run's options the app keeps, as the table of run options names them, each input's value
    // whether or not the run reads it. A typed input too long to keep is kept as a fresh start's:
    // the next start opens on the preset rather than on an empty text box.
    RunSpec kept = f;
    if (const size_t typed = f.input.text.size() + f.input.flags.size(); typed > kMaxKeptInputChars) {
        o << "# the typed input (" << typed << " characters) is too long to keep here\n";
        const Form fresh;
        kept.input.text = fresh.input.text;
        kept.input.flags = fresh.input.flags;
        if (kept.input.source == InputSource::text) kept.input.source = InputSource::preset;
    }
    // The app keeps no file's path: a run on one starts again on the preset.
    if (kept.input.source == InputSource::file) kept.input.source = InputSource::preset;
    o << kInputSourceSettingsKey << "=" << source_word(kept.input.source) << "\n";
    for (const RunOption& option : run_options())
        if (!option.settings_key.empty()) o << option.settings_key << "=" << escape(option.kept(kept)) << "\n";
    o << "compare_algorithm=" << name(f.compare_algorithm) << "\n"
      << "steps_per_second=" << s.steps_per_second << "\n"
      << "presentation=" << (l.presentation ? 1 : 0) << "\n"
      << "show_controls=" << (l.show_controls ? 1 : 0) << "\n"
      << "show_fig910=" << (l.show_fig910 ? 1 : 0) << "\n"
      << "show_source=" << (l.show_source ? 1 : 0) << "\n"
      << "show_explain=" << (l.show_explain ? 1 : 0) << "\n"
      << "show_exercises=" << (l.show_exercises ? 1 : 0) << "\n"
      << "show_your_kernel=" << (l.show_your_kernel ? 1 : 0) << "\n"
      << "your_kernel_room=" << (l.your_kernel_room ? 1 : 0) << "\n"
      << "font_scale=" << l.font_scale << "\n"
      << "presentation_font_scale=" << l.presentation_font_scale << "\n"
      << "controls_width=" << l.controls_width << "\n"
      << "figure_width=" << l.figure_width << "\n"
      << "cell_width=" << l.cell_width << "\n"
      << "tab=" << int(l.tab) << "\n"
      << "answers_shown=" << answers_text(l.answers_shown) << "\n";
    // Never opened (0): the next start sizes the window from the monitor again.
    if (l.window_width > 0 && l.window_height > 0)
        o << "window_width=" << l.window_width << "\n"
          << "window_height=" << l.window_height << "\n";
    return o.str();
}

namespace {

// A setting outside what the app can use is clamped into range, or dropped, with a note; it is
// never fatal, and what is saved back is the value in use.
class Reader {
public:
    explicit Reader(std::vector<std::string>& notes) : notes_(notes) {}

    // False: not a number, dropped with a note.
    template <class T>
    bool clamped(const std::string& k, const std::string& v, T& out, T lo, T hi) {
        T x{};
        if (!parse_number_into(v, x) || !(x == x)) return drop(k, v), false;  // x == x: NaN is no setting
        if (x < lo || x > hi) {
            const T c = x < lo ? lo : hi;
            note(k + " " + v + " is outside " + text(lo) + ".." + text(hi) + "; using " + text(c));
            x = c;
        }
        out = x;
        return true;
    }
    void drop(const std::string& k, const std::string& v) {
        note(k + " " + quoted_word(v) + " is not a value it takes; using the default");
    }
    void note(const std::string& what) { notes_.push_back("settings.ini: " + what); }

private:
    template <class T>
    static std::string text(T x) {
        if constexpr (std::is_floating_point_v<T>) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", double(x));
            return buf;
        } else {
            return std::to_string(x);
        }
    }
    std::vector<std::string>& notes_;
};

// "4,5": the exercises whose answers are shown, as the settings file keeps them; false: not such a list.
bool parse_answers(const std::string& v, uint32_t& out) {
    uint32_t bits = 0;
    std::istringstream in(v);
    for (std::string n; std::getline(in, n, ',');) {
        int i = 0;
        if (!parse_number_into(n, i) || i < 1 || i > 31) return false;
        bits |= uint32_t(1) << i;
    }
    out = bits;
    return true;
}

// The row of the table of run options that settings.ini keeps under `key`, or nullptr.
const RunOption* settings_option(const std::string& key) {
    for (const RunOption& option : run_options())
        if (!option.settings_key.empty() && option.settings_key == key) return &option;
    return nullptr;
}

// A run option's value from settings.ini: a whole number outside the row's range is clamped into it
// with a note; a value the row does not take is dropped with one.
void read_run_option(const RunOption& option, const std::string& v, RunSpec& f, Reader& r) {
    const std::string k(option.settings_key);
    if (option.least < option.most) {
        int64_t x = 0;
        if (!r.clamped<int64_t>(k, v, x, option.least, option.most)) return;
        if (!option.read_setting(f, std::to_string(x))) r.drop(k, v);
        return;
    }
    if (!option.read_setting(f, v)) r.drop(k, v);
}

}  // namespace

Settings parse_settings(const std::string& text) {
    Settings s;
    Form& f = s.form;
    Layout& l = s.layout;
    Reader r(s.notes);
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();  // written on Windows
        const size_t eq = line.find('=');
        if (line.empty() || line[0] == '#') continue;
        if (eq == std::string::npos) {
            r.note("the line " + quoted_word(line) + " is not key=value; skipped");
            continue;
        }
        const std::string k = line.substr(0, eq), v = line.substr(eq + 1);
        int i = 0;
        if (const RunOption* option = settings_option(k)) {
            read_run_option(*option, unescape(v), f, r);
        } else if (k == "compare_algorithm") {
            if (auto a = parse_algorithm(v))
                f.compare_algorithm = *a;
            else
                r.drop(k, v);
        } else if (k == kInputSourceSettingsKey) {
            // A file's path is not kept, so neither is a run on one.
            const std::optional<InputSource> source = parse_source_word(v);
            f.input.source = source && *source != InputSource::file ? *source : InputSource::preset;
        } else if (k == "steps_per_second")
            r.clamped(k, v, s.steps_per_second, 0.1f, 60.0f);
        else if (k == "presentation")
            l.presentation = v == "1";
        else if (k == "show_controls")
            l.show_controls = v == "1";
        else if (k == "show_fig910")
            l.show_fig910 = v == "1";
        else if (k == "show_source")
            l.show_source = v == "1";
        else if (k == "show_explain")
            l.show_explain = v == "1";
        else if (k == "show_exercises")
            l.show_exercises = v == "1";
        else if (k == "show_your_kernel")
            l.show_your_kernel = v == "1";
        else if (k == "your_kernel_room")
            l.your_kernel_room = v == "1";
        else if (k == "font_scale")
            r.clamped(k, v, l.font_scale, 0.5f, 3.0f);
        else if (k == "presentation_font_scale")
            r.clamped(k, v, l.presentation_font_scale, 0.5f, 3.0f);
        else if (k == "controls_width")
            r.clamped(k, v, l.controls_width, 150.0f, 2000.0f);
        else if (k == "figure_width")
            r.clamped(k, v, l.figure_width, 150.0f, 2000.0f);
        else if (k == "cell_width")
            r.clamped(k, v, l.cell_width, 2.0f, 200.0f);
        else if (k == "answers_shown") {
            if (!parse_answers(v, l.answers_shown)) r.drop(k, v);
        } else if (k == "tab") {
            if (parse_number_into(v, i) && i >= 0 && i < int(std::size(kTabs)))
                l.tab = Tab(i);
            else
                r.drop(k, v);
        }
        // 8K is the largest window a projector or monitor shows; a larger one only costs memory.
        else if (k == "window_width")
            r.clamped(k, v, l.window_width, kMinWindowWidth, kMaxWindowWidth);
        else if (k == "window_height")
            r.clamped(k, v, l.window_height, kMinWindowHeight, kMaxWindowHeight);
        else
            r.note("unknown setting " + quoted_word(k) + " skipped");
    }
    return s;
}

SmallFile read_small_file(const std::string& path, long max_bytes) {
    // Only a regular file of sensible size is read: a device (/dev/zero) or a named pipe would
    // never end, or never start.
    SmallFile f;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno == ENOENT) return f;  // the first start: nothing kept yet
        f.problem = std::string("opening it failed: ") + std::strerror(errno);
        return f;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        f.problem = "it is not a regular file";
    } else if (st.st_size > max_bytes) {
        f.problem = "it is " + std::to_string(st.st_size) + " bytes, more than it takes";
    } else {
        f.text.resize(size_t(st.st_size));
        size_t got = 0;
        while (got < f.text.size()) {
            const ssize_t n = ::read(fd, f.text.data() + got, f.text.size() - got);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                f.problem = n < 0 ? std::string("reading it failed: ") + std::strerror(errno) : "it shrank while read";
                break;
            }
            got += size_t(n);
        }
    }
    ::close(fd);
    if (!f.problem.empty())
        f.text.clear();
    else
        f.exists = true;
    return f;
}

Settings load_settings(const std::string& path) {
    const SmallFile file = read_small_file(path, kMaxSettingsBytes);
    if (!file.problem.empty()) {
        Settings s;
        s.notes.push_back("settings.ini: " + file.problem + "; using the defaults, and leaving the file as it is");
        s.keep_file = true;
        return s;
    }
    return parse_settings(file.text);
}

bool save_settings(const std::string& path, const Settings& s) {
    if (s.keep_file) return true;
    try {
        save_file_atomically(path, "the settings", [&](std::ostream& out) { out << settings_text(s); });
        return true;
    } catch (const ScanError&) {
        return false;
    }
}

}  // namespace scanlab::gui
