#pragma once
// The Exercises panel's model: which of the chapter's exercises is selected, and their answers,
// each computed once on a worker thread (exercise 6 alone runs ten scans up to N = 100,000, so the
// window never waits for one). The answers are core/exercises' own, as `scanlab exercise N` prints them.
#include <future>
#include <map>
#include <optional>
#include <string>

#include "core/engine/backend.hpp"
#include "core/lesson/exercises.hpp"

namespace scanlab::gui {

struct ExerciseResult {
    std::optional<ExerciseAnswer> answer;
    std::string text;  // exercise_text(*answer): the statement, the answer, the commands
    std::string error;  // the sentence of a refusal (a backend that cannot be had); else empty
};

// Exercise `number` answered through `choice`'s backend, as `scanlab exercise N --backend ...` does
// (exercise 9 with this machine's GPU). Blocking: the book calls it on a worker, tests directly.
ExerciseResult answer_for_panel(int number, BackendChoice choice);

class ExerciseBook {
public:
    int selected = 0;  // 1..9; 0: none yet

    // Selects an exercise, and starts its answer on a worker unless it is known for this backend
    // choice or one is under way. Cheap when nothing is to start: the panel calls it every frame.
    void select(int number, BackendChoice choice);
    void poll();  // takes finished answers in (once a frame)
    void wait();  // blocks until no answer is under way (--shot, the tests)
    bool computing(int number) const { return pending_.contains(number); }
    bool working() const { return !pending_.empty(); }
    // Null until the answer is in.
    const ExerciseResult* result(int number) const;

private:
    struct Known {
        BackendChoice choice;
        ExerciseResult result;
    };
    struct Pending {
        BackendChoice choice;
        std::future<ExerciseResult> future;
    };
    std::map<int, Known> known_;
    std::map<int, Pending> pending_;
};

}  // namespace scanlab::gui
