#pragma once
// The Lesson panel's model: a lesson opened (core/course/), its slides prepared with their numbers
// filled in from their runs, the slide shown, and the student's way through its checkpoints. A
// slide's run is opened in the Session as an ordinary run (every tab works on it) and stepped to
// the slide's step once it is on screen. No ImGui here, so the tests walk a lesson as a student does.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/course/checkpoint.hpp"
#include "core/course/lesson.hpp"
#include "core/input/run_spec.hpp"

namespace scanlab::gui {

class Session;

// One slide as the player shows it: its prose (Markdown), its checkpoint's question and options,
// and the answer the run gives (shown only once attempted).
struct PreparedSlide {
    std::string markdown;
    std::string question;
    CheckpointAnswer answer;
    RunSpec spec;
    long long step = -1;  // -1: the run's first step
    std::string view;  // the view the slide names ("counts", "fig9.10", ...), empty: as it is
};

class LessonPlayer {
public:
    std::optional<Lesson> lesson;
    std::vector<PreparedSlide> slides;
    std::optional<LessonProgress> progress;
    size_t slide = 0;
    std::string error;  // why the last open failed (the lesson on screen, if any, stays)
    std::string path;   // the file of the lesson on screen (empty: one opened from text)
    std::vector<std::string> typed;  // each slide's answer as typed so far
    std::vector<std::optional<Grade>> graded;  // each slide's last grade
    bool black = false;  // B: the screen blacked out, as a presenter's remote does
    // Where each lesson's checkpoints are kept between runs ("<folder>/chapter9.md.progress"), so a
    // student at home goes on where they left; empty: nothing kept (the tests, a shot).
    std::string progress_folder;
    std::string save_error;  // the last failed save of the progress, as a sentence

    // Reads and prepares every slide (their runs on the CPU emulation). False, with `error`, on a
    // lesson that does not read or whose slides do not hold against their runs (`scanlab lesson check`).
    bool open(const std::string& path);
    bool open_text(const std::string& text, const std::string& file);
    bool is_open() const { return lesson.has_value(); }

    // The slide `k` on screen: its run opened in `session`, its step shown once the run is there.
    void go(size_t k, Session& session);
    void next(Session& session);
    void back(Session& session);
    // Called every frame: steps the session to the slide's step once its run has arrived.
    void follow(Session& session);

    // Grades `given` against the slide's checkpoint and records it; nothing on a slide without one.
    std::optional<Grade> check(const std::string& given);
    bool answer_open() const;  // the current slide's answer may be shown: attempted at least once

    // The slide's run is the trace on screen (not another run the student opened since).
    bool run_on_screen(const Session& session) const;

private:
    bool step_pending_ = false;
    void load_progress();
    void save_progress();
    std::shared_ptr<const void> run_trace_;  // the trace the slide's run gave
};

}  // namespace scanlab::gui
