#pragma once
// Predict mode: the row a step produces is hidden, the student types the values of a few
// highlighted cells, then reveals the row and sees which were right; a score runs over the trace.
#include <cstdint>
#include <string>
#include <vector>

#include "core/trace.hpp"

namespace scanlab::gui {

// The cells of step k's array (global indices) the student is asked for: up to `most` elements
// the step writes, spread over the row, operator results first. Empty for a step that writes
// nothing the student could work out (S on the host, a sampled window's edge).
std::vector<int64_t> cells_to_predict(const Trace& trace, size_t k, size_t most = 4);

// Whether `answer` (as typed) is the value element `global` of step k's array holds.
bool prediction_right(const Trace& trace, size_t k, int64_t global, const std::string& answer);

struct Prediction {
    bool on = false;
    const void* trace = nullptr;  // the trace and step the cells were chosen for
    size_t step = size_t(-1);
    std::vector<int64_t> cells;
    std::vector<std::string> answers;
    bool revealed = false;
    int right = 0, asked = 0;  // over the revealed steps of this trace

    // Starts a new question when the step or the trace changed (keeps the score within a trace).
    void follow(const Trace& t, const void* id, size_t k);
    // Shows the row and scores the answers.
    void reveal(const Trace& t);
    // A step or trace not followed yet is a new question: hidden too, so a view drawn before the
    // pane that follows it (the array view, in the frame the step changed) never shows the answer.
    bool hides(const void* id, size_t k) const { return on && (!revealed || id != trace || k != step); }
};

}  // namespace scanlab::gui
