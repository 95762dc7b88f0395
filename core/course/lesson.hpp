#pragma once
// A lesson as a lecturer writes it: a Markdown file whose slides are separated by a line "---",
// each slide prose with placeholders ({{additions}}, {{value Y[5]}}, {{= 2*N - 2 - log2N}}) and a
// few directive lines that start with ":::" (the run, the step, the view, a checkpoint). This file
// only reads the text; core/course/slide_run.hpp runs a slide and fills its numbers in, and
// core/course/lesson_check.hpp holds every slide against its run. docs/lessons.md is the guide.
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace scanlab {

// A sentence naming the file and line of what a lesson got wrong: "chapter9.md:12: ...".
struct LessonError : ScanError {
    using ScanError::ScanError;
};

// One option of a multiple-choice checkpoint; a wrong one carries the reason shown when picked.
struct ChoiceOption {
    int line = 0;
    std::string text;
    std::string reason;
    bool right = false;
};

struct Checkpoint {
    // kernel: "write this kernel": an exercise's starter opened in the Your kernel panel and graded
    // as `scanlab grade --exercise N` grades a file (the desktop app; ::: answer exercise N).
    enum class Kind { number, choice, predict, kernel };
    Kind kind = Kind::number;
    int line = 0;
    std::string question;  // ::: ask
    // number: the run's value as an expression of the slide's numbers ("additions"), and the answer
    // the lecturer states beside it ("additions = 26"), held against the run by the check.
    // predict: the cells the lecturer states ("1-15"), held against the step's writes.
    std::string answer;
    std::string stated;
    int answer_line = 0;
    std::vector<ChoiceOption> options;  // choice
    std::string holds;  // choice: a condition on the run's numbers that makes the right option right
    int holds_line = 0;
    int exercise = 0;  // kernel: the chapter's exercise whose kernel is written (::: answer exercise 4)
};

// The exercises whose kernel `scanlab grade` grades (kernel_tracer/host/grade.hpp): 4, the
// exclusive Kogge-Stone scan, and 5, the hierarchical scan's host code.
inline constexpr int kGradedExercises[] = {4, 5};

// A line of prose with where it stands in the file, for the check's sentences.
struct ProseLine {
    int line = 0;
    std::string text;
};

struct Slide {
    int line = 0;  // the slide's first line
    std::string section;  // ::: section, carried on to the next slides
    // ::: run WORDS (the words of `scanlab trace`), carried on to the next slides until another.
    std::vector<std::string> run_words;
    int run_line = 0;
    // ::: step K or ::: steps A-B: step numbers as `scanlab trace` numbers them (#0 is the first).
    std::optional<long long> first_step, last_step;
    int step_line = 0;
    // ::: view NAME [cells A-B | row K | lines A-B]
    std::string view;
    std::string point;  // "cells", "row" or "lines"
    long long point_from = 0, point_to = 0;
    int view_line = 0;
    std::optional<Checkpoint> checkpoint;
    std::vector<ProseLine> prose;
};

struct Lesson {
    std::string file;  // the name the sentences give ("chapter9.md")
    std::string title;  // the first "# " heading
    std::string language = "en";  // ::: language pt
    std::vector<Slide> slides;
};

// The views a slide can show: the Trace panel's tabs and the panels beside them.
inline constexpr const char* kLessonViews[] = {"steps", "compare", "counts", "live", "fig9.10", "source", "exercises", "kernel"};

// Reads a lesson's text; throws LessonError ("FILE:LINE: sentence") on a directive it cannot read.
Lesson parse_lesson(const std::string& text, const std::string& file);
// Reads the file at `path` (named by its last path component); throws LessonError when it cannot.
Lesson read_lesson(const std::string& path);

// "FILE:LINE: sentence", as every lesson message reads.
std::string at_line(const std::string& file, int line, const std::string& sentence);
// The lesson's file as a sentence names it: as given, or quoted short where it is long or odd.
std::string file_name_shown(const std::string& file);

}  // namespace scanlab
