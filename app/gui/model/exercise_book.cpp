#include "app/gui/model/exercise_book.hpp"

#include <new>

#include "app/gui/model/background.hpp"
#include "core/error.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab::gui {

ExerciseResult answer_for_panel(int number, BackendChoice choice) {
    ExerciseResult r;
    try {
        ExerciseOptions options;
        if (number == 9) options.this_gpu = this_machine_gpu();
        BackendSelection selection = select_backend(choice);
        r.answer = answer_exercise(number, *selection.backend, options);
        r.text = exercise_text(*r.answer);
    } catch (const ScanError& e) {
        r = {};
        r.error = e.what();
    } catch (const std::bad_alloc&) {
        r = {};
        r.error = "out of memory while answering the exercise";
    }
    return r;
}

void ExerciseBook::select(int number, BackendChoice choice) {
    selected = number;
    if (auto k = known_.find(number); k != known_.end() && k->second.choice == choice) return;
    // One answer of an exercise at a time: one for another backend choice finishes first (the
    // panel selects again each frame, so the newer choice follows).
    if (pending_.contains(number)) return;
    pending_.insert_or_assign(number, Pending{choice, start_job([number, choice] { return answer_for_panel(number, choice); })});
}

void ExerciseBook::poll() {
    for (auto it = pending_.begin(); it != pending_.end();) {
        if (it->second.future.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
            ++it;
            continue;
        }
        known_.insert_or_assign(it->first, Known{it->second.choice, it->second.future.get()});
        it = pending_.erase(it);
    }
}

void ExerciseBook::wait() {
    for (auto& [number, p] : pending_) p.future.wait();
    poll();
}

const ExerciseResult* ExerciseBook::result(int number) const {
    auto k = known_.find(number);
    return k == known_.end() ? nullptr : &k->second.result;
}

}  // namespace scanlab::gui
