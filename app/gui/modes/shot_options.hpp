#pragma once
// `scanlab shot` (= `scanlab-app --shot`): the trace command's options, plus which step and view
// to render and where to write the PNG. Parsed with the CLI's own parser, so the words and the
// refusals are the CLI's.
#include <functional>
#include <string>
#include <vector>

#include "app/gui/app.hpp"
#include "core/input/run_words.hpp"

namespace scanlab::gui {

struct ShotOptions {
    Form form;
    size_t step = 0;
    bool step_last = false;
    std::string out;
    int width = 1440, height = 900;
    View view = View::window;
    bool presentation = false;
    bool banner = false;  // --banner: the CPU-emulation line on the picture too
    float cell_width = 0;  // 0: the default zoom
    SampleWindow sample;  // --sample-block: the live tab's sampled trace, in any view
    int64_t bench_n = 0;  // --bench N: the live tab's benchmark sweep up to N first (0: none)
    int bench_reps = 20;  // --bench-reps R
    int frames = 4;  // --frames F: frames drawn once every run has finished, the last one written
    int exercise = 0;  // --exercise N: the Exercises panel open on exercise N, its answer in (0: closed)
    std::string your_kernel;  // --your-kernel FILE.cu (or a starter's file name): the Your kernel panel open, the file run
    std::string lesson;  // --lesson FILE.md: the Lesson panel open on --slide K, its run at its step
    int slide = 1;
    int finding = 0;  // --finding K: the K-th finding selected (its step, line and cell); 0: none
};

// Throws ScanError with a sentence naming the bad word. `more` reads a command's own words beyond
// the shot's (`scanlab export`: app/gui/export/export_options.cpp), which then names itself in the
// refusals as `command` and needs no --step.
ShotOptions parse_shot_options(const std::vector<std::string>& args, const OwnWord& more = nullptr, const char* command = "shot");

std::string shot_usage();

class GlSurface;
// The shot's scene: the app set up as `o` says, its runs finished, step o.step on screen and
// o.frames frames drawn off screen; then `take` is given it (the shot writes the PNG; an export
// steps on and draws its frames). Returns take's exit status, or 1 with the sentence said.
using ShotTake = std::function<int(App& app, const GlSurface& surface, const ShotOptions& o)>;
int run_shot_scene(ShotOptions o, const ShotTake& take);
// `frames` frames drawn, then more until every run a frame set going has finished.
void settle_frames(App& app, const GlSurface& surface, int frames);

}  // namespace scanlab::gui
