#pragma once
// The app's exports, off the UI thread. An animation is drawn by a process of its own, this
// program's `--export` (the command's very code, off screen, with its own GL context), so the app
// keeps drawing its window at full speed however long the frames take; the job reads the frame
// count from the child's progress lines and Cancel ends the child, which removes its unfinished
// file. An SVG figure is drawn from the trace on screen on a worker thread. No GL here.
#include <sys/types.h>
#include <cstdint>
#include <future>
#include <string>
#include <vector>

#include "app/gui/export/svg_figures.hpp"
#include "app/gui/model/session.hpp"

namespace scanlab::gui {

// The words of `scanlab export` that run `t` again (its run's options and its input's values), or
// the sentence saying why this trace cannot be run again (a student's kernel, a sampled trace).
std::vector<std::string> rerun_words(const Trace& t, std::string& why, BackendChoice backend = BackendChoice::automatic);

// The controls' own words when they state the run on screen (the frames then show its preset or
// its N random values by name, as the window does), else rerun_words. Runs the form's input
// preparation (make N random values), so it is called once for each trace, not every frame.
std::vector<std::string> words_for_trace_on_screen(const Form& form, const Trace& t, std::string& why);

class ExportJob {
public:
    ~ExportJob();
    // Starts `program --export words...`; false with the sentence in `error` where it cannot.
    bool start(const std::string& program, const std::vector<std::string>& words);
    // Takes in what the child said and whether it ended (call each frame while running()).
    void poll();
    void cancel();  // ends the child; its file is not written
    bool running() const { return pid_ > 0; }

    int frames_done = 0, frames_total = 0;
    std::string last_step;  // "#3 K1 · stride 2": the frame drawn last
    std::string result;  // "wrote /path/run.gif (GIF, 8 frames ...)" when it worked
    std::string error;  // the child's sentence when it failed
    bool cancelled = false;

private:
    void take_line(const std::string& line);
    pid_t pid_ = -1;
    int fd_ = -1;
    std::string pending_;
};

// An SVG figure of the trace on screen, drawn and saved on a worker thread.
class SvgJob {
public:
    void start(TracePtr trace, SvgRequest request, std::string path);
    bool running() const { return future_.valid(); }
    // Once done: the status sentence (and failed set when it did not work).
    bool poll(std::string& said, bool& failed);

private:
    std::future<std::string> future_;  // "" or the error
    std::string path_;
    SvgRequest request_;
};

}  // namespace scanlab::gui
