#pragma once
// `scanlab export` (= `scanlab-app --export`): a run as an animated GIF or an MP4 video (one frame
// per step, drawn off screen by the views `scanlab shot` draws), or one of its figures as an SVG.
// The run, the view, the size and presenting are the shot's words, parsed by the shot's parser;
// these are the export's own, and the limits every front end states.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/gui/modes/shot_options.hpp"

namespace scanlab::gui {

enum class ExportFormat { gif, mp4, svg };
const char* format_name(ExportFormat f);

// The limits of an animation, said in the usage, the docs and the refusals: every frame is drawn
// by the views (a tenth of a second or more each on a CPU renderer), so a run of thousands of steps
// is refused with the range that would fit rather than left drawing for hours.
inline constexpr size_t kMaxAnimationFrames = 300;
// And at most this many pixels in all (frames times width times height: 300 frames of 1920x1080
// are 622 million), so that the file, kept in memory until it is saved whole, stays a few hundred MB at most.
inline constexpr int64_t kMaxAnimationPixels = int64_t(1) << 31;
inline constexpr int kMinFrameMs = 20, kMaxFrameMs = 10000;  // browsers draw GIF delays under 20 ms at 100 ms
inline constexpr int kDefaultFrameMs = 800;

// The sizes the app's and the page's dialogs offer (the command line takes any WxH in range).
struct AnimationSize {
    const char* name;
    int w, h;
};
inline constexpr AnimationSize kAnimationSizes[] = {
    {"1280x720 (a projector, 720p)", 1280, 720}, {"1920x1080 (1080p)", 1920, 1080}, {"960x540 (small)", 960, 540}};

struct ExportOptions {
    ShotOptions shot;  // the run, --view, --size, --presentation, --banner, --out; --step: the SVG's step
    bool step_given = false;
    ExportFormat format = ExportFormat::gif;
    size_t first = 0;  // --steps A..B: the steps drawn, one frame each
    size_t last = 0;
    bool to_last = true;  // B is 'last' (or no --steps): to the trace's last step
    int frame_ms = kDefaultFrameMs;  // --frame-ms: how long each step is shown
};

// Throws ScanError with a sentence naming the bad word.
ExportOptions parse_export_options(const std::vector<std::string>& args);

// The range's last step for a trace of `steps` steps, or the sentence refusing the range.
std::string resolve_step_range(ExportOptions& o, size_t steps);

std::string export_usage();

}  // namespace scanlab::gui
