#include "app/gui/export/export_options.hpp"

#include "core/error.hpp"
#include "core/number_text.hpp"

namespace scanlab::gui {
namespace {

ExportFormat parse_format(const std::string& v) {
    if (v == "gif") return ExportFormat::gif;
    if (v == "mp4") return ExportFormat::mp4;
    if (v == "svg") return ExportFormat::svg;
    throw ScanError("unknown format " + quoted_word(v) + " for export; choose gif, mp4, svg or html");
}

bool ends_with(const std::string& s, const std::string& end) {
    return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// "3..7", "0..last", "5": the steps of the range.
void parse_steps(const std::string& v, ExportOptions& o) {
    const size_t dots = v.find("..");
    const std::string a = dots == std::string::npos ? v : v.substr(0, dots);
    const std::string b = dots == std::string::npos ? v : v.substr(dots + 2);
    o.to_last = b == "last";
    if (!parse_number_into(a, o.first) || (!o.to_last && !parse_number_into(b, o.last)) || (!o.to_last && o.last < o.first))
        throw ScanError("--steps expects a range of step numbers A..B (B may be 'last', and not before A), got " + quoted_word(v));
}

}  // namespace

const char* format_name(ExportFormat f) {
    switch (f) {
        case ExportFormat::gif: return "GIF";
        case ExportFormat::mp4: return "MP4";
        case ExportFormat::svg: return "SVG";
    }
    return "";
}

std::string export_usage() {
    return "usage: scanlab export --format gif|mp4|svg --algo ALGO INPUT [OPTIONS] --out FILE\n"
           "                      [--steps A..B] [--frame-ms MS] [--size WxH] [--view VIEW] [--presentation] [--banner]\n"
           "  INPUT and OPTIONS as for scanlab trace; VIEW, --size, --presentation, --banner, --zoom as for scanlab shot.\n"
           "  gif, mp4: one frame per step of A..B (step numbers of `scanlab trace`; B may be 'last'; default\n"
           "  every step), each shown MS milliseconds (default 800, from 20 to 10000; a GIF keeps hundredths of\n"
           "  a second), drawn off screen by the views of scanlab shot. At most 300 frames, and 2,147 million\n"
           "  pixels in all (frames x width x height). A GIF's colours are each frame's own (giflib); an MP4\n"
           "  is H.264 made by the ffmpeg program, with an even width and height.\n"
           "  svg: a figure drawn as vectors with its values as text: --view diagram (default; the step\n"
           "  diagram of Figures 9.1 and 9.5, --step K highlighted), array (the array view at --step K,\n"
           "  default the last) or fig9.10 (Figure 9.10's rows as of --step K, default the last).\n"
           "  The format may be left to FILE's ending (.gif, .mp4, .svg). The file is written whole or not at all.\n"
           "usage: scanlab export --format html --trace F.json|--lesson F.md --out F.html [--page P]\n"
           "  html: the offline page (the web edition as one file) carrying the trace or the lesson, which it\n"
           "  opens at start; it opens from file:// with no network. A trace of at most 64 MiB (the\n"
           "  page's limit). P: the offline page built by `cmake --build build-web --target scanlab-offline`\n"
           "  (default build-web/offline/scanlab-offline.html of the source tree, or $SCANLAB_OFFLINE_PAGE).\n";
}

ExportOptions parse_export_options(const std::vector<std::string>& args) {
    ExportOptions o;
    bool format_given = false;
    o.shot = parse_shot_options(
        args,
        [&](const std::string& a, const auto& value) {
            if (a == "--format") {
                o.format = parse_format(value());
                format_given = true;
            } else if (a == "--steps") {
                parse_steps(value(), o);
            } else if (a == "--frame-ms") {
                const std::string& v = value();
                if (!parse_number_into(v, o.frame_ms) || o.frame_ms < kMinFrameMs || o.frame_ms > kMaxFrameMs)
                    throw ScanError("--frame-ms expects milliseconds per step from " + std::to_string(kMinFrameMs) + " to " +
                                    std::to_string(kMaxFrameMs) + ", got " + quoted_word(v));
            } else {
                return false;
            }
            return true;
        },
        "export");
    for (const std::string& a : args) o.step_given = o.step_given || a == "--step";
    if (!format_given) {
        const std::string& out = o.shot.out;
        if (ends_with(out, ".gif"))
            o.format = ExportFormat::gif;
        else if (ends_with(out, ".mp4"))
            o.format = ExportFormat::mp4;
        else if (ends_with(out, ".svg"))
            o.format = ExportFormat::svg;
        else
            throw ScanError("export needs --format gif, mp4, svg or html (or an --out ending in .gif, .mp4, .svg or .html)");
    }
    if (o.format != ExportFormat::svg && o.step_given)
        throw ScanError("--step chooses an SVG figure's step; an animation's steps are --steps A..B (e.g. --steps 3..3 for one)");
    if (o.format == ExportFormat::svg && o.shot.view != View::window && o.shot.view != View::diagram && o.shot.view != View::array &&
        o.shot.view != View::fig910)
        throw ScanError("an SVG figure is the step diagram, the array view or Figure 9.10: give --view diagram, array or fig9.10");
    if (o.format == ExportFormat::mp4 && (o.shot.width % 2 || o.shot.height % 2))
        throw ScanError("an MP4 needs an even width and height (H.264 halves the colour's resolution), got --size " +
                        std::to_string(o.shot.width) + "x" + std::to_string(o.shot.height));
    return o;
}

std::string resolve_step_range(ExportOptions& o, size_t steps) {
    if (steps == 0) return "this trace has no steps to draw";
    if (o.to_last) o.last = steps - 1;
    if (o.first >= steps || o.last >= steps)
        return "--steps " + std::to_string(o.first) + ".." + std::to_string(o.last) + " goes past the last step of this trace (#" +
               std::to_string(steps - 1) + "; see scanlab trace for the numbered steps)";
    const size_t frames = o.last - o.first + 1;
    if (frames > kMaxAnimationFrames)
        return "an animation holds at most " + std::to_string(kMaxAnimationFrames) + " steps, and " + std::to_string(o.first) + ".." +
               std::to_string(o.last) + " is " + std::to_string(frames) + "; choose a range with --steps, e.g. --steps " +
               std::to_string(o.first) + ".." + std::to_string(o.first + kMaxAnimationFrames - 1);
    const int64_t pixels = int64_t(frames) * o.shot.width * o.shot.height;
    if (pixels > kMaxAnimationPixels) {
        const int64_t fit = kMaxAnimationPixels / (int64_t(o.shot.width) * o.shot.height);
        return "an animation holds at most " + std::to_string(kMaxAnimationPixels / 1000000) + " million pixels in all, and " +
               std::to_string(frames) + " frames of " + std::to_string(o.shot.width) + "x" + std::to_string(o.shot.height) + " are " +
               std::to_string(pixels / 1000000) + " million; choose a smaller --size or at most " + std::to_string(fit) + " steps";
    }
    return "";
}

}  // namespace scanlab::gui
