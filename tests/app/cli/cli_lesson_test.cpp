// `scanlab lesson`: a lesson held against its runs from the command line, and one slide shown with
// its numbers. A failed check says each problem as FILE:LINE and exits 1, so CI can run it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/cli_run.hpp"

namespace {

std::string written(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + "/" + name;
    std::ofstream(path) << text;
    return path;
}

TEST(CliLesson, ACheckThatFailsNamesEachProblemWithItsLineAndExits1) {
    const std::string path = written("two-problems.md",
                                     "# Two problems\n::: run --algo brent-kung --preset fig9.10\n{{additons}}\n::: checkpoint number\n"
                                     "::: ask Additions?\n::: answer total = 27\n");
    const CliResult r = run_cli({"lesson", "check", path});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("two-problems.md:3: {{additons}} has no value on this slide"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("two-problems.md:6: the run contradicts this checkpoint: total is 26 on its run, not 27"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "");
}

// A sentence typed by hand is held to the run, as a checkpoint is: the check fails naming it.
TEST(CliLesson, ASentenceTheRunContradictsFailsTheCheckAndOneThatHoldsPasses) {
    const std::string bad = written("sentence.md",
                                    "# Sentence\n::: run --algo brent-kung --preset fig9.10\n::: step 4\n"
                                    "After {{label}}: 15 additions so far, Y[5] = 12.\n");
    const CliResult r = run_cli({"lesson", "check", bad});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(
        r.err,
        "sentence.md:4: the run contradicts \"Y[5] = 12\": Y[5] is 11 on it; write {{value Y[5]}} so that the number comes from the run\n");
    const std::string good = written("sentence-good.md",
                                     "# Sentence\n::: run --algo brent-kung --preset fig9.10\n::: step 4\n"
                                     "After {{label}}: 15 additions so far, Y[5] = 11.\n");
    const CliResult ok = run_cli({"lesson", "check", good});
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_EQ(ok.out, good + ": 1 slide holds against its run\n");
}

TEST(CliLesson, ShowPrintsTheSlideWithItsNumbersAndNotTheAnswer) {
    const std::string path = written("show.md",
                                     "# Show\n::: run --algo brent-kung --preset fig9.10\n::: step 4\nSo far {{additions}}.\n"
                                     "::: checkpoint number\n::: ask How many in all?\n::: answer total = 26\n");
    const CliResult r = run_cli({"lesson", "show", path, "--slide", "1"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("So far 15."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Checkpoint: How many in all?"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("26"), std::string::npos) << r.out;
    EXPECT_EQ(run_cli({"lesson", "show", path, "--slide", "2"}).err, "scanlab: error: show.md has 1 slide; there is no slide 2\n");
}

}  // namespace
