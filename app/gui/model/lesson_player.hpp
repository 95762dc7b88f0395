#pragma once
// The Lesson panel's model: a lesson opened (core/course/), its slides prepared with their numbers
// filled in from their runs, the slide shown, and the student's way through its checkpoints. A
// slide's run is opened in the Session as an ordinary run (every tab works on it) and stepped to
// the slide's step once it is on screen. No ImGui here, so the tests walk a lesson as a student does.
#include <functional>
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
    long long first_step = -1;  // ::: steps A-B: played from A to B as the slide opens (-1: one step)
    std::string view;  // the view the slide names ("counts", "fig9.10", ...), empty: as it is
};

// What a slide points at in its view (::: view V cells A-B | row K | lines A-B), for the panel
// that shows it to mark.
struct LessonPointer {
    std::string view;  // "steps", "fig9.10", "source", ...
    std::string point;  // "cells", "row" or "lines"
    long long from = 0, to = 0;
};

class LessonPlayer {
public:
    std::optional<Lesson> lesson;
    std::vector<PreparedSlide> slides;
    std::optional<LessonProgress> progress;
    size_t slide = 0;
    std::string error;  // why the last open failed (the lesson on screen, if any, stays)
    std::string path;  // the file of the lesson on screen (empty: one opened from text)
    std::vector<std::string> typed;  // each slide's answer as typed so far
    std::vector<std::optional<Grade>> graded;  // each slide's last grade
    bool black = false;  // B: the screen blacked out, as a presenter's remote does
    // Where each lesson's checkpoints are kept between runs ("<folder>/chapter9.md.progress"), so a
    // student at home goes on where they left; empty: nothing kept (the tests, a shot).
    std::string progress_folder;
    std::string save_error;  // the last failed save of the progress, as a sentence
    // Where the progress is kept instead of a folder (the web edition: the browser's storage): the
    // text kept under a lesson's file name, and keeping it (a sentence when that failed).
    std::function<std::string(const std::string& file)> kept_progress;
    std::function<std::string(const std::string& file, const std::string& text)> keep_progress;

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

    // A "write this kernel" checkpoint (desktop): the exercise's starter opened in the Your kernel
    // panel (its run in the controls), and the panel's text graded by the Session's grading (the
    // panel's Grade, as `scanlab grade` grades a file); the grade is recorded on the slide that
    // asked for it once it ends (follow()), unless another lesson was opened meanwhile.
    bool open_kernel_starter(Session& session);
    void grade_kernel(Session& session);
    bool grading_kernel() const { return grading_number_ != 0; }  // this lesson's grading is under way
    // The last kernel grade's checks, one line each ("PASS  exclusive scan of int32 with sum").
    std::string kernel_report;

    // The slide's run is the trace on screen (not another run the student opened since).
    bool run_on_screen(const Session& session) const;
    // The slide is on screen as it opens: its run there and stepped to its step.
    bool slide_shown(const Session& session) const { return !step_pending_ && run_on_screen(session); }
    // What the slide points at, while its run is on screen; nothing on a slide that points at nothing.
    std::optional<LessonPointer> pointer(const Session& session) const;
    // The view the slide opens, asked for once as it opens (the panels take it: a tab, a panel in
    // front); empty when none is asked for.
    std::string view_request;
    // The lesson's name in a link: its file's name without ".md".
    std::string name() const;

    // The progress as kept: one line a checkpoint attempted, "SLIDE TRIES RIGHT" (the slide from 1).
    std::string progress_text() const;
    void read_progress_text(const std::string& text);

private:
    bool step_pending_ = false;
    size_t grading_slide_ = 0;  // the slide whose kernel is being graded, of this lesson
    std::string grading_lesson_;
    int grading_number_ = 0;  // the Session's number for that grading (KernelGrading::started); 0: none
    void take_kernel_grade(Session& session);
    void record(size_t slide, const Grade& g);
    void load_progress();
    void save_progress();
    std::shared_ptr<const void> run_trace_;  // the trace the slide's run gave
};

// The lessons shipped with Scan Lab (assets/lessons/; in the web edition, carried in the page), by
// path, in the order of their names.
std::vector<std::string> shipped_lessons();

}  // namespace scanlab::gui
