// The desktop app's Session without a window: it runs scans on worker threads, keeps the last
// good trace on a refusal, opens and saves trace files, plays, and steps a comparison.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "core/lesson/lookback_counts.hpp"
#include "core/number_text.hpp"

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

// ---- the session -------------------------------------------------------------------------------

TEST(AppSession, TheDefaultRunIsFigure910OnAWorkerThread) {
    Session s;
    s.run();
    EXPECT_TRUE(s.busy() || s.trace == nullptr);
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    EXPECT_EQ(s.trace->trace.algorithm, Algorithm::hierarchical);
    EXPECT_EQ(s.trace->trace.section, 4);
    EXPECT_EQ(ints(s.trace->trace.result), (std::vector<int32_t>{2, 3, 6, 7, 7, 11, 12, 14, 14, 17, 18, 20, 25, 28, 29, 31}));
    ASSERT_NE(s.compare, nullptr);  // brent-kung on the same 16 values
    EXPECT_EQ(s.compare->trace.algorithm, Algorithm::brent_kung);
    EXPECT_EQ(s.compare->trace.counts.additions, 26);
    EXPECT_FALSE(s.busy());
}

TEST(AppSession, BadInputIsRefusedInTheAppsWordsAndKeepsTheLastTrace) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    s.form.input.source = InputSource::text;
    s.form.input.text = "1 2 x 4";
    s.run();
    s.wait();
    EXPECT_EQ(s.trace, good);
    EXPECT_EQ(s.error, "'x' (value 3 of the typed values (line 1, column 5)) is not a number");
    // The CLI refuses the same token, naming its own flag.
    const CliResult cli = run_cli({"scan", "--input", "1 2 x 4"});
    EXPECT_EQ(cli.exit_code, 1);
    EXPECT_EQ(cli.err, "scanlab: error: 'x' (value 3 of --input (line 1, column 5)) is not a number\n");

    s.form.input.text = "1 3000000000";  // advice names the type menu, not --type
    s.run();
    s.wait();
    EXPECT_EQ(s.trace, good);
    EXPECT_NE(s.error.find("int64 in the type menu"), std::string::npos) << s.error;
    EXPECT_EQ(s.error.find("--"), std::string::npos) << s.error;

    s.form.input.text = "1 2 3";  // a good run clears the message
    s.run();
    s.wait();
    EXPECT_TRUE(s.error.empty());
    EXPECT_NE(s.trace, good);
}

TEST(AppSession, TypingABadValueWithoutEnterKeepsThePreviousTraceAndEnterShowsTheErrorAndStillKeepsIt) {
    Session s;
    s.form.input.source = InputSource::text;
    s.form.input.text = "3 1 4 1 5";
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    const TracePtr good = s.trace;
    // Keystrokes edit the draft only: nothing runs, the form keeps the committed values.
    s.text_draft = "3 1 4 1 5 x";
    s.poll(0.1);
    s.wait();
    EXPECT_EQ(s.trace, good);
    EXPECT_EQ(s.form.input.text, "3 1 4 1 5");
    EXPECT_TRUE(s.error.empty());
    EXPECT_FALSE(s.busy());
    // A menu choice meanwhile runs with the committed input, and the draft stays a draft.
    s.form.request.op = OpKind::max;
    s.run();
    s.wait();
    EXPECT_TRUE(s.error.empty()) << s.error;
    EXPECT_EQ(s.trace->trace.n, 5);
    ASSERT_TRUE(s.text_draft.has_value());
    const TracePtr max_trace = s.trace;
    // Enter: the refusal, in the app's words, and the last good trace stays.
    s.commit_input();
    s.wait();
    EXPECT_EQ(s.trace, max_trace);
    EXPECT_NE(s.error.find("'x' (value 6 of the typed values"), std::string::npos) << s.error;
    EXPECT_FALSE(s.has_draft());
    // A good value on Enter replaces it and clears the refusal.
    s.text_draft = "2 7 1 8";
    s.commit_input();
    s.wait();
    EXPECT_TRUE(s.error.empty());
    EXPECT_EQ(s.trace->trace.n, 4);
}

TEST(AppSession, ARefusedSizeIsTheCLIsSentenceInTheAppsWords) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    s.form.request.algorithm = Algorithm::kogge_stone;
    s.form.input.source = InputSource::random;
    s.form.input.random_n = 5000;
    s.run();
    s.wait();
    EXPECT_EQ(s.trace, good);
    EXPECT_NE(s.error.find("use hierarchical in the algorithm menu"), std::string::npos) << s.error;
    const CliResult cli = run_cli({"scan", "--algo", "kogge-stone", "--random", "5000"});
    std::string app_sentence = s.error;
    app_sentence.replace(app_sentence.find("hierarchical in the algorithm menu"), 34, "--algo hierarchical");
    EXPECT_EQ(cli.err, "scanlab: error: " + app_sentence + "\n");
}

TEST(AppSession, AComparisonThatCannotRunIsReportedAndTheMainRunStands) {
    Session s;
    s.form.input.source = InputSource::random;
    s.form.input.random_n = 5000;
    s.form.request.section = 0;
    s.form.compare_algorithm = Algorithm::kogge_stone;  // one section of at most 1024
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    EXPECT_TRUE(s.error.empty()) << s.error;
    EXPECT_EQ(s.compare, nullptr);
    // Said plainly, with the N it runs at, not as the refusal of a run.
    EXPECT_EQ(s.compare_error, "No Kogge-Stone comparison at N = 5,000: Kogge-Stone scans one section, up to N = 1,024.");
}

TEST(AppSession, MalformedTruncatedOrForeignFilesLeaveTheTraceAlone) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    const std::string trunc = temp_path("truncated.json"), foreign = temp_path("foreign.json");
    {
        std::ofstream(trunc) << "{\"format\": \"scanlab-trace\", \"version\": 1, \"steps\": [";
        std::ofstream(foreign) << "{\"hello\": \"world\"}";
    }
    for (const std::string& path : {trunc, foreign, temp_path("missing.json")}) {
        s.open_trace(path);
        s.wait();
        EXPECT_EQ(s.trace, good) << path;
        // Said as a failed open, for the dialog and the status line, not as a refused input.
        const std::string& failure = s.open_task.failure;
        EXPECT_FALSE(s.open_task.pending);
        EXPECT_NE(failure.find(quoted_path(path)), std::string::npos) << failure;
        EXPECT_NE(failure.find("The trace on screen is unchanged."), std::string::npos) << failure;
        EXPECT_EQ(s.status, failure);
        EXPECT_TRUE(s.status_failed);
        EXPECT_TRUE(s.error.empty()) << s.error;
        // One sentence in the app's words, not the parser's internals.
        EXPECT_EQ(failure.find('\n'), std::string::npos) << failure;
        EXPECT_EQ(failure.find("json.exception"), std::string::npos) << failure;
        EXPECT_EQ(failure.find("syntax error"), std::string::npos) << failure;
    }
    std::filesystem::remove(trunc);
    std::filesystem::remove(foreign);
}

TEST(AppSession, AnOpenFailureQuotesThePathAsGivenNeverCapitalised) {
    Session s = ran_fig910();
    // A relative path beginning with a small letter, as a user types it.
    const std::string dir = "m_" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/x.json";
    std::ofstream(path) << "{\"hello\": \"world\"}";
    s.open_trace(path);
    s.wait();
    EXPECT_EQ(s.open_task.failure.rfind("'" + path + "' is not a usable Scan Lab trace", 0), 0u) << s.open_task.failure;
    std::filesystem::remove_all(dir);
}

TEST(AppSession, AReadErrorWhileOpeningIsASentenceNamingTheFile) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    const std::string path = saved_trace("eio.json", good->trace);
    ::setenv("SCANLAB_FAIL_READS_AFTER", "100", 1);  // the preloaded fault shim fails reads past 100 bytes
    s.open_trace(path);
    s.wait();
    ::unsetenv("SCANLAB_FAIL_READS_AFTER");
    std::vector<std::string> failures{s.open_task.failure};
    // /proc/self/mem reads as a regular file whose first read fails: no shim needed.
    s.open_trace("/proc/self/mem");
    s.wait();
    failures.push_back(s.open_task.failure);
    if (failures[0].empty()) failures.erase(failures.begin());  // the shim is not preloaded (ctest preloads it)
    for (const std::string& failure : failures) {
        EXPECT_EQ(failure.rfind("Reading '", 0), 0u) << failure;
        EXPECT_NE(failure.find("' failed partway: Input/output error. The trace on screen is unchanged."), std::string::npos) << failure;
    }
    EXPECT_EQ(s.trace, good);
    std::filesystem::remove(path);
}

TEST(AppSession, ACancelledOpenKeepsTheTraceOnScreenAndDropsTheFilesResult) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    const std::string path = saved_trace("cancelled.json", brent_kung_fig910());
    s.open_trace(path);
    EXPECT_TRUE(s.open_task.pending);
    s.cancel_open();
    EXPECT_FALSE(s.open_task.pending);
    EXPECT_NE(s.status.find("cancelled"), std::string::npos) << s.status;
    s.wait();  // the file is read and checked to its end, and its trace dropped
    EXPECT_EQ(s.trace, good);
    EXPECT_TRUE(s.open_task.failure.empty());
    std::filesystem::remove(path);
}

// A Cancel that comes after the file was read and checked, but before a frame took the result in:
// the result is dropped whole (a trace or a refusal alike), nothing stays pending, and the trace on
// screen is the one that was there. A Cancel after the frame took it in has nothing to stop.
TEST(AppSession, ACancelArrivingJustAsTheReadFinishesDropsItsResultWhole) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    const std::string path = saved_trace("just_read.json", brent_kung_fig910()), bad = temp_path("just_refused.json");
    std::ofstream(bad) << "{\"format\": \"scanlab-trace\", \"version\": 1";
    for (const std::string& file : {path, bad}) {
        s.open_trace(file);
        s.wait_unpolled();  // read and checked (or refused); no frame has taken it in
        s.cancel_open();
        s.poll(0);
        EXPECT_EQ(s.trace, good) << file;
        EXPECT_FALSE(s.open_task.pending) << file;
        EXPECT_TRUE(s.open_task.failure.empty()) << s.open_task.failure;
        EXPECT_TRUE(s.error.empty()) << s.error;
        EXPECT_NE(s.status.find("cancelled"), std::string::npos) << s.status;
        EXPECT_FALSE(s.busy());
        EXPECT_FALSE(s.working());
    }
    s.open_trace(path);
    s.wait();
    s.cancel_open();  // too late: the file is on screen, and the Cancel changes nothing
    ASSERT_NE(s.trace, good);
    EXPECT_EQ(s.trace->trace.algorithm, Algorithm::brent_kung);
    EXPECT_EQ(s.status.rfind("opened ", 0), 0u) << s.status;
    std::filesystem::remove(path);
    std::filesystem::remove(bad);
}

TEST(AppSession, ASavedTraceOpensAsTheSameTraceWithItsComparison) {
    Session s = ran_fig910();
    s.go_to(5);
    const std::string path = temp_path("saved.json");
    s.save_trace(path);
    s.wait();
    EXPECT_TRUE(s.save_task.failure.empty()) << s.save_task.failure;
    EXPECT_NE(s.status.find(path), std::string::npos);
    const TracePtr before = s.trace;
    Session other;
    other.form.compare_algorithm = Algorithm::sequential;
    other.open_trace(path);
    other.wait();
    ASSERT_NE(other.trace, nullptr) << other.error;
    EXPECT_EQ(other.trace->trace.steps.size(), before->trace.steps.size());
    EXPECT_TRUE(bitwise_equal(other.trace->trace.result, before->trace.result));
    EXPECT_EQ(other.trace->trace.counts, before->trace.counts);
    EXPECT_EQ(other.step, 0u);
    ASSERT_NE(other.compare, nullptr);
    EXPECT_EQ(other.compare->trace.counts.additions, 15);  // sequential on the file's 16 values
    std::filesystem::remove(path);
}

TEST(AppSession, TheControlsTakeTheSettingsOfAnOpenedTrace) {
    Session s;
    s.form.backend = BackendChoice::cpu;
    s.form.request.algorithm = Algorithm::brent_kung;
    s.form.request.op = OpKind::max;
    s.form.request.exclusive = true;
    s.form.input.source = InputSpec::Source::text;
    s.form.input.text = "3 1 7 0 4 1 6 3";
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr) << s.error;
    const std::string path = temp_path("controls.json");
    s.save_trace(path);
    s.wait();
    Session other;  // the Figure 9.10 defaults
    other.form.backend = BackendChoice::cpu;
    other.open_trace(path);
    other.wait();
    ASSERT_NE(other.trace, nullptr) << other.error;
    EXPECT_EQ(other.form.request.algorithm, Algorithm::brent_kung);
    EXPECT_EQ(other.form.request.op, OpKind::max);
    EXPECT_TRUE(other.form.request.exclusive);
    EXPECT_EQ(other.form.input.source, InputSpec::Source::text);
    EXPECT_EQ(other.form.input.text, "3 1 7 0 4 1 6 3");
    EXPECT_EQ(other.form.backend, BackendChoice::cpu);  // the user's, not the file's
    // Running the controls now runs what is on screen again.
    const Trace opened = other.trace->trace;
    other.run();
    other.wait();
    EXPECT_EQ(other.trace->trace.counts, opened.counts);
    EXPECT_TRUE(bitwise_equal(other.trace->trace.result, opened.result));
    std::filesystem::remove(path);
}

TEST(AppSession, SavingWhereItCannotIsASentenceAndLeavesNoFile) {
    Session s = ran_fig910();
    const std::string good = temp_path("saved-first.json");
    s.save_trace(good);
    s.wait();
    EXPECT_NE(s.status.find("saved the trace to"), std::string::npos) << s.status;
    s.save_trace("/nonexistent-folder/x.json");
    EXPECT_TRUE(s.save_task.pending);
    s.wait();
    EXPECT_FALSE(s.save_task.pending);
    EXPECT_EQ(s.save_task.failure,
              "Cannot save the trace to '/nonexistent-folder/x.json': its folder does not exist. Nothing was written.");
    // The status line says the failure, never the earlier save's confirmation.
    EXPECT_EQ(s.status, s.save_task.failure);
    EXPECT_TRUE(s.status_failed);
    EXPECT_TRUE(s.error.empty()) << s.error;  // not the input's refusal
    EXPECT_FALSE(std::filesystem::exists("/nonexistent-folder/x.json"));
    // A later save that works clears the failure.
    s.save_trace(good);
    s.wait();
    EXPECT_TRUE(s.save_task.failure.empty());
    EXPECT_FALSE(s.status_failed);
    std::filesystem::remove(good);
}

TEST(AppSession, PlayAdvancesWithTimeAndStopsAtTheLastStep) {
    Session s = ran_fig910();
    s.steps_per_second = 2;
    s.toggle_play();
    s.poll(0.6);
    EXPECT_EQ(s.step, 1u);
    s.poll(10.0);
    EXPECT_EQ(s.step, s.step_count() - 1);
    EXPECT_FALSE(s.playing);
    s.step_back();
    s.first_step();
    EXPECT_EQ(s.step, 0u);
    s.step_back();
    EXPECT_EQ(s.step, 0u);
    s.last_step();
    s.step_forward();
    EXPECT_EQ(s.step, s.step_count() - 1);
    EXPECT_EQ(s.compare_step(), s.compare->trace.steps.size() - 1);
}

TEST(AppSession, WhilePlayingTheLoopCanSleepUntilTheNextStepIsDue) {
    Session s = ran_fig910();
    s.steps_per_second = 2;
    s.toggle_play();
    s.poll(0);
    EXPECT_DOUBLE_EQ(s.seconds_to_next_step(), 0.5);
    s.poll(0.3);
    EXPECT_NEAR(s.seconds_to_next_step(), 0.2, 1e-9);
    EXPECT_EQ(s.step, 0u);
    s.poll(0.2);  // woken when it was due: the step is taken, the next one half a second away
    EXPECT_EQ(s.step, 1u);
    EXPECT_NEAR(s.seconds_to_next_step(), 0.5, 1e-9);
}

TEST(AppSession, ANewerRequestWinsOverAnOlderOneStillRunning) {
    Session s;
    // 200,000 typed values: parsed before the size check can refuse them, so slow enough to be
    // overtaken (N random values are refused from N alone, at once).
    s.form.input.source = InputSource::text;
    std::string many;
    for (int i = 0; i < 200000; ++i) many += "1 ";
    s.form.input.text = many;
    s.form.request.algorithm = Algorithm::sequential;
    s.form.compare_algorithm = Algorithm::sequential;
    s.run();
    s.form = Form{};
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    EXPECT_EQ(s.trace->trace.n, 16);
    EXPECT_TRUE(s.error.empty()) << "the older request's refusal must be dropped: " << s.error;
}

TEST(AppSession, TheFigure910PanelHasItsOwnRealTrace) {
    const TracePtr f = run_fig910(BackendChoice::automatic);
    ASSERT_NE(f, nullptr);
    const Trace& t = f->trace;
    EXPECT_EQ(t.grid, 4);
    std::vector<int32_t> s_values;
    for (const Step& s : t.steps)
        if (s.phase == Phase::block_sum_write) s_values = ints(s.values);
    EXPECT_EQ(s_values, (std::vector<int32_t>{7, 7, 6, 11}));
}

// Compare steps both runs together to the end of the longer one, either way round: Kogge-Stone's
// 5 steps beside Brent-Kung's longer run, End shows Brent-Kung's last step (its distribution tree
// done, 26 additions), and stepping back from there walks the longer run back first.
TEST(AppSession, CompareStepsBothRunsToTheEndOfTheLongerOneEitherWayRound) {
    for (const bool kogge_stone_first : {true, false}) {
        Session s;
        s.form.backend = BackendChoice::cpu;
        s.form.request.algorithm = kogge_stone_first ? Algorithm::kogge_stone : Algorithm::brent_kung;
        s.form.compare_algorithm = kogge_stone_first ? Algorithm::brent_kung : Algorithm::kogge_stone;
        s.form.request.section = 16;
        s.run();
        s.wait();
        ASSERT_TRUE(s.trace && s.compare);
        s.stepping_both = true;
        const ShownTrace& bk = kogge_stone_first ? *s.compare : *s.trace;
        s.last_step();
        const size_t bk_step = kogge_stone_first ? s.compare_step() : s.step;
        EXPECT_EQ(bk_step + 1, bk.trace.steps.size());
        EXPECT_EQ(bk.book.cumulative_additions[bk_step], 26);
        EXPECT_TRUE(s.at_end());
        // Step by step from the start, the other way to the end.
        s.first_step();
        size_t presses = 0;
        while (!s.at_end() && presses < 100) s.step_forward(), ++presses;
        EXPECT_EQ(presses + 1, std::max(s.trace->trace.steps.size(), s.compare->trace.steps.size()));
        s.step_back();
        EXPECT_FALSE(s.at_end());
        // Kogge-Stone first: it rests on its last step while Brent-Kung steps back alone.
        EXPECT_EQ(s.step + (kogge_stone_first ? 1 : 2), s.trace->trace.steps.size());
    }
}
