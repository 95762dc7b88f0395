#pragma once
// A checkpoint's answer, taken from the slide's run, and a student's attempt graded against it.
// The answer a lecturer states beside it is only a check on the lesson (lesson_check.hpp): what is
// graded is always what the run gives.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/course/lesson.hpp"
#include "core/course/slide_run.hpp"

namespace scanlab {

struct CheckpointAnswer {
    std::optional<int64_t> number;  // number
    std::vector<int64_t> cells;  // predict: the cells the step writes, ascending
    size_t right_option = 0;  // choice
    std::string text;  // the answer as the player shows it once attempted: "26", "1–15", "Brent-Kung"
};

// Throws LessonError naming the line when the run gives no answer (an expression with no value, a
// predict checkpoint on a slide with no step).
CheckpointAnswer checkpoint_answer(const std::string& file, const Slide& slide, const SlideFacts& facts);

struct Grade {
    bool right = false;
    std::string reason;  // why a wrong answer is wrong (a choice's reason), or what was not understood
};
// `given` is typed by the student: a number ("4,085" too), the cells ("1-3, 5"), or for a choice
// the option's number from 1.
Grade grade(const Checkpoint& c, const CheckpointAnswer& answer, const std::string& given);

// "1-3, 5" or "1–3,5": ascending distinct cells; nothing when it does not read.
std::optional<std::vector<int64_t>> read_cells(const std::string& text);

// A student's way through a lesson: each checkpoint's tries and whether it was answered right.
struct CheckpointRecord {
    int tries = 0;
    bool right = false;
    bool attempted() const { return tries > 0; }  // the answer opens once attempted
};
struct LessonProgress {
    std::vector<std::optional<CheckpointRecord>> slides;  // one per slide; none where it has no checkpoint
    explicit LessonProgress(const Lesson& lesson);
    // Records an attempt; a checkpoint answered right stays right (later tries are not counted).
    void record(size_t slide, const Grade& g);
    int checkpoints() const;
    int right() const;  // the score: checkpoints answered right, in any number of tries
    int right_first_time() const;
};

}  // namespace scanlab
