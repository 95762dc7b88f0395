// Links to the web edition: a run and a step as a URL's query, read back as the command line
// reads its words, refused in its sentences.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/input/run_link.hpp"
#include "core/input/run_options.hpp"
#include "core/input/run_words.hpp"

namespace scanlab {
namespace {

// Why a link's query is refused, or "(accepted)".
std::string link_refusal(const char* query) {
    try {
        parse_run_link(query);
    } catch (const UsageError& e) {
        return std::string(e.what());
    }
    return std::string("(accepted)");
}

TEST(RunLink, TheIssuesExampleOpensFigure910AtStep3Presenting) {
    const RunLink l = parse_run_link("?algo=hierarchical&preset=fig9.10&step=3&present=1");
    EXPECT_EQ(l.spec.request.algorithm, Algorithm::hierarchical);
    EXPECT_EQ(l.spec.input.source, InputSpec::Source::preset);
    EXPECT_EQ(l.spec.input.preset, "fig9.10");
    EXPECT_EQ(l.place.step, 3u);
    EXPECT_TRUE(l.place.present);
    EXPECT_EQ(l.place.view, 0);
}

TEST(RunLink, AnEmptyLinkIsFigure910) {
    const RunLink l = parse_run_link("");
    EXPECT_EQ(l.spec.request.algorithm, Algorithm::hierarchical);
    EXPECT_EQ(l.spec.input.preset, "fig9.10");
    EXPECT_EQ(l.place.step, 0u);
}

TEST(RunLink, WrittenLinksReadBackToTheSameRunAndPlace) {
    const std::vector<std::vector<std::string>> runs = {
        {"--algo", "kogge-stone-racy", "--input", "3 1 7 0, 4 1 6 3", "--schedule", "random:7", "--warp-width", "4"},
        {"--algo", "hierarchical", "--block-algo", "three-phase", "--coarsening", "8", "--random", "5000", "--seed", "42", "--type",
         "double", "--op", "max", "--exclusive"},
        {"--algo", "segmented", "--preset", "slides", "--flags", "every:3"},
        {"--algo", "decoupled-lookback", "--random", "4096", "--block-schedule", "reverse", "--resident-blocks", "8", "--window", "4"},
        {"--algo", "domino", "--random", "1024", "--static-index"},
        {"--algo", "hierarchical", "--random", "4194304", "--section", "64", "--sample-block", "32768"},
    };
    for (const auto& words : runs) {
        const RunSpec spec = parse_run_words(words, nullptr);
        LinkPlace place;
        place.step = 5;
        place.view = 2;
        place.present = true;
        place.compare = Algorithm::sklansky;
        const std::string query = run_link_query(spec, place);
        const RunLink back = parse_run_link(query);
        EXPECT_EQ(run_words(back.spec), run_words(spec)) << query;
        EXPECT_EQ(back.place.step, 5u) << query;
        EXPECT_EQ(back.place.view, 2) << query;
        EXPECT_TRUE(back.place.present) << query;
        EXPECT_EQ(back.place.compare, Algorithm::sklansky) << query;
    }
}

TEST(RunLink, TypedValuesStayReadableInTheLink) {
    const RunSpec spec = parse_run_words({"--algo", "kogge-stone", "--input", "2 1,3 1&x"}, nullptr);
    EXPECT_EQ(run_link_query(spec, {}), "algo=kogge-stone&input=2+1,3+1%26x");
}

TEST(RunLink, ABadParameterIsRefusedInTheLinksOwnWords) {
    EXPECT_NE(link_refusal("algo=nope").find("unknown algorithm 'nope' (the link's algo)"), std::string::npos);
    EXPECT_NE(link_refusal("colour=red").find("unknown link parameter 'colour'"), std::string::npos);
    EXPECT_NE(link_refusal("step=three").find("no step number"), std::string::npos);
    EXPECT_NE(link_refusal("view=graph").find("unknown view 'graph'"), std::string::npos);
    EXPECT_EQ(link_refusal("algo=kogge-stone&flags=every:3"),
              "flags gives the head flags of algo=segmented, and kogge-stone scans the whole input as one segment; leave flags out");
    EXPECT_EQ(link_refusal("algo=kogge-stone&section=0"), "section must be a positive power of two");
    EXPECT_EQ(link_refusal("preset=slides&random=8"), "give only one input: preset, input or random");
    EXPECT_EQ(parse_run_link("step=last").place.last_step, true);
}

// Every option a link carries, given a value it refuses or to an algorithm that does not take it:
// each refusal names the option by its link key (section=3), never by the command line's flag.
TEST(RunLink, EveryOptionsLinkRefusalNamesItsLinkKeyAndNoFlag) {
    const char* bad_values[] = {"nope", "0", "-1", "", "99999999999999999999"};
    // An algorithm that takes each option (so its value is what is refused) and one that takes few.
    const char* algorithms[] = {"decoupled-lookback", "domino", "hierarchical", "three-phase", "segmented", "kogge-stone", "sequential"};
    for (const RunOption& o : run_options()) {
        if (!o.in_link) continue;
        const std::string key(o.link_key());
        int refused = 0;
        for (const char* algo : algorithms)
            for (const char* v : bad_values) {
                const std::string query = std::string("algo=") + algo + "&" + key + "=" + (o.is_switch() ? "1" : v) +
                                          (o.source ? "" : "&random=8") +
                                          (std::string(algo) == "segmented" && key != "flags" ? "&flags=every:2" : "");
                const std::string why = link_refusal(query.c_str());
                if (why == "(accepted)") continue;
                ++refused;
                EXPECT_NE(why.find(key), std::string::npos) << query << ": " << why;
                EXPECT_EQ(why.find("--"), std::string::npos) << query << ": " << why;
            }
        // Typed values and a file's path are read when the run is made, not from the link's words;
        // the two switches apply to every algorithm.
        const bool never_refused = key == "input" || key == "input-file" || key == "exclusive" || key == "inclusive";
        if (!never_refused) EXPECT_GT(refused, 0) << key << " is never refused, so its words are not checked";
    }
}

TEST(RunLink, ALessonLinkNamesItsSlideAndReadsBack) {
    const RunLink l = parse_run_link("?lesson=chapter9&slide=3&step=0&view=counts&present=1");
    ASSERT_TRUE(l.lesson);
    EXPECT_EQ(l.lesson->name, "chapter9");
    EXPECT_EQ(l.lesson->slide, 3u);
    EXPECT_TRUE(l.lesson->step_given);  // step=0 given is a step, not the slide's own
    EXPECT_EQ(lesson_link_query(*l.lesson, l.place), "lesson=chapter9&slide=3&view=counts&step=0&present=1");
    EXPECT_FALSE(parse_run_link("lesson=slides-pt").lesson->step_given);
    EXPECT_EQ(parse_run_link("lesson=slides-pt").lesson->slide, 1u);
    EXPECT_FALSE(parse_run_link("algo=brent-kung").lesson);
}

TEST(RunLink, ABadLessonOrSlideIsRefusedInASentence) {
    EXPECT_EQ(link_refusal("lesson=chapter9&slide=0"), "slide '0' is no slide number: slides count from 1 (slide=1, slide=2, ...)");
    EXPECT_EQ(link_refusal("lesson=chapter9&slide=two"), "slide 'two' is no slide number: slides count from 1 (slide=1, slide=2, ...)");
    EXPECT_EQ(link_refusal("lesson=..%2Fsecrets&slide=1"),
              "lesson '../secrets' is no lesson's name: give the name of a shipped lesson, as chapter9");
    EXPECT_EQ(link_refusal("slide=3"), "slide needs a lesson: give lesson=NAME beside it (lesson=chapter9&slide=3)");
    EXPECT_EQ(link_refusal("lesson=chapter9&algo=brent-kung"),
              "a lesson link names a slide, whose run the lesson states: leave out the run's options (algo, preset, ...)");
}

}  // namespace
}  // namespace scanlab
