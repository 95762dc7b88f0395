// The desktop app's source pane and colours: every embedded listing parses, every step highlights
// the lines it executes, and an algorithm keeps its colour.
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

// ---- source listings ---------------------------------------------------------------------------

TEST(AppListings, EveryEmbeddedListingParses) {
    ASSERT_FALSE(embedded_listings().empty());
    for (const EmbeddedFile& f : embedded_listings()) {
        const Listing l = parse_listing(f.name, f.text);  // throws, naming the line, if malformed
        EXPECT_FALSE(l.title.empty()) << f.name;
        EXPECT_FALSE(l.lines.empty()) << f.name;
        EXPECT_NE(find_listing(f.name), nullptr) << f.name;
    }
}

TEST(AppColours, AnAlgorithmKeepsItsColourWhicheverRunItIs) {
    using scanlab::gui::algorithm_colour;
    using scanlab::gui::kNormalPalette;
    auto same = [](scanlab::gui::Rgb a, scanlab::gui::Rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; };
    for (const scanlab::gui::Palette* p : {&kNormalPalette, &scanlab::gui::kPresentationPalette}) {
        // Main Kogge-Stone beside Brent-Kung, then the two swapped: each keeps its colour.
        EXPECT_TRUE(
            same(algorithm_colour(*p, Algorithm::kogge_stone), algorithm_colour(*p, Algorithm::kogge_stone, Algorithm::brent_kung)));
        EXPECT_TRUE(same(algorithm_colour(*p, Algorithm::brent_kung, Algorithm::kogge_stone), algorithm_colour(*p, Algorithm::brent_kung)));
        EXPECT_TRUE(same(algorithm_colour(*p, Algorithm::kogge_stone), p->series_a));
        EXPECT_TRUE(same(algorithm_colour(*p, Algorithm::brent_kung), p->series_b));
        // Every pair of algorithms is told apart, the same one on both sides too.
        for (const AlgorithmInfo& a : algorithm_table())
            for (const AlgorithmInfo& b : algorithm_table())
                EXPECT_FALSE(same(algorithm_colour(*p, a.id), algorithm_colour(*p, b.id, a.id))) << a.name << " beside " << b.name;
    }
}

TEST(AppListings, EveryStepOfEveryAlgorithmHighlightsAtLeastOneLine) {
    // Inputs that reach every phase: one section, several sections, and S scanned hierarchically.
    const std::string random40 = [] {
        std::string s;
        for (int i = 0; i < 40; ++i) s += std::to_string(i % 10) + " ";
        return s;
    }();
    std::vector<Trace> traces;
    for (const scanlab::testing::AlgoConfig& c : scanlab::testing::every_configuration()) {
        switch (algorithm_info(c.algorithm).reach) {
            case Reach::one_thread:
            case Reach::one_section: traces.push_back(run(c.algorithm, kFig910, 0, c.block)); break;
            case Reach::multi_block:
                traces.push_back(run(c.algorithm, kFig910, 4, c.block));
                traces.push_back(run(c.algorithm, random40, 4, c.block));
                break;
        }
    }
    size_t checked = 0;
    for (const Trace& t : traces) {
        const std::string lname = listing_name(t.algorithm, t.block_algorithm);
        const Listing* l = find_listing(lname);
        ASSERT_NE(l, nullptr) << "no listing " << lname;
        std::set<int> some_step;
        for (size_t k = 0; k < t.steps.size(); ++k) {
            const Step& s = t.steps[k];
            const std::vector<int> lines = highlighted_lines(*l, s);
            EXPECT_FALSE(lines.empty()) << lname << ": step '" << step_label(s) << "' (" << highlight_key(s) << ") highlights nothing";
            for (int x : lines) EXPECT_TRUE(x >= 1 && size_t(x) <= l->lines.size()) << lname;
            for (int x : highlighted_lines(*l, t, k)) some_step.insert(x);
            ++checked;
        }
        // The store of the results (Y[i] = XY[t]) is highlighted on some step: a kernel's last.
        if (!algorithm_info(t.algorithm).event_scheduled())
            for (size_t i = 0; i < l->lines.size(); ++i) {
                const std::string code = l->lines[i].substr(0, l->lines[i].find("//"));
                static const std::regex store(R"((^|[^A-Za-z0-9_])Y\[[^\]]*\] = )");
                if (std::regex_search(code, store))
                    EXPECT_TRUE(some_step.count(int(i) + 1)) << lname << ": line " << i + 1 << " '" << code << "' is never highlighted";
            }
    }
    EXPECT_GT(checked, 100u);
}

TEST(AppListings, Fig910StridesHighlightTheStrideLoopAndAddSTheAddKernel) {
    const Trace t = run(Algorithm::hierarchical, kFig910, 4);
    const Listing* l = find_listing("hierarchical-kogge-stone");
    ASSERT_NE(l, nullptr);
    for (const Step& s : t.steps) {
        const std::vector<int> lines = highlighted_lines(*l, s);
        ASSERT_FALSE(lines.empty());
        std::string code;
        for (int x : lines) code += l->lines[size_t(x - 1)] + "\n";
        if (s.phase == Phase::stride) EXPECT_NE(code.find("stride *= 2"), std::string::npos) << step_label(s);
        if (s.phase == Phase::add_block_sums) EXPECT_NE(code.find("Y[i] += S[blockIdx.x - 1]"), std::string::npos);
        if (s.phase == Phase::block_sum_write) EXPECT_NE(code.find("S[blockIdx.x] ="), std::string::npos);
    }
}

TEST(AppListings, AMalformedHeaderIsRefusedWithTheLine) {
    EXPECT_THROW(parse_listing("x", "@ scan load 3\n---\ncode\n"), ScanError);  // no colon
    EXPECT_THROW(parse_listing("x", "@ scan load: 3\n---\ncode\n"), ScanError);  // past the end
    EXPECT_THROW(parse_listing("x", "@ scan load: 1\ncode\n"), ScanError);  // no ---
    EXPECT_THROW(parse_listing("x", "@ scan load: two\n---\ncode\n"), ScanError);  // not a number
    try {
        parse_listing("bad", "@title t\n@ scan load: 9\n---\na\nb\n");
        FAIL();
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("bad 'scan load'"), std::string::npos) << e.what();
    }
    const Listing ok = parse_listing("ok", "@title T\n@ K1 stride: 1-2, 4\n---\na\nb\nc\nd\n");
    EXPECT_EQ(ok.highlights.at("K1 stride"), (std::vector<int>{1, 2, 4}));
}
