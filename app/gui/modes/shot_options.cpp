#include "app/gui/modes/shot_options.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "core/input/input.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"
#include "core/whole_number.hpp"

namespace scanlab::gui {
namespace {

View parse_view(const std::string& v) {
    if (v == "window") return View::window;
    if (v == "array") return View::array;
    if (v == "explain") return View::explain;
    if (v == "diagram") return View::diagram;
    if (v == "fig9.10") return View::fig910;
    if (v == "counts") return View::counts;
    if (v == "source") return View::source;
    if (v == "compare") return View::compare;
    if (v == "live") return View::live;
    throw ScanError("unknown view " + quoted_word(v) +
                    "; choose window, array, explain, diagram, fig9.10, counts, source, compare or live");
}

// The picture's own words: what is shown (the step, the view, the size, presenting) and where it goes.
template <class Value>
bool take_picture_word(ShotOptions& o, bool& have_step, const std::string& a, const Value& value) {
    if (a == "--lesson") {
        o.lesson = value();
    } else if (a == "--slide") {
        const std::string& v = value();
        if (!parse_number_into(v, o.slide) || o.slide < 1)
            throw ScanError("--slide expects a slide's number, 1 or more, got " + quoted_word(v));
    } else if (a == "--step") {
        const std::string& v = value();
        if (v == "last")
            o.step_last = true;
        else if (!parse_number_into(v, o.step))
            throw ScanError("--step expects a step number (see scanlab trace) or 'last', got " + quoted_word(v));
        have_step = true;
    } else if (a == "--out") {
        o.out = value();
    } else if (a == "--size") {
        const std::string& v = value();
        const size_t x = v.find('x');
        if (x == std::string::npos || !parse_number_into(v.substr(0, x), o.width) || !parse_number_into(v.substr(x + 1), o.height) ||
            o.width < 320 || o.height < 240 || o.width > 8192 || o.height > 8192)
            throw ScanError("--size expects WIDTHxHEIGHT from 320x240 to 8192x8192, got " + quoted_word(v));
    } else if (a == "--view") {
        o.view = parse_view(value());
    } else if (a == "--presentation") {
        o.presentation = true;
    } else if (a == "--banner") {  // the CPU-emulation line, left out of slides unless asked for
        o.banner = true;
    } else if (a == "--zoom") {
        const std::string& v = value();
        int px = 0;
        if (!parse_number_into(v, px) || px < 2 || px > 200)
            throw ScanError("--zoom expects pixels per element from 2 to 200, got " + quoted_word(v));
        o.cell_width = float(px);
    } else {
        return false;
    }
    return true;
}

// The words that open a panel beside the run first: the benchmark, an exercise, a student's
// kernel, a comparison.
template <class Value>
bool take_panel_word(ShotOptions& o, const std::string& a, const Value& value) {
    if (a == "--bench") {
        const std::string& v = value();
        if (!parse_number_into(v, o.bench_n) || o.bench_n < 1024 || o.bench_n > (int64_t(1) << 28))
            throw ScanError("--bench expects the sweep's largest N, from 1024 to 268435456 (2^28), got " + quoted_word(v));
    } else if (a == "--bench-reps") {
        const std::string& v = value();
        if (!parse_number_into(v, o.bench_reps) || o.bench_reps < 1 || o.bench_reps > 1000)
            throw ScanError("--bench-reps expects timed runs per size from 1 to 1000, got " + quoted_word(v));
    } else if (a == "--frames") {
        const std::string& v = value();
        if (!parse_number_into(v, o.frames) || o.frames < 1 || o.frames > 600)
            throw ScanError("--frames expects a number of frames from 1 to 600, got " + quoted_word(v));
    } else if (a == "--exercise") {
        const std::string& v = value();
        if (!parse_number_into(v, o.exercise) || o.exercise < 1 || o.exercise > int(chapter9_exercises().size()))
            throw ScanError("--exercise expects an exercise of chapter 9, 1 to " + std::to_string(chapter9_exercises().size()) + ", got " +
                            quoted_word(v));
    } else if (a == "--your-kernel") {
        o.your_kernel = value();
    } else if (a == "--finding") {
        const std::string& v = value();
        if (!parse_number_into(v, o.finding) || o.finding < 1)
            throw ScanError("--finding expects a finding's number, 1 or more, got " + quoted_word(v));
    } else if (a == "--compare") {
        const std::string& v = value();
        const auto alg = parse_algorithm(v);
        if (!alg) throw ScanError("unknown algorithm " + quoted_word(v) + " for --compare");
        o.form.compare_algorithm = *alg;
    } else {
        return false;
    }
    return true;
}

// The app's input box holds values, not a path: a file's text goes in it, read (and refused) as
// `scanlab trace` reads it.
void file_values_as_text(ShotOptions& o, const RunSpec& run) {
    const ValueArray v = read_values_file(run.input.file, run.request.type);
    o.form.input.source = InputSource::text;
    o.form.input.text.clear();
    for (size_t i = 0; i < size_of(v); ++i) {
        if (i) o.form.input.text += ' ';
        o.form.input.text += format_value(v, i);
    }
}

}  // namespace

std::string shot_usage() {
    return "usage: scanlab shot --algo ALGO INPUT [OPTIONS] --step K --out FILE.png [--size WxH] [--view VIEW]\n"
           "                    [--compare ALGO] [--presentation] [--zoom PX] [--banner]\n"
           "  INPUT and OPTIONS as for scanlab trace; K is a step number of `scanlab trace` (or 'last');\n"
           "  VIEW: window (default), array, explain (the step with its explanation), diagram, fig9.10, counts, source, compare, live.\n"
           "                    [--bench N [--bench-reps R]] [--frames F]\n"
           "  --algo hierarchical --random N --sample-block B: the Live run tab's sampled trace of block B\n"
           "  (on the GPU, or on the CPU emulation up to N = 2^22), in any view; --view live shows the tab.\n"
           "  --bench N: the Live run tab's benchmark first (a GPU's), every algorithm on 2^10, 2^11, ... N\n"
           "  (--type, --op, --exclusive as given), R timed runs each (default 20); it fails with the reason on\n"
           "  a machine without a usable GPU. The picture is taken only after every run has finished: F frames\n"
           "  (default 4) are drawn then, and the last one is written.\n"
           "  --exercise N: the Exercises panel open on exercise N (1 to 9) beside the run the words state, its\n"
           "  answer computed first (the exercise's own commands, from scanlab exercise N, show its run).\n"
           "  --your-kernel FILE.cu: the Your kernel panel open on FILE (a path, or a starter's name in\n"
           "  assets/your-kernel/), run with the words' input after the words' own run; --finding K selects its\n"
           "  K-th finding (its step replaces --step's, its line and cell marked).\n"
           "  --lesson FILE.md [--slide K]: the Lesson panel open on slide K (from 1), the slide's run at its step.\n"
           "  With no display (DISPLAY unset, or one that fails) it renders through EGL: a GPU's driver, or Mesa on the CPU.\n";
}

ShotOptions parse_shot_options(const std::vector<std::string>& args, const OwnWord& more, const char* command) {
    const std::string cmd = command;
    ShotOptions o;
    bool have_step = false;
    // The run's words are the trace command's (core/input/run_words.hpp); these are the shot's own.
    // --lesson: the slide's own run and step; the words need no input of their own then.
    std::vector<std::string> words = args;
    const bool lesson = std::find(args.begin(), args.end(), "--lesson") != args.end();
    const bool input = std::any_of(args.begin(), args.end(), [](const std::string& w) {
        return w == "--preset" || w == "--input" || w == "--input-file" || w == "--random";
    });
    if (lesson && !input) words.insert(words.end(), {"--preset", "fig9.10"});
    const RunSpec run = parse_run_words(words, [&](const std::string& a, const auto& value) {
        return take_picture_word(o, have_step, a, value) || take_panel_word(o, a, value) || (more && more(a, value));
    });
    if (!have_step && cmd == "shot" && !lesson) throw ScanError("shot needs --step K (a step number of scanlab trace, or 'last')");
    if (o.out.empty()) throw ScanError(cmd + " needs --out " + (cmd == "shot" ? "FILE.png" : "FILE"));
    static_cast<RunSpec&>(o.form) = run;
    o.form.request.detail = Detail::full;
    o.form.request.max_trace_bytes = Form().request.max_trace_bytes;
    o.sample = run.request.sample;
    o.form.request.sample = SampleWindow{};  // the live tab traces it (see ShotOptions::sample)
    if (run.input.source == InputSource::file) file_values_as_text(o, run);
    return o;
}

}  // namespace scanlab::gui
