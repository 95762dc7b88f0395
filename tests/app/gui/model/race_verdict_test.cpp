// The racy kernel's verdict as the app shows it, and Predict's questions and score.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "core/lesson/lookback_counts.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "app/gui/model/palette.hpp"
#include "app/gui/model/predict.hpp"
#include "app/gui/model/session.hpp"
#include "app/gui/model/settings.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/model/trace_book.hpp"
#include "core/algorithms/lookback_window.hpp"
#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/head_flags.hpp"
#include "core/input/input.hpp"
#include "core/input/run_options.hpp"
#include "core/lesson/listings.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/app/gui/model/model_support.hpp"
#include "tests/cli_run.hpp"

using namespace scanlab;
using namespace scanlab::gui;
using namespace scanlab::gui::model_test;

// Figure 9.10's values through the racy kernel, warps of four, in the given warp order.
Session ran_racy(Schedule::Kind order) {
    Session s;
    s.form.request.algorithm = Algorithm::kogge_stone_racy;
    s.form.request.warp_width = 4;
    s.form.request.schedule = {order, 1};
    s.form.backend = BackendChoice::cpu;
    s.run();
    s.wait();
    return s;
}

TEST(AppRaceVerdict, AWrongRacyRunShowsTheVerdictAndMarksExactlyTheWrongCellsNeverAsFinal) {
    const Session s = ran_racy(Schedule::Kind::in_order);
    ASSERT_NE(s.trace, nullptr) << s.error;
    const Trace& t = s.trace->trace;
    const TraceBook& b = s.trace->book;
    EXPECT_EQ(b.verdict.headline(), "WRONG: 11 of 16 results differ from the correct scan");
    // At the last step, exactly the results that differ from the scan of the input are marked.
    const std::vector<int32_t> x = ints(t.input), y = ints(t.result);
    std::vector<CellState> last = cell_states(t, b, t.steps.size() - 1);
    int32_t sum = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        sum += x[i];
        EXPECT_EQ(last[i] == CellState::wrong, y[i] != sum) << i;
        EXPECT_FALSE(y[i] != sum && last[i] == CellState::final_value) << i;
    }
    // At every step, a cell is marked wrong exactly where the correct Kogge-Stone holds another value.
    const Trace good = run(Algorithm::kogge_stone, kFig910);
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const std::vector<CellState> st = cell_states(t, b, k);
        const std::vector<int32_t> got = ints(t.steps[k].values), want = ints(good.steps[k].values);
        for (size_t i = 0; i < st.size(); ++i) EXPECT_EQ(st[i] == CellState::wrong, got[i] != want[i]) << "step " << k << " cell " << i;
    }
}

TEST(AppRaceVerdict, ARacyRunThatCameOutRightSaysTheScheduleHidTheRace) {
    const Session s = ran_racy(Schedule::Kind::reverse);
    ASSERT_NE(s.trace, nullptr) << s.error;
    const TraceBook& b = s.trace->book;
    EXPECT_TRUE(b.verdict.correct());
    EXPECT_EQ(b.verdict.headline(), "this schedule hid the race: the kernel is still wrong; try in-order or random");
    EXPECT_NE(b.verdict.detail().find("17 reads"), std::string::npos) << b.verdict.detail();
    for (size_t k = 0; k < s.trace->trace.steps.size(); ++k)
        for (CellState c : cell_states(s.trace->trace, b, k)) EXPECT_NE(c, CellState::wrong);
}

TEST(AppPredict, AsksForCellsTheStepWritesAndScoresOnlyWhatTheTraceHolds) {
    const Trace t = run(Algorithm::kogge_stone, kFig910);
    const size_t k = 2;  // stride 2: threads 2..15 write XY[2..15]
    const std::vector<int64_t> cells = cells_to_predict(t, k);
    ASSERT_EQ(cells.size(), 4u);
    for (int64_t c : cells) EXPECT_GE(c, 2);
    Prediction p;
    p.on = true;
    p.follow(t, &t, k);
    EXPECT_TRUE(p.hides(&t, k));
    const std::vector<int32_t> row = ints(t.steps[k].values);
    p.answers[0] = std::to_string(row[size_t(p.cells[0])]);  // right
    p.answers[1] = " " + std::to_string(row[size_t(p.cells[1])]) + ".0 ";  // right, in other words
    p.answers[2] = std::to_string(row[size_t(p.cells[2])] + 1);  // wrong
    p.reveal(t);
    EXPECT_FALSE(p.hides(&t, k));
    // "Next step": a view drawn before the pane follows the new step hides its row already.
    EXPECT_TRUE(p.hides(&t, k + 1));
    EXPECT_EQ(p.right, 2);
    EXPECT_EQ(p.asked, 4);
    p.follow(t, &t, k + 1);  // the next step asks again and keeps the score
    EXPECT_TRUE(p.hides(&t, k + 1));
    EXPECT_EQ(p.asked, 4);
}
