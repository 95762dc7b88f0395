// The table of run options: every front end reads its rows, so a row must be whole, the help must
// list it, and an option the algorithm does not take is refused in its row's sentence.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/input/run_link.hpp"
#include "core/input/run_options.hpp"
#include "core/input/run_spec.hpp"
#include "core/input/run_words.hpp"
#include "core/warp.hpp"

namespace scanlab {
namespace {

std::string refusal_of(const std::vector<std::string>& words) {
    try {
        parse_run_words(words, nullptr);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "(accepted)";
}

TEST(RunOptions, EveryRowHasAFlagAReaderAndAValueAndNoKeyIsTakenTwice) {
    std::set<std::string_view> flags, settings_keys;
    for (const RunOption& o : run_options()) {
        EXPECT_EQ(o.flag.substr(0, 2), "--") << o.flag;
        EXPECT_TRUE(o.read && o.value) << o.flag;
        EXPECT_TRUE(!o.refusal || o.takes) << o.flag << ": a refusal needs the algorithms that take it";
        EXPECT_TRUE(!o.leave || o.takes) << o.flag << ": leaving it behind needs the algorithms that take it";
        EXPECT_TRUE(flags.insert(o.flag).second) << o.flag;
        if (!o.settings_key.empty()) EXPECT_TRUE(settings_keys.insert(o.settings_key).second) << o.settings_key;
        if (o.in_link) EXPECT_EQ(find_option_by_link_key(o.link_key()), &o) << o.flag;
        EXPECT_EQ(find_option_by_flag(o.flag), &o);
    }
    EXPECT_EQ(find_option_by_link_key("max-trace-mb"), nullptr);  // the page keeps its own limit
}

// The core's sentences name a control by its row: the CLI's flag, or the app's label.
TEST(RunOptions, EveryControlTheCoreNamesHasARowAndIsWordedForEachFrontEnd) {
    for (int c = 0; c <= int(Control::window); ++c) {
        const RunOption* o = find_option_by_control(Control(c));
        ASSERT_NE(o, nullptr) << "control " << c;
        EXPECT_EQ(control_name(Voice::cli, Control(c)), o->flag);
        EXPECT_FALSE(o->label.empty()) << o->flag;
    }
    EXPECT_EQ(setting(Voice::cli, Control::warp_width, "4"), "--warp-width 4");
    EXPECT_EQ(setting(Voice::app, Control::warp_width, "4"), "4 in the warp width menu");
    EXPECT_EQ(subject(Voice::app, Control::random, "0"), "random N 0");
    EXPECT_EQ(control_name(Voice::app, Control::sample_block), "the sampled block field");
    EXPECT_EQ(control_name(Voice::app, Control::input), "the typed values");
}

TEST(RunOptions, TheHelpListsEveryOptionWithItsHelpInOneColumn) {
    const std::string usage = run_words_usage();
    for (const RunOption& o : run_options())
        if (o.help) EXPECT_NE(usage.find("\n  " + std::string(o.flag) + " "), std::string::npos) << o.flag;
    // Each option's help starts in its section's column (inputs 38, options 27), unless its
    // words are longer; its further lines start there too.
    size_t column = 0;
    std::istringstream in(usage);
    for (std::string line; std::getline(in, line);) {
        if (line == "INPUT (exactly one):") column = 38;
        if (line == "OPTIONS:") column = 27;
        if (line == "ALGORITHMS:") break;
        if (column == 0 || line.size() < column || line.substr(0, 2) != "  ") continue;
        const size_t words_end = line.find("   ", 2);
        if (words_end != std::string::npos && words_end < column)
            EXPECT_TRUE(line[column - 1] == ' ' && line[column] != ' ') << "'" << line << "'";
    }
}

TEST(RunOptions, AnOptionTheAlgorithmDoesNotTakeIsRefusedInItsRowsSentence) {
    const std::map<std::string_view, std::vector<std::string>> stated = {
        {"--block-algo", {"--block-algo", "brent-kung"}},
        {"--coarsening", {"--coarsening", "4"}},
        {"--block-schedule", {"--block-schedule", "reverse"}},
        {"--resident-blocks", {"--resident-blocks", "4"}},
        {"--static-index", {"--static-index"}},
        {"--window", {"--window", "4"}},
        {"--flags", {"--flags", "every:3"}},
    };
    for (const RunOption& o : run_options()) {
        if (!o.refusal) continue;
        ASSERT_TRUE(stated.count(o.flag)) << o.flag << " has a refusal this test does not state";
        std::vector<std::string> words = {"--algo", "sequential", "--preset", "fig9.10"};
        words.insert(words.end(), stated.at(o.flag).begin(), stated.at(o.flag).end());
        const std::string why = refusal_of(words);
        EXPECT_NE(why.find(std::string(o.flag)), std::string::npos) << why;
        EXPECT_NE(why.find("sequential"), std::string::npos) << why;
        EXPECT_NE(why.find("leave"), std::string::npos) << why;
    }
}

TEST(RunOptions, TheDefaultWindowChangesNothingSoEveryAlgorithmAcceptsIt) {
    EXPECT_EQ(refusal_of({"--algo", "kogge-stone", "--preset", "fig9.10", "--window", std::to_string(kWarpSize)}), "(accepted)");
    EXPECT_NE(refusal_of({"--algo", "kogge-stone", "--preset", "fig9.10", "--window", "4"}).find("--window"), std::string::npos);
}

TEST(RunOptions, RunWordsStateOnlyWhatDiffersFromTheDefaultAndTheInputAlways) {
    EXPECT_EQ(run_words(parse_run_words({"--preset", "fig9.10"}, nullptr)),
              (std::vector<std::string>{"--algo", "hierarchical", "--preset", "fig9.10"}));
    EXPECT_EQ(
        run_words(parse_run_words({"--random", "9", "--warp-width", "4", "--exclusive", "--inclusive", "--algo", "kogge-stone"}, nullptr)),
        (std::vector<std::string>{"--algo", "kogge-stone", "--warp-width", "4", "--random", "9"}));
}

TEST(RunOptions, TheWarpWidthsTheEmulationTakesArePowersOfTwoUpToTheWarp) {
    for (int w : {1, 2, 4, 8, 16, 32}) EXPECT_TRUE(is_warp_width(w)) << w;
    for (int w : {0, -4, 3, 12, 64}) EXPECT_FALSE(is_warp_width(w)) << w;
    EXPECT_EQ(ScanRequest{}.warp_width, kWarpSize);
}

// The app's refusals speak of its controls by the labels of their rows, never by a command-line
// flag: a student who never used the command line reads "section 3 in the section menu", not
// "--section 3".
std::string app_refusal(const RunSpec& spec) {
    try {
        prepare(spec, Voice::app, true);
    } catch (const ScanError& e) {
        return e.what();
    }
    return "(accepted)";
}

TEST(RunOptions, AnAppRefusalNamesTheControlByItsLabelAndNoFlag) {
    struct Case {
        Control control;
        void (*set)(RunSpec&);
    };
    const Case cases[] = {
        {Control::section, [](RunSpec& s) { s.request.section = 3; }},
        {Control::section, [](RunSpec& s) { s.request.section = 4096; }},
        {Control::warp_width, [](RunSpec& s) { s.request.warp_width = 3; }},
        {Control::coarsening, [](RunSpec& s) { s.request.algorithm = Algorithm::three_phase, s.request.coarsening = 3; }},
        {Control::block_algorithm,
         [](RunSpec& s) { s.request.algorithm = Algorithm::hierarchical, s.request.block_algorithm = Algorithm::sequential; }},
        {Control::type, [](RunSpec& s) { s.input.source = InputSpec::Source::text, s.input.text = "1 2.5 3"; }},
        {Control::type, [](RunSpec& s) { s.input.source = InputSpec::Source::text, s.input.text = "1 99999999999"; }},
        {Control::input, [](RunSpec& s) { s.input.source = InputSpec::Source::text, s.input.text = "1 two 3"; }},
        {Control::random, [](RunSpec& s) { s.input.random_n = 0; }},
        {Control::flags, [](RunSpec& s) { s.request.algorithm = Algorithm::segmented, s.input.flags = "1,2"; }},
        {Control::flags, [](RunSpec& s) { s.request.algorithm = Algorithm::segmented; }},
        {Control::resident_blocks, [](RunSpec& s) { s.request.algorithm = Algorithm::domino, s.request.resident_blocks = 0; }},
        {Control::window, [](RunSpec& s) { s.request.algorithm = Algorithm::decoupled_lookback, s.request.lookback_window = 0; }},
        {Control::sample_block,
         [](RunSpec& s) {
             s.request.algorithm = Algorithm::hierarchical, s.request.sample = {99, 1};
         }},
    };
    for (const Case& c : cases) {
        RunSpec spec;
        spec.input.source = InputSpec::Source::random;
        spec.input.random_n = 8;
        c.set(spec);
        const std::string said = app_refusal(spec);
        const RunOption* row = find_option_by_control(c.control);
        ASSERT_NE(row, nullptr);
        EXPECT_NE(said, "(accepted)") << row->label;
        EXPECT_NE(said.find(std::string(row->label)), std::string::npos) << "names the " << row->label << ": " << said;
        EXPECT_EQ(said.find("--"), std::string::npos) << "names no flag: " << said;
    }
}

}  // namespace
}  // namespace scanlab
