#include "app/gui/model/predict.hpp"

#include <algorithm>
#include <charconv>

#include "core/float_chars.hpp"

namespace scanlab::gui {

std::vector<int64_t> cells_to_predict(const Trace& t, size_t k, size_t most) {
    std::vector<int64_t> out;
    if (k >= t.steps.size() || most == 0) return out;
    const Step& s = t.steps[k];
    std::vector<int64_t> ops, copies;
    for (const Access& a : s.accesses) {
        const int64_t i = a.dst - s.offset;
        if (i < 0 || size_t(i) >= size_of(s.values)) continue;
        (a.applies_op ? ops : copies).push_back(a.dst);
    }
    for (auto* v : {&ops, &copies}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    const std::vector<int64_t>& pool = ops.empty() ? copies : ops;
    // Evenly over the written cells, so a student works out more than one neighbourhood.
    const size_t take = std::min(most, pool.size());
    for (size_t j = 0; j < take; ++j) out.push_back(pool[(j * pool.size()) / take + (pool.size() / take) / 2]);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool prediction_right(const Trace& t, size_t k, int64_t global, const std::string& answer) {
    if (k >= t.steps.size()) return false;
    const Step& s = t.steps[k];
    const int64_t i = global - s.offset;
    if (i < 0 || size_t(i) >= size_of(s.values)) return false;
    std::string a = answer;
    a.erase(0, a.find_first_not_of(" \t"));
    a.erase(a.find_last_not_of(" \t") + 1);
    if (a.empty()) return false;
    if (a == format_value(s.values, size_t(i))) return true;
    // "7.0" for 7, "+7": the same number in other words.
    double typed = 0;
    const auto [p, ec] = scanlab::from_chars(a.data() + (a[0] == '+'), a.data() + a.size(), typed);
    if (ec != std::errc() || p != a.data() + a.size()) return false;
    double actual = 0;
    const std::string v = format_value(s.values, size_t(i));
    scanlab::from_chars(v.data(), v.data() + v.size(), actual);
    return typed == actual;
}

void Prediction::follow(const Trace& t, const void* id, size_t k) {
    if (id != trace) right = asked = 0;
    if (id == trace && k == step) return;
    trace = id;
    step = k;
    cells = cells_to_predict(t, k);
    answers.assign(cells.size(), "");
    revealed = false;
}

void Prediction::reveal(const Trace& t) {
    if (revealed) return;
    revealed = true;
    for (size_t i = 0; i < cells.size(); ++i) {
        ++asked;
        if (prediction_right(t, step, cells[i], answers[i])) ++right;
    }
}

}  // namespace scanlab::gui
