#include "settings.hpp"

#include "../../../core/atomic_file.hpp"
#include "../../../core/error.hpp"

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace scanlab::gui {
namespace {

template <class T>
bool number(const std::string& s, T& out) {
    T v{};
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return false;
    out = v;
    return true;
}

// Text values may hold anything but a newline; the input text keeps its line breaks escaped.
std::string escape(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '\\') o += "\\\\";
        else if (c == '\n') o += "\\n";
        else if (c != '\r') o += c;
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

std::string_view source_name(InputSource s) {
    return s == InputSource::preset ? "preset" : s == InputSource::text ? "text" : "random";
}
std::string_view backend_name(BackendChoice b) {
    return b == BackendChoice::cpu ? "cpu" : b == BackendChoice::gpu ? "gpu" : "auto";
}

}  // namespace

std::string config_dir() {
    std::filesystem::path dir;
    if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) dir = std::filesystem::path(x) / "scanlab";
    else if (const char* h = std::getenv("HOME"); h && *h) dir = std::filesystem::path(h) / ".config" / "scanlab";
    else return "";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    return ec ? "" : dir.string();
}

std::string settings_text(const Settings& s) {
    const Form& f = s.form;
    const Layout& l = s.layout;
    std::ostringstream o;
    o << "# Scan Lab settings, rewritten when the app closes\n"
      << "algorithm=" << name(f.request.algorithm) << "\n"
      << "block_algorithm=" << name(f.request.block_algorithm) << "\n"
      << "compare_algorithm=" << name(f.compare_algorithm) << "\n"
      << "op=" << name(f.request.op) << "\n"
      << "type=" << name(f.request.type) << "\n"
      << "exclusive=" << (f.request.exclusive ? 1 : 0) << "\n"
      << "section=" << f.request.section << "\n"
      << "warp_width=" << f.request.warp_width << "\n"
      << "schedule=" << f.request.schedule.text() << "\n"
      << "backend=" << backend_name(f.backend) << "\n"
      << "source=" << source_name(f.input.source) << "\n"
      << "preset=" << escape(f.input.preset) << "\n"
      << "text=" << escape(f.input.text) << "\n"
      << "random_n=" << f.input.random_n << "\n"
      << "seed=" << f.input.seed << "\n"
      << "steps_per_second=" << s.steps_per_second << "\n"
      << "presentation=" << (l.presentation ? 1 : 0) << "\n"
      << "show_controls=" << (l.show_controls ? 1 : 0) << "\n"
      << "controls_width=" << l.controls_width << "\n"
      << "figure_width=" << l.figure_width << "\n"
      << "cell_width=" << l.cell_width << "\n"
      << "tab=" << l.tab << "\n"
      << "window_width=" << l.window_width << "\n"
      << "window_height=" << l.window_height << "\n";
    return o.str();
}

Settings parse_settings(const std::string& text) {
    Settings s;
    Form& f = s.form;
    Layout& l = s.layout;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const size_t eq = line.find('=');
        if (line.empty() || line[0] == '#' || eq == std::string::npos) continue;
        const std::string k = line.substr(0, eq), v = line.substr(eq + 1);
        int i = 0;
        float x = 0;
        if (k == "algorithm") { if (auto a = parse_algorithm(v)) f.request.algorithm = *a; }
        else if (k == "block_algorithm") { if (auto a = parse_algorithm(v); a && (*a == Algorithm::kogge_stone || *a == Algorithm::brent_kung)) f.request.block_algorithm = *a; }
        else if (k == "compare_algorithm") { if (auto a = parse_algorithm(v)) f.compare_algorithm = *a; }
        else if (k == "op") { if (auto o = parse_op(v)) f.request.op = *o; }
        else if (k == "type") { if (auto t = parse_type(v)) f.request.type = *t; }
        else if (k == "exclusive") f.request.exclusive = v == "1";
        else if (k == "section") { if (number(v, i) && i >= 0) f.request.section = i; }
        else if (k == "warp_width") { if (number(v, i) && i > 0) f.request.warp_width = i; }
        else if (k == "schedule") { if (auto sc = parse_schedule(v)) f.request.schedule = *sc; }
        else if (k == "backend") { if (auto b = parse_backend_choice(v)) f.backend = *b; }
        else if (k == "source") f.input.source = v == "text" ? InputSource::text : v == "random" ? InputSource::random : InputSource::preset;
        else if (k == "preset") f.input.preset = unescape(v);
        else if (k == "text") f.input.text = unescape(v);
        else if (k == "random_n") number(v, f.input.random_n);
        else if (k == "seed") number(v, f.input.seed);
        else if (k == "steps_per_second") { if (number(v, x) && x > 0) s.steps_per_second = x; }
        else if (k == "presentation") l.presentation = v == "1";
        else if (k == "show_controls") l.show_controls = v == "1";
        else if (k == "controls_width") { if (number(v, x) && x >= 150) l.controls_width = x; }
        else if (k == "figure_width") { if (number(v, x) && x >= 150) l.figure_width = x; }
        else if (k == "cell_width") { if (number(v, x) && x >= 2 && x <= 200) l.cell_width = x; }
        else if (k == "tab") { if (number(v, i) && i >= 0 && i < 4) l.tab = i; }
        else if (k == "window_width") { if (number(v, i) && i >= 320) l.window_width = i; }
        else if (k == "window_height") { if (number(v, i) && i >= 240) l.window_height = i; }
    }
    return s;
}

Settings load_settings(const std::string& path) {
    std::ifstream in(path);
    if (!in) return Settings{};
    std::stringstream buf;
    buf << in.rdbuf();
    return parse_settings(buf.str());
}

bool save_settings(const std::string& path, const Settings& s) {
    try {
        save_file_atomically(path, "the settings", [&](std::ostream& out) { out << settings_text(s); });
        return true;
    } catch (const ScanError&) {
        return false;
    }
}

}  // namespace scanlab::gui
