// The words of every step's explanation, held against the run they explain (the claims behind them
// are held in explanation_claims_test.cpp). Over every algorithm of the table (each block algorithm,
// each phase 2 scan) × sum, max and min × inclusive and exclusive × N in {1, 2, 6, 17, 100, 1000}:
//   - a count is "the chapter's" only where the chapter states that count (this file's own list,
//     from PMPP 9.1–9.4: N − 1, N·log2 N − (N − 1), and Brent-Kung's bound 2 × N − 3); every other
//     formula is said as Scan Lab's own exact count, Brent-Kung's beside the chapter's bound; each
//     names the N it is evaluated at, and the padded section by name where that is not the run's N;
//   - a max or min run never says "+=", "adds", "sum" or "+", and every value called "the identity"
//     is the run's operator's identity;
//   - every load deed line names the element the load really took: the value loaded equals that
//     element (or the identity), also where a segmented exclusive scan starts a segment;
//   - counts agree with their nouns ("1 status word", never "1 status words"; one idle thread is
//     "it"), and an element final from the load is "already final".
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <regex>

#include "core/dispatch.hpp"
#include "core/input/resolve.hpp"
#include "core/lesson/explain.hpp"
#include "core/number_text.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

int log2_up(int64_t n) {
    int l = 0;
    while ((int64_t(1) << l) < n) ++l;
    return l;
}

// What the chapter itself states for an algorithm's additions at N (PMPP 3rd ed. 9.1–9.4), apart
// from the table: the count, and whether it is a bound rather than the exact count.
struct Stated {
    std::string text;
    int64_t (*at)(int64_t n);
    bool bound;
};
std::optional<Stated> chapter_states(Algorithm a) {
    switch (a) {
        case Algorithm::sequential: return Stated{"N − 1", [](int64_t n) { return n - 1; }, false};
        case Algorithm::kogge_stone:
        case Algorithm::kogge_stone_racy:
        case Algorithm::kogge_stone_double_buffer:
            return Stated{"N·log2 N − (N − 1)", [](int64_t n) { return n * log2_up(n) - (n - 1); }, false};
        case Algorithm::brent_kung:
        case Algorithm::brent_kung_naive: return Stated{"2N − 3", [](int64_t n) { return 2 * n - 3; }, true};
        default: return std::nullopt;
    }
}

std::string identity_of(const Trace& t) {
    return with_type_and_op(t.type, t.op, []<class T, template <class> class Op>(TypeTag<T>, OpTag<Op>) {
        return format_value(ValueArray(std::vector<T>{Op<T>::identity()}), 0);
    });
}

bool says_part(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The formula clause: whose count, which value, at which N.
void expect_formula_said_truly(const Trace& t, const std::string& text) {
    const std::optional<Formula> f = formula_for(t);
    const std::optional<Stated> stated = chapter_states(t.algorithm);
    if (!stated || stated->bound)
        EXPECT_FALSE(says_part(text, "the chapter counts")) << "the chapter has no exact count for " << name(t.algorithm);
    if (!f) return;
    const std::string at = "at N = " + (f->n != t.n && algorithm_info(t.algorithm).reach != Reach::one_thread
                                            ? "SECTION_SIZE = " + grouped(f->n) + ", the section the run's " +
                                                  counted(t.n, "element is", "elements are") + " padded to"
                                            : grouped(f->n));
    if (stated && !stated->bound) {
        EXPECT_EQ(f->text, stated->text);
        EXPECT_TRUE(says_part(text, "the chapter counts " + stated->text + " = " + grouped(stated->at(f->n)) + " " + at))
            << "wanted " << at;
        return;
    }
    EXPECT_TRUE(says_part(text, "Scan Lab's own exact count is " + f->text + " = " + grouped(f->value) + " " + at)) << "wanted " << at;
    if (stated)
        EXPECT_TRUE(says_part(text, "the chapter states the bound " + stated->text + " = " + grouped(stated->at(f->n))));
    else
        EXPECT_TRUE(says_part(text, "the chapter gives no count for"));
}

// A max or min run in its own operator's words, and its own identity wherever one is named.
void expect_operator_words(const Trace& t, const std::string& text) {
    if (t.op != OpKind::sum) {
        // (" + " between two elements or two values; index arithmetic such as "t + 1" is no operator.)
        static const std::regex sum_words(R"(\+=|(\]|\d) \+ (\w+\[|-?\d+ =)|\badds?\b|\bsums?\b|\badditions?\b)", std::regex::icase);
        std::smatch m;
        EXPECT_FALSE(std::regex_search(text, m, sum_words)) << "a " << name(t.op) << " run says '" << m.str() << "'";
    }
    // "s[0] = 0, the identity": a value said to be the identity (not "element 0 the identity").
    static const std::regex named(R"(= ([^\s,]+), the identity)");
    const std::string want = identity_of(t);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), named); it != std::sregex_iterator(); ++it)
        EXPECT_EQ((*it)[1].str(), want) << "in '" << it->str() << "'";
}

// Each load deed line names the element the load took, and that element is the value loaded.
void expect_load_deeds_true(const Trace& t, const Step& s, const std::string& text) {
    if (s.phase != Phase::load || s.event) return;
    const std::string want_identity = identity_of(t);
    const bool flagged = s.flags.size() == size_of(s.values);
    for (const Access& a : s.accesses) {
        const int64_t j = a.dst - s.offset;
        if (j < 0 || size_t(j) >= size_of(s.values)) continue;
        const std::string loaded = format_value(s.values, size_t(j));
        if (a.src < 0) {
            EXPECT_EQ(loaded, want_identity) << "position " << a.dst << " is recorded as loading the identity";
        } else if (s.kernel != Kernel::k2 && s.depth == 0 && size_t(a.src) < size_of(t.input)) {
            EXPECT_EQ(loaded, format_value(t.input, size_t(a.src)))
                << "position " << a.dst << " is recorded as loading X[" << a.src << "]" << (flagged ? " (a flagged run)" : "");
        }
    }
    // The lines say the recorded accesses, in order.
    static const std::regex deed(R"(\n  [^:\n]*: (identity|[A-Za-z^0-9]+\[(\d+)\]) → )");
    size_t i = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), deed); it != std::sregex_iterator() && i < s.accesses.size(); ++it, ++i) {
        if ((*it)[1].str() == "identity")
            EXPECT_LT(s.accesses[i].src, 0) << it->str();
        else
            EXPECT_EQ(std::stoll((*it)[2].str()), s.accesses[i].src) << it->str();
    }
}

void expect_nouns_agree(const std::string& text) {
    static const std::regex one_many(R"((^|[^0-9,.])1 (threads|blocks|elements|sections|status words|words|failed polls)\b)");
    static const std::regex one_they(R"(\bthread \d+ idles because[^.\n]*\b(they|their|theirs|them)\b)");
    std::smatch m;
    EXPECT_FALSE(std::regex_search(text, m, one_many)) << "'" << m.str() << "'";
    EXPECT_FALSE(std::regex_search(text, m, one_they)) << "'" << m.str() << "'";
    EXPECT_FALSE(says_part(text, "Final now")) << "an element final from the load is already final, not final now";
}

// Every step of a short run; a spread of 24 of a long one.
std::vector<size_t> steps_to_read(const Trace& t) {
    std::vector<size_t> v;
    const size_t n = t.steps.size(), most = 24;
    for (size_t i = 0; i < n && i < most; ++i) v.push_back(n <= most ? i : i * (n - 1) / (most - 1));
    return v;
}

class EverySentence : public ::testing::TestWithParam<AlgoConfig> {};

TEST_P(EverySentence, NamesItsSourceItsOperatorAndWhatTheLoadTook) {
    const AlgoConfig cfg = GetParam();
    int ran = 0;
    for (int64_t n : {1, 2, 6, 17, 100, 1000})
        for (bool exclusive : {false, true})
            for (OpKind op : {OpKind::sum, OpKind::max, OpKind::min}) {
                ScanRequest r = request(cfg.algorithm, cfg.section);
                r.block_algorithm = cfg.block;
                r.coarsening = cfg.coarsening;
                r.flags = flags_for(cfg, n, uint64_t(n) + 3);
                r.exclusive = exclusive;
                r.op = op;
                const std::vector<int32_t> x = random_input<int32_t>(n, uint64_t(n) * 11 + exclusive);
                Trace t;
                try {
                    t = emulate(r, ValueArray(x));
                } catch (const ScanError&) {
                    continue;  // past what one block of this algorithm scans
                }
                ++ran;
                SCOPED_TRACE("N = " + std::to_string(n) + (exclusive ? ", exclusive" : ", inclusive") + ", " + std::string(name(op)));
                const FinalSteps finals = final_steps(t, judge(t));
                for (size_t k : steps_to_read(t)) {
                    const Explanation e = explain_step(t, finals, k, formula_for(t));
                    std::string text;  // (the title, the step's label, names a phase, "add S" or "phase 3 · add ...")
                    for (const std::string& l : e.lines) text += "\n" + l;
                    SCOPED_TRACE(e.title + text);
                    expect_formula_said_truly(t, text);
                    expect_operator_words(t, text);
                    expect_load_deeds_true(t, t.steps[k], text);
                    expect_nouns_agree(text);
                    if (::testing::Test::HasFailure()) return;  // one step's failures are enough to read
                }
            }
    EXPECT_GT(ran, 0);
}

std::vector<AlgoConfig> sentence_configurations() {
    std::vector<AlgoConfig> v = every_configuration();
    v.push_back({Algorithm::slides, Algorithm::kogge_stone, 4, "slides_section4"});
    v.push_back({Algorithm::hierarchical, Algorithm::sklansky, 4, "hierarchical_sklansky_section4"});
    return v;
}

INSTANTIATE_TEST_SUITE_P(AlgorithmsOperatorsDirections, EverySentence, ::testing::ValuesIn(sentence_configurations()),
                         [](const ::testing::TestParamInfo<AlgoConfig>& info) { return info.param.label; });

// The chapter's Brent-Kung count is the bound 2 × N − 3 (9.4); Scan Lab counts the exact 2N − 2 − log2 N.
TEST(StepSentences, BrentKungSaysItsExactCountBesideTheChaptersBound) {
    const Trace t = run_text(request(Algorithm::brent_kung), "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2");
    const Explanation e = explain_step(t, final_steps(t, judge(t)), 1, formula_for(t));
    std::string text;
    for (const std::string& l : e.lines) text += l + "\n";
    EXPECT_TRUE(says_part(text, "Scan Lab's own exact count is 2N − 2 − log2 N = 26 at N = 16; the chapter states the bound 2N − 3 = 29"))
        << text;
}

// --random 17 runs Kogge-Stone on a section of 32: the step's count says so.
TEST(StepSentences, AFormulaAtThePaddedSectionSaysSo) {
    ScanRequest r = request(Algorithm::kogge_stone);
    const Trace t = emulate(r, ValueArray(random_input<int32_t>(17, 5)));
    const Explanation e = explain_step(t, final_steps(t, judge(t)), 1, formula_for(t));
    std::string text;
    for (const std::string& l : e.lines) text += l + "\n";
    EXPECT_TRUE(says_part(text,
                          "the chapter counts N·log2 N − (N − 1) = 129 at N = SECTION_SIZE = 32, the section the run's 17 elements are "
                          "padded to"))
        << text;
}

}  // namespace
