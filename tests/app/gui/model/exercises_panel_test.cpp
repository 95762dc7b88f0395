// The Exercises panel's model: its answers are the CLI's, computed off the UI thread, and an
// exercise's run opens in the main view.
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

// ---- the Exercises panel ----------------------------------------------------------------------

TEST(AppExercises, ThePanelsAnswerIsTheOneScanlabExercisePrints) {
    for (int n = 1; n <= 9; ++n) {
        const ExerciseResult r = answer_for_panel(n, BackendChoice::cpu);
        ASSERT_TRUE(r.answer) << n << ": " << r.error;
        const CliResult cli = run_cli({"exercise", std::to_string(n), "--backend", "cpu"});
        ASSERT_EQ(cli.exit_code, 0) << cli.err;
        EXPECT_EQ(r.text, cli.out) << "exercise " << n;
    }
}

TEST(AppExercises, AnswersAreComputedOnAWorkerAndKeptOnceIn) {
    ExerciseBook book;
    book.select(6, BackendChoice::cpu);  // ten scans up to N = 100,000: never on the frame thread
    EXPECT_EQ(book.selected, 6);
    EXPECT_TRUE(book.computing(6) || book.result(6));
    book.wait();
    ASSERT_TRUE(book.result(6));
    const ExerciseResult* first = book.result(6);
    book.select(6, BackendChoice::cpu);
    EXPECT_FALSE(book.computing(6)) << "a known answer is not computed again";
    EXPECT_EQ(book.result(6), first);
}

TEST(AppExercises, OpeningAnExercisesRunLoadsThatRun) {
    Session s;
    s.form.backend = BackendChoice::cpu;
    s.form.compare_algorithm = Algorithm::sklansky;
    s.exercises.select(6, BackendChoice::cpu);
    s.exercises.wait();
    const ExerciseResult* r = s.exercises.result(6);
    ASSERT_TRUE(r && r->answer);
    const ExerciseAnswer& a = *r->answer;
    ASSERT_EQ(a.runs.size(), a.commands.size());
    // The answer speaks of N = 2049: one element past a section of 2048.
    EXPECT_NE(a.commands[a.main_run].find("--random 2049"), std::string::npos) << a.commands[a.main_run];
    s.open_run(a.runs[a.main_run]);
    s.wait();
    ASSERT_TRUE(s.trace) << s.error;
    const Trace& t = s.trace->trace;
    EXPECT_EQ(t.algorithm, Algorithm::hierarchical);
    EXPECT_EQ(t.block_algorithm, Algorithm::brent_kung);
    EXPECT_EQ(t.section, 2048);
    EXPECT_EQ(t.n, 2049);
    EXPECT_EQ(s.trace->book.total.work(), 4085);
    // The user's own choices stay: the backend and the algorithm compared with.
    EXPECT_EQ(s.form.backend, BackendChoice::cpu);
    EXPECT_EQ(s.form.compare_algorithm, Algorithm::sklansky);
    // Exercise 9 reads the GPUs' limits and runs nothing.
    EXPECT_TRUE(answer_for_panel(9, BackendChoice::cpu).answer->runs.empty());
}
