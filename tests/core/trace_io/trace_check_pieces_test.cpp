// A trace's check a piece at a time (TraceCheck, as the page runs it between frames) reaches the
// very verdict of the check in one call, whatever the pieces: the same first inconsistency of a
// corrupted trace, and "consistent" for an intact one.
#include <gtest/gtest.h>

#include <functional>

#include "core/trace_io/trace_check.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

constexpr const char* kInput = "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2 9 7 1 1 4 2 8 5 3";

// The verdict reached `pieces` at a time, and how many calls it took.
std::pair<std::string, int> verdict_in_pieces(const Trace& t, int64_t pieces) {
    TraceCheck check(t);
    int calls = 1;
    while (!check.advance(pieces)) ++calls;
    EXPECT_TRUE(check.advance(pieces)) << "a finished check stays finished";
    return {check.problem(), calls};
}

// Intact traces of every algorithm, both directions and both details, and each corrupted one way.
std::vector<std::pair<std::string, Trace>> traces() {
    const std::vector<std::pair<std::string, std::function<void(Trace&)>>> corruptions = {
        {"intact", [](Trace&) {}},
        {"a wrong result", [](Trace& t) { std::visit([](auto& v) { v[v.size() / 2] += 1; }, t.result); }},
        {"a wrong value in a middle step",
         [](Trace& t) {
             if (t.steps.empty()) return;
             Step& s = t.steps[t.steps.size() / 2];
             std::visit(
                 [](auto& v) {
                     if (!v.empty()) v[0] += 5;
                 },
                 s.values);
         }},
        {"a step left out",
         [](Trace& t) {
             if (t.steps.size() > 1) t.steps.erase(t.steps.begin() + 1);
         }},
        {"wrong counts", [](Trace& t) { t.counts.additions += 1; }},
    };
    std::vector<std::pair<std::string, Trace>> out;
    for (Algorithm a : all_algorithms())
        for (bool exclusive : {false, true})
            for (Detail d : {Detail::full, Detail::counts}) {
                ScanRequest r = request(a, a == Algorithm::hierarchical || a == Algorithm::slides ? 4 : 0, d);
                r.exclusive = exclusive;
                const Trace made = run_text(r, kInput);
                for (const auto& [what, corrupt] : corruptions) {
                    Trace t = made;
                    corrupt(t);
                    out.emplace_back(std::string(name(a)) + (exclusive ? " exclusive " : " inclusive ") +
                                         (d == Detail::full ? "full, " : "counts, ") + what,
                                     std::move(t));
                }
            }
    return out;
}

}  // namespace

TEST(TraceCheckInPieces, FindsTheSameFirstInconsistencyAsOneCallAtAnySliceSize) {
    int corrupted_found = 0;
    for (const auto& [what, t] : traces()) {
        const std::string whole = first_inconsistency(t);
        corrupted_found += !whole.empty();
        if (what.ends_with("intact")) EXPECT_EQ(whole, "") << what;
        for (int64_t pieces : {1, 2, 3, 7, 1000})
            EXPECT_EQ(verdict_in_pieces(t, pieces).first, whole) << what << ", " << pieces << " a call";
    }
    EXPECT_GT(corrupted_found, 50) << "the corruptions must be found, or the comparison above proves nothing";
}

TEST(TraceCheckInPieces, ALongRunIsRepeatedOverManyCallsOfOnePiece) {
    // The hierarchical scan of 2^14 values in sections of 64: K1, K2 and K3 over several levels,
    // each launch's steps a piece of its own.
    ScanRequest r = request(Algorithm::hierarchical, 64, Detail::counts);
    std::string text;
    for (int i = 0; i < 1 << 14; ++i) text += std::to_string(i % 7) + " ";
    const Trace t = run_text(r, text);
    const auto [problem, calls] = verdict_in_pieces(t, 1);
    EXPECT_EQ(problem, "");
    EXPECT_GE(calls, 20);
    EXPECT_EQ(verdict_in_pieces(t, int64_t(1) << 30).second, 1);
}

TEST(TraceCheckInPieces, ItsProgressRisesToOne) {
    const Trace t = run_text(request(Algorithm::hierarchical, 4, Detail::counts), kInput);
    TraceCheck check(t);
    double last = check.progress();
    EXPECT_LT(last, 1.0);
    while (!check.advance(1)) {
        EXPECT_GE(check.progress(), last);
        last = check.progress();
    }
    EXPECT_EQ(check.progress(), 1.0);
}
