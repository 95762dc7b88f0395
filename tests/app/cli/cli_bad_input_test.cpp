// Every way a user can hand `scanlab` bad words or bad numbers: it must refuse with a non-zero
// exit, print nothing on stdout (no half a table, no partial result), and say on stderr what is
// wrong in words the user can act on.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "core/number_text.hpp"
#include "tests/cli_run.hpp"

namespace {

// The refusal contract: non-zero exit, empty stdout, a "scanlab: error:" line naming the problem.
::testing::AssertionResult refused_saying(const CliResult& r, const std::vector<std::string>& words) {
    std::string why;
    if (r.exit_code == 0) why += "\n  exit code is 0 (expected non-zero)";
    if (r.exit_code >= 126) why += "\n  exit code " + std::to_string(r.exit_code) + " looks like a crash or a failed exec";
    if (!r.out.empty()) why += "\n  stdout is not empty: \"" + r.out.substr(0, 400) + "\"";
    if (r.err.find("scanlab: error: ") == std::string::npos) why += "\n  stderr has no \"scanlab: error: \" line";
    for (const std::string& w : words)
        if (r.err.find(w) == std::string::npos) why += "\n  stderr does not mention \"" + w + "\"";
    if (why.empty()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << why << "\n  exit code: " << r.exit_code << "\n  stderr: \"" << r.err << "\"";
}

size_t count_lines(const std::string& s) {
    size_t n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

}  // namespace

// The refusals whose whole test is one command and the words its refusal must say.
struct Refusal {
    const char* name;  // the behaviour, as the test is named
    std::vector<std::string> args;
    std::vector<std::string> says;
};

const Refusal kRefusals[] = {
    {"NonNumericTokenNamesTheTokenAndItsPosition", {"scan", "--input", "2,1,x,3"}, {"'x'", "value 3", "--input", "not a number"}},
    {"NonNumericTokenAfterSpacesNamesItsColumn", {"scan", "--input", "1 2 3 abc"}, {"'abc'", "value 4", "column 7", "not a number"}},
    {"Int32OutOfRangeValueSuggestsInt64",
     {"scan", "--input", "1,3000000000"},
     {"'3000000000'", "value 2", "out of range", "int32", "--type int64"}},
    {"RealNumberWithInt32SuggestsAFloatingType",
     {"scan", "--input", "1,2.5", "--type", "int32"},
     {"'2.5'", "value 2", "real number", "--type float"}},
    {"NanForFloatIsRefusedAsNotFinite", {"scan", "--input", "1,nan", "--type", "float"}, {"'nan'", "value 2", "not a finite number"}},
    {"InfForFloatIsRefusedAsNotFinite", {"scan", "--input", "1,inf", "--type", "float"}, {"'inf'", "value 2", "not a finite number"}},
    {"NegativeInfForDoubleIsRefusedAsNotFinite",
     {"scan", "--input", "-inf,1", "--type", "double"},
     {"'-inf'", "value 1", "not a finite number"}},
    {"Int32SumOverflowNamesTheIndexAndSuggestsInt64",
     {"scan", "--input", "2147483647,1"},
     {"overflow", "int32", "index 1", "--type int64"}},
    {"Int64SumOverflowIsRefused", {"scan", "--input", "9223372036854775807,1", "--type", "int64"}, {"overflow", "int64", "index 1"}},
    {"Int64NegativeSumOverflowIsRefused", {"scan", "--input", "-9223372036854775807,-2", "--type", "int64"}, {"overflow", "int64"}},
    {"UnknownAlgorithmIsNamedAndTheChoicesListed",
     {"scan", "--algo", "quicksort", "--preset", "slides"},
     {"unknown algorithm", "'quicksort'", "kogge-stone", "brent-kung", "hierarchical"}},
    {"BlockAlgoRefusalNamesEveryScanThatTakesOne",
     {"scan", "--algo", "slides", "--block-algo", "brent-kung", "--preset", "slides"},
     {"--block-algo chooses the block scan inside --algo hierarchical or segmented", "leave --block-algo out"}},
    {"UnknownBlockAlgorithmIsNamed",
     {"scan", "--block-algo", "sequential", "--preset", "slides"},
     {"block algorithm", "'sequential'", "kogge-stone", "brent-kung"}},
    {"UnknownOperatorIsNamed", {"scan", "--op", "prod", "--preset", "slides"}, {"unknown operator", "'prod'", "sum", "max", "min"}},
    {"UnknownTypeIsNamed", {"scan", "--type", "int8", "--preset", "slides"}, {"unknown type", "'int8'", "int64"}},
    {"UnknownPresetIsNamedAndTheChoicesListed", {"scan", "--preset", "fig9.99"}, {"unknown preset", "'fig9.99'", "fig9.10", "slides-t0"}},
    {"UnknownBackendIsNamed", {"scan", "--backend", "tpu", "--preset", "slides"}, {"unknown backend", "'tpu'", "auto", "cpu", "gpu"}},
    {"UnknownScheduleIsNamed",
     {"scan", "--schedule", "sideways", "--preset", "slides"},
     {"unknown schedule", "'sideways'", "in-order", "reverse", "random"}},
    {"RandomScheduleWithABadSeedIsRefused", {"scan", "--schedule", "random:x", "--preset", "slides"}, {"unknown schedule", "'random:x'"}},
    {"UnknownFormatIsNamed", {"trace", "--format", "xml", "--preset", "slides"}, {"unknown format", "'xml'", "table", "json"}},
    {"UnknownOptionIsNamed", {"scan", "--frobnicate", "--preset", "slides"}, {"unknown option", "'--frobnicate'", "--help"}},
    {"UnknownCommandIsNamedAndTheCommandsListed", {"sort", "--preset", "slides"}, {"unknown command", "'sort'", "trace", "scan"}},
    {"OptionMissingItsValueAtTheEndIsNamed", {"scan", "--preset", "slides", "--section"}, {"--section", "needs a value"}},
    {"NonNumericSectionIsRefused", {"scan", "--preset", "slides", "--section", "four"}, {"--section", "whole number", "'four'"}},
    {"SectionNotAPowerOfTwoIsRefused",
     {"scan", "--algo", "hierarchical", "--preset", "fig9.10", "--section", "3"},
     {"--section 3", "power of two"}},
    {"NegativeSectionIsRefused", {"scan", "--preset", "fig9.10", "--section", "-4"}, {"--section", "power of two"}},
    {"Section4096IsTooLargeForHierarchical",
     {"scan", "--algo", "hierarchical", "--random", "5000", "--section", "4096"},
     {"--section 4096", "larger than", "1024"}},
    {"ThreePhaseTakesOnlyKoggeStoneOrBrentKungForItsPhase2",
     {"scan", "--algo", "three-phase", "--block-algo", "sklansky", "--preset", "fig9.10"},
     {"--block-algo must be kogge-stone or brent-kung", "phase 2"}},
    {"NOverSingleSectionCapacityPointsToHierarchical",
     {"scan", "--algo", "kogge-stone", "--random", "1025"},
     {"kogge-stone", "1024", "N = 1025", "--algo hierarchical"}},
    {"NOverBrentKungCapacityPointsToHierarchical",
     {"scan", "--algo", "brent-kung", "--random", "2049"},
     {"brent-kung", "2048", "N = 2049", "--algo hierarchical"}},
    {"WarpWidthNotAPowerOfTwoIsRefused",
     {"trace", "--algo", "kogge-stone-racy", "--preset", "fig9.10", "--warp-width", "3"},
     {"--warp-width 3", "power of two", "32"}},
    {"WarpWidthOver32IsRefused",
     {"trace", "--algo", "kogge-stone-racy", "--preset", "fig9.10", "--warp-width", "64"},
     {"--warp-width 64", "32"}},
    {"NegativeRandomCountIsOutOfRange", {"scan", "--random", "-5"}, {"--random -5", "out of range", "from 1"}},
    {"ZeroRandomCountIsOutOfRange", {"scan", "--random", "0"}, {"--random 0", "out of range", "from 1"}},
    {"AbsurdRandomCountIsOutOfRangeAndNamesTheLimit",
     {"scan", "--random", "99999999999"},
     {"--random 99999999999", "out of range", "2^28"}},
    {"RandomCountBeyondInt64IsOutOfRange", {"scan", "--random", "999999999999999999999999"}, {"out of range", "2^28"}},
    {"NonNumericRandomCountIsNamed", {"scan", "--random", "abc"}, {"--random", "whole number", "'abc'"}},
    {"NonNumericSeedIsNamed", {"scan", "--random", "8", "--seed", "x1"}, {"--seed", "whole number", "'x1'"}},
    {"MoreThanOneInputIsRefused", {"scan", "--preset", "slides", "--input", "1,2"}, {"only one input"}},
    {"NoInputIsRefusedAndTheInputsListed",
     {"scan", "--algo", "kogge-stone"},
     {"no input", "--preset", "--input", "--input-file", "--random"}},
    {"MaxTraceMbOfZeroIsRefused", {"trace", "--preset", "slides", "--max-trace-mb", "0"}, {"--max-trace-mb"}},
};

class CliRefusal : public ::testing::TestWithParam<Refusal> {};

TEST_P(CliRefusal, SaysWhatIsWrongAndPrintsNothing) {
    const Refusal& want = GetParam();
    const CliResult r = run_cli(want.args);
    EXPECT_TRUE(refused_saying(r, want.says));
}

INSTANTIATE_TEST_SUITE_P(CliBadInput, CliRefusal, ::testing::ValuesIn(kRefusals),
                         [](const ::testing::TestParamInfo<Refusal>& i) { return std::string(i.param.name); });

// ---- the values themselves -------------------------------------------------------------------

TEST(CliBadInput, EmptyInputTextScansToNothingAndExitsZero) {
    const CliResult r = run_cli({"scan", "--input", "", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "");
}

TEST(CliBadInput, InputOfOnlySeparatorsIsAnEmptyInput) {
    const CliResult r = run_cli({"trace", "--input", " , ,; \t", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("N = 0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("K1 · load"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("totals: 0 additions in 1 step,"), std::string::npos) << r.out;
}

// ---- overflow --------------------------------------------------------------------------------

TEST(CliBadInput, SumRefusedForInt32OverflowSucceedsWithInt64) {
    const CliResult r = run_cli({"scan", "--input", "2147483647,1", "--type", "int64"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "2147483647\n2147483648\n");
    EXPECT_EQ(r.err.find("error"), std::string::npos) << r.err;
}

// ---- sizes an algorithm cannot take ------------------------------------------------------------

TEST(CliBadInput, Section4096IsTooLargeEvenForBrentKungBlocks) {
    const CliResult r = run_cli({"scan", "--algo", "hierarchical", "--block-algo", "brent-kung", "--random", "5000", "--section", "4096"});
    EXPECT_TRUE(refused_saying(r, {"--section 4096", "larger than", "2048"}));
}

TEST(CliBadInput, Section2048IsRefusedWithKoggeStoneBlocks) {
    const CliResult r = run_cli({"scan", "--algo", "hierarchical", "--block-algo", "kogge-stone", "--random", "5000", "--section", "2048"});
    EXPECT_TRUE(refused_saying(r, {"--section 2048", "kogge-stone", "1024"}));
}

TEST(CliBadInput, Section2048ForSlidesDoesNotSuggestABlockAlgorithm) {
    const CliResult r = run_cli({"scan", "--algo", "slides", "--random", "5000", "--section", "2048"});
    EXPECT_TRUE(refused_saying(r, {"--section 2048", "scan_cuda", "1024"}));
    EXPECT_EQ(r.err.find("--block-algo"), std::string::npos) << r.err;
}

TEST(CliBadInput, Section2048ForSingleSectionKoggeStoneDoesNotSuggestABlockAlgorithm) {
    const CliResult r = run_cli({"scan", "--algo", "kogge-stone", "--random", "1000", "--section", "2048"});
    EXPECT_TRUE(refused_saying(r, {"--section 2048", "1024"}));
    EXPECT_EQ(r.err.find("--block-algo"), std::string::npos) << r.err;
}

TEST(CliBadInput, BlockAlgoOutsideHierarchicalIsRefusedNotIgnored) {
    for (const char* algo : {"slides", "kogge-stone", "brent-kung", "sequential"}) {
        const CliResult r = run_cli({"scan", "--algo", algo, "--block-algo", "brent-kung", "--preset", "fig9.10"});
        EXPECT_TRUE(refused_saying(r, {"--block-algo", "hierarchical", algo})) << algo;
    }
}

TEST(CliBadInput, CoarseningIsRefusedWhereNoBlockCoarsensAndTheRefusalSaysWhereItApplies) {
    const CliResult ks = run_cli({"scan", "--algo", "kogge-stone", "--coarsening", "4", "--preset", "fig9.10"});
    EXPECT_TRUE(refused_saying(ks, {"--coarsening", "three-phase", "kogge-stone does not coarsen"}));
    EXPECT_EQ(ks.err.find("--block-algo"), std::string::npos) << ks.err;
    const CliResult h = run_cli({"scan", "--algo", "hierarchical", "--coarsening", "4", "--preset", "fig9.10"});
    EXPECT_TRUE(refused_saying(h, {"--coarsening", "scans its blocks with kogge-stone", "--block-algo three-phase"}));
}

TEST(CliBadInput, CoarseningThatIsNotAPowerOfTwoIsRefused) {
    EXPECT_TRUE(refused_saying(run_cli({"scan", "--algo", "three-phase", "--coarsening", "3", "--preset", "fig9.10"}),
                               {"--coarsening 3", "not a power of two"}));
    EXPECT_TRUE(refused_saying(run_cli({"scan", "--algo", "three-phase", "--coarsening", "0", "--preset", "fig9.10"}),
                               {"--coarsening", "power of two"}));
}

TEST(CliBadInput, Section2048IsAcceptedWithBrentKungBlocks) {
    const CliResult r = run_cli({"scan", "--algo", "hierarchical", "--block-algo", "brent-kung", "--random", "5000", "--section", "2048"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(count_lines(r.out), 5000u);
    EXPECT_EQ(r.err.find("error"), std::string::npos) << r.err;
}

// ---- where the input comes from ----------------------------------------------------------------

TEST(CliBadInput, MissingInputFileIsNamed) {
    const std::string path = ::testing::TempDir() + "scanlab_no_such_dir/no_such_file.txt";
    const CliResult r = run_cli({"scan", "--input-file", path});
    EXPECT_TRUE(refused_saying(r, {scanlab::quoted_path(path), "does not exist"}));
}

TEST(CliBadInput, DirectoryAsInputFileIsRefusedAsNotReadable) {
    // A directory opens as a stream on Linux but is not a file of values; the user should be told
    // that, not that the "file" holds no numbers.
    const CliResult r = run_cli({"scan", "--input-file", "/"});
    ASSERT_TRUE(refused_saying(r, {"'/'"}));
    const bool names_the_cause = r.err.find("directory") != std::string::npos || r.err.find("not readable") != std::string::npos ||
                                 r.err.find("cannot read") != std::string::npos;
    EXPECT_TRUE(names_the_cause) << "stderr: " << r.err;
}

TEST(CliBadInput, EmptyStandardInputScansToNothing) {
    const CliResult r = run_cli({"scan", "--input-file", "-", "--backend", "cpu"}, "");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
}

TEST(CliBadInput, BadTokenOnStandardInputNamesLineAndColumn) {
    const CliResult r = run_cli({"scan", "--input-file", "-"}, "1 2\n3 oops\n");
    EXPECT_TRUE(refused_saying(r, {"'oops'", "value 4", "standard input", "line 2", "column 3"}));
}

TEST(CliBadInput, ASignAfterAPlusIsNoNumber) {
    const CliResult r = run_cli({"scan", "--input", "1,+-5"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("'+-5' (value 2 of --input (line 1, column 3)) is not a number"), std::string::npos) << r.err;
}

TEST(CliBadInput, AHugeTokenIsEchoedShortened) {
    const CliResult r = run_cli({"scan", "--input", std::string(100000, '7')});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_LT(r.err.size(), 300u);
    EXPECT_NE(r.err.find("…"), std::string::npos) << r.err;
}

TEST(CliBadInput, ANulByteDoesNotCutTheSentenceShort) {
    const CliResult r = run_cli({"scan", "--input-file", "-"}, std::string("1 2\0003 4", 7));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("'2?3' (value 2 of standard input (line 1, column 3)) is not a number\n"), std::string::npos) << r.err;
}

TEST(CliBadInput, NanForInt32SuggestsNoTypeThatWouldRefuseItToo) {
    const CliResult r = run_cli({"scan", "--input", "1,nan"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("'nan'"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("--type float"), std::string::npos) << r.err;
}

TEST(CliBadInput, ASectionPastTheIntegerRangeIsTooLargeNotAnyOldWord) {
    const CliResult r = run_cli({"scan", "--preset", "fig9.10", "--section", "2147483648"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--section 2147483648 is too large"), std::string::npos) << r.err;
}

TEST(CliBadInput, TheSequentialLoopTakesAnInputWhoseEveryRunningSumFits) {
    const CliResult seq = run_cli({"scan", "--algo", "sequential", "--input", "-1,2147483647,1", "--backend", "cpu"});
    EXPECT_EQ(seq.exit_code, 0) << seq.err;
    EXPECT_EQ(seq.out, "-1\n2147483646\n2147483647\n");
    // Kogge-Stone adds 2147483647 + 1 at stride 1: refused.
    const CliResult ks = run_cli({"scan", "--algo", "kogge-stone", "--input", "-1,2147483647,1", "--backend", "cpu"});
    EXPECT_EQ(ks.exit_code, 1);
    EXPECT_NE(ks.err.find("integer overflow"), std::string::npos) << ks.err;
}

TEST(CliBadInput, AFloatSumLeavingTheFiniteRangeIsPrintedWithAWarningNamingTheIndex) {
    const CliResult seq = run_cli({"scan", "--algo", "sequential", "--type", "float", "--input", "3e38,3e38,-3e38", "--backend", "cpu"});
    EXPECT_EQ(seq.exit_code, 0);
    EXPECT_EQ(seq.out, "3e+38\ninf\ninf\n");
    EXPECT_NE(seq.err.find("warning: the float scan leaves the finite range at index 1 (inf)"), std::string::npos) << seq.err;
    const CliResult ks = run_cli({"scan", "--algo", "kogge-stone", "--type", "float", "--input", "3e38,3e38,-3e38", "--backend", "cpu"});
    EXPECT_EQ(ks.out, "3e+38\ninf\n3e+38\n");  // another order of additions
    EXPECT_NE(ks.err.find("its own order"), std::string::npos) << ks.err;
    const CliResult fine = run_cli({"scan", "--type", "float", "--input", "3e38,-3e38", "--backend", "cpu"});
    EXPECT_EQ(fine.err.find("warning"), std::string::npos) << fine.err;
}

// ---- the segmented scan's head flags ---------------------------------------------------------

TEST(CliBadFlags, SegmentedWithoutFlagsSaysHowToGiveThem) {
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--input", "1 2 3", "--backend", "cpu"});
    EXPECT_TRUE(refused_saying(r, {"needs head flags", "--flags"}));
}

TEST(CliBadFlags, FewerFlagsThanValuesNamesBothCounts) {
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--input", "1 2 3", "--flags", "1,0", "--backend", "cpu"});
    EXPECT_TRUE(refused_saying(r, {"2 flags", "N = 3"}));
}

TEST(CliBadFlags, MoreFlagsThanValuesNamesBothCounts) {
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--input", "1 2", "--flags", "1 0 1", "--backend", "cpu"});
    EXPECT_TRUE(refused_saying(r, {"3 flags", "N = 2"}));
}

TEST(CliBadFlags, AFlagOtherThan0Or1IsNamedWithItsPosition) {
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--input", "1 2 3", "--flags", "1 2 0", "--backend", "cpu"});
    EXPECT_TRUE(refused_saying(r, {"'2'", "flag 2", "0 or 1"}));
}

TEST(CliBadFlags, ABadPatternIsRefused) {
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--random", "10", "--flags", "every:zero", "--backend", "cpu"});
    EXPECT_TRUE(refused_saying(r, {"every:K"}));
}

TEST(CliBadFlags, FlagsOnAnAlgorithmWithoutSegmentsAreRefused) {
    const CliResult r = run_cli({"scan", "--algo", "kogge-stone", "--input", "1 2 3", "--flags", "1 0 0"});
    EXPECT_TRUE(refused_saying(r, {"--flags", "leave --flags out"}));
}

TEST(CliBadFlags, ASecondColumnWithAFlagOf2IsRefused) {
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--input-file", "-", "--backend", "cpu"}, "5 1\n6 2\n");
    EXPECT_TRUE(refused_saying(r, {"head flag of value 2", "0 or 1"}));
}

TEST(CliBadFlags, AFileWithAnOddCountHasNoSecondColumn) {
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--input-file", "-", "--backend", "cpu"}, "5 1\n6\n");
    EXPECT_TRUE(refused_saying(r, {"two columns"}));
}

TEST(CliSegmented, AFilesSecondColumnGivesTheFlags) {
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--input-file", "-", "--backend", "cpu"}, "5 1\n6 0\n7 1\n8 0\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "5\n11\n7\n15\n");
}

TEST(CliSegmented, TypedFlagsRestartTheScanAndTheExclusiveScanStartsEachSegmentAtTheIdentity) {
    CliResult r = run_cli({"scan", "--algo", "segmented", "--input", "1 2 3 4", "--flags", "1 0 1 0", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "1\n3\n3\n7\n");
    r = run_cli({"scan", "--algo", "segmented", "--input", "1 2 3 4", "--flags", "1 0 1 0", "--exclusive", "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "0\n1\n0\n3\n");
}

TEST(CliBadInput, BlockScheduleWordsOutsideTheSinglePassScansAreRefused) {
    EXPECT_TRUE(refused_saying(run_cli({"trace", "--algo", "kogge-stone", "--preset", "fig9.10", "--block-schedule", "reverse"}),
                               {"--block-schedule", "single-pass"}));
    EXPECT_TRUE(refused_saying(run_cli({"trace", "--algo", "hierarchical", "--preset", "fig9.10", "--static-index"}), {"--static-index"}));
    EXPECT_TRUE(refused_saying(run_cli({"trace", "--algo", "domino", "--preset", "fig9.10", "--block-schedule", "sideways"}),
                               {"unknown block schedule 'sideways'"}));
    EXPECT_TRUE(
        refused_saying(run_cli({"trace", "--algo", "domino", "--preset", "fig9.10", "--resident-blocks", "0"}), {"--resident-blocks 0"}));
}

TEST(CliBadInput, ADeadlockedDominoScanPrintsNoResultSaysWhoWaitsAndExitsThree) {
    const CliResult r = run_cli({"scan", "--algo", "domino", "--preset", "fig9.10", "--backend", "cpu", "--block-schedule", "reverse",
                                 "--static-index", "--resident-blocks", "2"});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(
        r.err.find(
            "deadlock: every resident block waits: block 3 for flags[3], which block 2 sets; block 2 for flags[2], which block 1 sets, but "
            "block 1 never started"),
        std::string::npos)
        << r.err;
    const CliResult t = run_cli({"trace", "--algo", "domino", "--preset", "fig9.10", "--backend", "cpu", "--block-schedule", "reverse",
                                 "--static-index", "--resident-blocks", "2"});
    EXPECT_EQ(t.exit_code, 3);
    EXPECT_NE(t.out.find("DEADLOCK"), std::string::npos) << t.out;
}

// A path the user gave is quoted as a word is: its last 40 characters (where the file's name is),
// a newline escaped (it would start a line of its own) and U+202E escaped (it would turn the rest
// of the line around), never echoed whole.
TEST(CliBadInput, ALongPathWithControlCharactersIsQuotedShortAndEscaped) {
    const std::string path = "/tmp/" + std::string(3000, 'd') + "/evil\n\xE2\x80\xAEname.txt";
    for (const auto& args : {std::vector<std::string>{"scan", "--input-file", path}, std::vector<std::string>{"lesson", "check", path},
                             std::vector<std::string>{"grade", "--exercise", "4", path}}) {
        const CliResult r = run_cli(args);
        EXPECT_NE(r.exit_code, 0) << args[0];
        EXPECT_LT(r.err.size(), 400u) << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
        EXPECT_EQ(r.err.find("\xE2\x80\xAE"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("dddd/evil\\n\\u202Ename.txt' (3,020 characters)"), std::string::npos) << r.err;
    }
}
