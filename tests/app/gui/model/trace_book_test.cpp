// The bookkeeping the views draw from (app/gui/model/trace_book.hpp): what each step updated, which
// cells are final, who wrote them, and the counts the Counts tab shows.
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

// ---- trace bookkeeping -------------------------------------------------------------------------

TEST(AppTraceBook, Fig910UpdatedCellsPerStepMatchTheAdditions) {
    const Trace t = run(Algorithm::hierarchical, kFig910, 4);
    std::vector<int64_t> updated;
    for (const Step& s : t.steps) updated.push_back(updated_cell_count(s));
    // load, stride 1, stride 2, write S, K2 load, stride 1, stride 2, add S
    EXPECT_EQ(updated, (std::vector<int64_t>{0, 12, 8, 0, 0, 3, 2, 12}));
    const TraceBook b = make_book(t);
    EXPECT_EQ(b.cumulative_additions.back(), 37);
    EXPECT_EQ(b.cumulative_additions, (std::vector<int64_t>{0, 12, 20, 20, 20, 23, 25, 37}));
}

TEST(AppTraceBook, Fig910Block0IsFinalAfterKernel1AndEveryCellAfterKernel3WhichWritesThemFinal) {
    const Trace t = run(Algorithm::hierarchical, kFig910, 4);
    const TraceBook b = make_book(t);
    // Block 0 (2 3 6 7) needs no S: it is final after K1's stride 2 (step 2); blocks 1-3 after K3 (step 7).
    EXPECT_EQ(b.final_from, (std::vector<size_t>{0, 1, 2, 2, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}));
    const std::vector<CellState> k3 = cell_states(t, b, 7);
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(k3[i], CellState::final_value) << i;
    for (size_t i = 4; i < 16; ++i) EXPECT_EQ(k3[i], CellState::updated) << i;
    // K3 writes blocks 1-3 into their results: updated, and final too (the view marks both).
    EXPECT_EQ(final_cells(t, b, 7), std::vector<uint8_t>(16, 1));
    // Stride 1 of K1 makes 2 3 final in block 0 (3 updated into its result), nothing else.
    EXPECT_EQ(final_cells(t, b, 1), (std::vector<uint8_t>{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
    const std::vector<CellState> load = cell_states(t, b, 0);
    EXPECT_EQ(load[0], CellState::final_value);  // 2 is already its own prefix sum
    EXPECT_EQ(load[1], CellState::loaded);
}

TEST(AppTraceBook, AddOfBlockSumsReadsKernel1sYAndTheScannedS) {
    const Trace t = run(Algorithm::hierarchical, kFig910, 4);
    const StepRows r = step_rows(t, 7);
    ASSERT_TRUE(r.sums);
    EXPECT_EQ(ints(*r.sums.values), (std::vector<int32_t>{7, 14, 20, 31}));
    EXPECT_EQ(ints(*r.before.values), (std::vector<int32_t>{2, 3, 6, 7, 0, 4, 5, 7, 0, 3, 4, 6, 5, 8, 9, 11}));
    const StepRows s = step_rows(t, 3);  // write S reads kernel 1's XY
    EXPECT_EQ(ints(*s.after.values), (std::vector<int32_t>{7, 7, 6, 11}));
    EXPECT_EQ(s.before.name, "XY");
    EXPECT_EQ(step_rows(t, 0).before.name, "X");
    EXPECT_EQ(step_rows(t, 0).before.count, 16u);  // a full trace's rows are whole, from index 0
    EXPECT_EQ(step_rows(t, 0).before.offset, 0);
}

TEST(AppTraceBook, ThreadsAndWritersComeFromTheAccesses) {
    const Trace t = run(Algorithm::brent_kung, kFig910);
    const Step& level4 = t.steps[4];  // reduction level 4: thread 0 writes XY[15]
    EXPECT_EQ(step_label(level4), "reduction level 4");
    const ThreadRow threads = launched_threads(t, level4);
    EXPECT_EQ(threads.first, 0);
    const std::vector<uint8_t>& act = threads.active;
    ASSERT_EQ(act.size(), 8u);
    EXPECT_EQ(std::count(act.begin(), act.end(), 1), level4.counts.active_threads);
    EXPECT_EQ(writers(level4)[15], 0);
    EXPECT_EQ(writers(level4)[14], -1);
}

TEST(AppTraceBook, TheChaptersFormulasPredictTheMeasuredAdditions) {
    const std::vector<Formula> f = chapter_formulas(16);
    EXPECT_EQ(f[0].value, 15);
    EXPECT_EQ(f[1].value, 49);
    EXPECT_EQ(f[2].value, 26);
    for (const AlgorithmInfo& row : algorithm_table()) {
        if (!row.formula.given()) continue;
        const Algorithm a = row.id;
        const Trace t = run(a, kFig910);
        const std::optional<Formula> fo = formula_for(t);
        ASSERT_TRUE(fo) << name(a);
        EXPECT_EQ(fo->value, t.counts.additions) << name(a);
    }
    EXPECT_FALSE(formula_for(run(Algorithm::hierarchical, kFig910, 4)));
}

TEST(AppTraceBook, TheCountsTabsSubtotalsAndBoundAreTheCores) {
    ScanRequest q;
    q.algorithm = Algorithm::hierarchical;
    q.block_algorithm = Algorithm::brent_kung;
    q.section = 2048;
    const Trace t = emulate(q, random_values(2049, 1, ElementType::int32));
    const TraceBook b = make_book(t);
    EXPECT_EQ(b.phases, phase_counts(t));
    EXPECT_EQ(b.total.additions, 12250);
    EXPECT_EQ(b.total.work(), 4085);
    ASSERT_TRUE(b.bound);
    EXPECT_EQ(b.bound->sentence(), "real work 4,085 ≤ 4N − 3 = 8,193 at N = 2,049 (as the chapter states it)");
}
