// The explanation pane's text is generated from the trace: for Figure 9.10 step by step and for
// Kogge-Stone and Brent-Kung at N = 16 it names exactly the threads that worked and the result
// elements that are final, as the trace records them.
#include <gtest/gtest.h>

#include <set>

#include "core/lesson/explain.hpp"
#include "tests/test_support.hpp"

using namespace scanlab;
using namespace scanlab::testing;

namespace {

std::string explanation_text_of(const Explanation& e) {
    std::string s = e.title;
    for (const std::string& l : e.lines) s += "\n" + l;
    return s;
}

// Independently of the explanation: the threads the step's accesses name, and the result
// elements whose value in every later output step equals the result.
std::vector<int64_t> threads_in(const Step& s) {
    std::set<int64_t> t;
    for (const Access& a : s.accesses) t.insert(a.thread);
    return {t.begin(), t.end()};
}

std::vector<int64_t> final_after(const Trace& t, size_t k) {
    std::vector<int64_t> out;
    const auto result = as(t.result);
    for (size_t i = 0; i < result.size(); ++i) {
        bool on_screen = false, stays = true;
        for (size_t j = 0; j < t.steps.size(); ++j) {
            const Step& s = t.steps[j];
            if (s.depth != 0 || s.array == ArrayKind::s) continue;
            const bool same = as(s.values)[i] == result[i];
            if (j <= k)
                on_screen = same;
            else
                stays = stays && same;
        }
        if (on_screen && stays) out.push_back(int64_t(i));
    }
    return out;
}

void expect_explains_every_step(const Trace& t) {
    const FinalSteps finals = final_steps(t, judge(t));
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Explanation e = explain_step(t, finals, k);
        const std::string text = explanation_text_of(e);
        EXPECT_EQ(e.active_threads, threads_in(t.steps[k])) << text;
        EXPECT_EQ(e.final_elements, final_after(t, k)) << text;
        EXPECT_NE(text.find(step_label(t.steps[k])), std::string::npos) << text;
        if (!e.final_elements.empty() && e.final_elements.size() < as(t.result).size())
            EXPECT_NE(text.find(ranges(e.final_elements) + " (" + std::to_string(e.final_elements.size()) + " of "), std::string::npos)
                << text;
    }
}

}  // namespace

TEST(StepExplanation, RangesReadAsTheChapterWritesThem) {
    EXPECT_EQ(ranges({0, 1, 2, 3, 8, 10, 11}), "0–3, 8, 10, 11");
    EXPECT_EQ(ranges({}), "");
    EXPECT_EQ(ranges({5}), "5");
}

TEST(StepExplanation, Figure910NamesTheThreadsTheKernelAndSAtEveryStep) {
    ScanRequest r = request(Algorithm::hierarchical, 4);
    const Trace t = run_text(r, kFig910);
    expect_explains_every_step(t);
    const FinalSteps finals = final_steps(t, judge(t));
    // Kernel 1's stride 2 in each of the four blocks: threads 2 and 3 work, 0 and 1 idle.
    const Step* s2 = find_step(t, "K1 · stride 2");
    ASSERT_NE(s2, nullptr);
    const std::string k1 = explanation_text_of(explain_step(t, finals, size_t(s2 - t.steps.data())));
    EXPECT_NE(k1.find("Kernel 1 runs"), std::string::npos) << k1;
    EXPECT_NE(k1.find("In each of the 4 blocks: threads 2, 3 work (2 of 4); threads 0, 1 idle because no element lies stride places to the "
                      "left of theirs (t ≥ stride is false for them)"),
              std::string::npos)
        << k1;
    // Block 1's threads work in its own section of XY: shared positions, with the global elements beside them.
    EXPECT_NE(k1.find("block 1, thread 2: XY[0] + XY[2] → XY[2] (4, 6): 0 + 5 = 5"), std::string::npos) << k1;
    // After the block sums are written, S holds the book's 7 7 6 11; after kernel 2, 7 14 20 31.
    const Step* w = find_step(t, "write S");
    ASSERT_NE(w, nullptr);
    EXPECT_NE(explanation_text_of(explain_step(t, finals, size_t(w - t.steps.data())))
                  .find("S holds 7 7 6 11: S[b] is the sum of section b as kernel 1 loaded it: S[0] = sum of X[0–3], S[1] = sum of X[4–7]"),
              std::string::npos);
    const size_t add = size_t(find_step(t, "add S") - t.steps.data());
    const std::string k3 = explanation_text_of(explain_step(t, finals, add));
    EXPECT_NE(k3.find("S holds 7 14 20 31: S[b] is the sum of sections 0 to b, what block b + 1 adds in kernel 3"), std::string::npos)
        << k3;
    EXPECT_NE(k3.find("block 1: Y[4–7] += S[0] = 7"), std::string::npos) << k3;
    EXPECT_NE(k3.find("Block 0: all 4 threads idle because no section comes before block 0"), std::string::npos) << k3;
    EXPECT_NE(k3.find("Every result element is final (16 of 16)"), std::string::npos) << k3;
}

TEST(StepExplanation, AHierarchicalRunOfOneSectionSaysItHasNoSAndNoKernels2And3) {
    // Figure 9.10's values in one section of 16: one block, no block sums.
    const Trace t = run_text(request(Algorithm::hierarchical, 16), kFig910);
    ASSERT_EQ(find_step(t, "write S"), nullptr);
    const FinalSteps finals = final_steps(t, judge(t));
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const std::string text = explanation_text_of(explain_step(t, finals, k));
        EXPECT_EQ(text.find("each of the 1 block"), std::string::npos) << text;
        EXPECT_EQ(text.find("writes the section's total to S"), std::string::npos) << text;
        EXPECT_NE(text.find("Kernel 1 runs as one block: N = 16 fits one section of 16"), std::string::npos) << text;
    }
}

TEST(StepExplanation, KoggeStoneAt16NamesTheWorkingThreadsAndTheFinalPrefix) {
    const Trace t = run_text(request(Algorithm::kogge_stone), kFig910);
    expect_explains_every_step(t);
    const FinalSteps finals = final_steps(t, judge(t));
    // Stride 4: threads 4–15 work; elements 0–7 are final (2·stride of them).
    const size_t k = size_t(find_step(t, "stride 4") - t.steps.data());
    const Explanation e = explain_step(t, finals, k, formula_for(t));
    const std::string text = explanation_text_of(e);
    EXPECT_NE(text.find("Stride 4: each thread t with t ≥ stride adds XY[t − stride] into XY[t]."), std::string::npos) << text;
    EXPECT_NE(text.find("Threads 4–15 work (12 of 16); threads 0–3 idle because no element lies stride places to the left of theirs"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("Already final: elements 0–7 (8 of 16)"), std::string::npos) << text;
    EXPECT_NE(text.find("thread 4: XY[0] + XY[4] → XY[4]: 2 + 5 = 7"), std::string::npos) << text;
    EXPECT_NE(text.find("the chapter counts N·log2 N − (N − 1) = 49"), std::string::npos) << text;
}

TEST(StepExplanation, BrentKungAt16NamesTheTreeThreadsAndWhyTheOthersIdle) {
    const Trace t = run_text(request(Algorithm::brent_kung), kFig910);
    expect_explains_every_step(t);
    const FinalSteps finals = final_steps(t, judge(t));
    const size_t k = size_t(find_step(t, "reduction level 3") - t.steps.data());
    const std::string text = explanation_text_of(explain_step(t, finals, k));
    // Stride 4: index (t + 1)·8 − 1 < 16 for t = 0, 1 only.
    EXPECT_NE(text.find("Reduction tree, level 3 (stride 4): each thread t with (t + 1)·2·stride − 1 < SECTION_SIZE adds "
                        "XY[(t + 1)·2·stride − 1 − stride] into XY[(t + 1)·2·stride − 1]"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("Threads 0, 1 work (2 of 8); threads 2–7 idle because their node (t + 1)·2·stride − 1 lies past the end"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("thread 1: XY[11] + XY[15] → XY[15]"), std::string::npos) << text;
}

TEST(StepExplanation, AStaleReadSaysWhatTheThreadReadAndWhatItNeeded) {
    ScanRequest r = request(Algorithm::kogge_stone_racy);
    r.warp_width = 4;
    const Trace t = run_text(r, kFig910);
    const FinalSteps finals = final_steps(t, judge(t));
    bool said = false;
    for (size_t k = 0; k < t.steps.size(); ++k)
        for (int32_t h : t.steps[k].hazards) {
            const std::string text = explanation_text_of(explain_step(t, finals, k));
            const std::string read = format_value(t.steps[k].values, size_t(h)), needed = format_value(t.steps[k - 1].values, size_t(h));
            if (text.find("(read " + read + ", needed " + needed) != std::string::npos) said = true;
        }
    EXPECT_TRUE(said);
    // Wrong results are never called final.
    const Verdict v = judge(t);
    const Explanation last = explain_step(t, finals, t.steps.size() - 1);
    for (int64_t w : v.wrong) EXPECT_FALSE(std::count(last.final_elements.begin(), last.final_elements.end(), w)) << w;
}

// The false sentences found in review, each pinned where it was said.
namespace {

std::string text_at(const Trace& t, size_t k) { return explanation_text_of(explain_step(t, final_steps(t, judge(t)), k)); }
bool mentions(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }
std::string iota_text(int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += (i ? " " : "") + std::to_string(i);
    return s;
}

}  // namespace

TEST(StepExplanation, TheSlidesWithOneBlockStillWriteSScanItOnTheHostAndRunAddCuda) {
    const Trace t = run_text(request(Algorithm::slides), "3 1 7 0 4 1 6 3");  // slides-t0
    const std::string k1 = text_at(t, 1);
    EXPECT_FALSE(mentions(k1, "no S to write")) << k1;
    EXPECT_TRUE(mentions(k1,
                         "its last thread still writes the section's total to s[1] (s[0] = 0, the identity), the host scans s and "
                         "add_cuda adds s[0] = 0, the identity, to the block"))
        << k1;
    const std::string w = text_at(t, size_t(find_step(t, "write S") - t.steps.data()));
    EXPECT_FALSE(mentions(w, "S[block]")) << w;
    EXPECT_TRUE(mentions(w, "to s[b + 1]")) << w;
    EXPECT_TRUE(mentions(w, "s holds 0 25: s[b + 1] is the sum of section b as scan_cuda loaded it, and s[0] = 0, the identity")) << w;
}

TEST(StepExplanation, TheSlidesSBIsTheSumOfTheSectionsBeforeBAndAddCudaAddsItToEveryBlock) {
    ScanRequest r = request(Algorithm::slides, 8);
    const Trace t = run_text(r, "3 1 7 0 4 1 6 3 3 1 7 0 4 1 6 3");
    const std::string host = text_at(t, size_t(find_step(t, "scan s on host") - t.steps.data()));
    EXPECT_FALSE(mentions(host, "sections 0 to b,")) << host;
    EXPECT_TRUE(mentions(host, "s[b] is the sum of sections 0 to b − 1, what add_cuda adds to block b")) << host;
    const std::string add = text_at(t, size_t(find_step(t, "add S") - t.steps.data()));
    EXPECT_FALSE(mentions(add, "every block but the first")) << add;
    EXPECT_FALSE(mentions(add, "S[b − 1]")) << add;
    EXPECT_TRUE(mentions(add, "add_cuda runs: every block b adds s[b]")) << add;
    EXPECT_TRUE(mentions(add, "block 0: Y[0–7] += s[0] = 0")) << add;
}

TEST(StepExplanation, NaiveBrentKungSaysItsOwnModuloTestNotTheContiguousMapping) {
    const Trace t = run_text(request(Algorithm::brent_kung_naive), iota_text(16));
    const std::string s2 = text_at(t, 2);
    EXPECT_TRUE(mentions(s2, "each thread t with (t + 1) mod (2·stride) = 0 adds XY[t − stride] into XY[t]")) << s2;
    EXPECT_TRUE(mentions(s2, "thread 3: XY[1] + XY[3] → XY[3]")) << s2;
    EXPECT_TRUE(mentions(s2, "threads 0–2, 4–6, 8–10, 12–14 idle because (t + 1) mod (2·stride) ≠ 0")) << s2;
    EXPECT_FALSE(mentions(s2, "(t + 1)·2·")) << s2;
    EXPECT_FALSE(mentions(s2, "lies past the end")) << s2;
    const std::string s6 = text_at(t, 6);
    EXPECT_TRUE(mentions(s6, "(t + 1) mod (2·stride) = 0 and t + stride < SECTION_SIZE adds XY[t] into XY[t + stride]")) << s6;
}

TEST(StepExplanation, SklanskyAndLadnerFischerSayTheirOwnStrideAndWhoIdles) {
    const Trace sk = run_text(request(Algorithm::sklansky), iota_text(8));
    const std::string s2 = text_at(sk, 2);
    EXPECT_TRUE(mentions(s2,
                         "Stride 2: each thread t with ⌊t / stride⌋·2·stride + stride + t mod stride < SECTION_SIZE adds "
                         "XY[⌊t / stride⌋·2·stride + stride − 1] into XY[⌊t / stride⌋·2·stride + stride + t mod stride]"))
        << s2;
    EXPECT_TRUE(mentions(s2, "Threads 0–3 work (4 of 4).")) << s2;
    EXPECT_FALSE(mentions(s2, "Stride 1")) << s2;
    const Trace lf = run_text(request(Algorithm::ladner_fischer), iota_text(16));
    for (size_t k : {size_t(2), size_t(3)}) {
        const std::string s = text_at(lf, k);
        EXPECT_TRUE(mentions(s, "Sklansky over the pair totals, stride " + std::to_string(k == 2 ? 1 : 2))) << s;
        EXPECT_TRUE(mentions(s, "threads 4–7 idle because the odd element they would write lies past the end of the section")) << s;
        EXPECT_FALSE(mentions(s, "t < 2")) << s;
        EXPECT_FALSE(mentions(s, "t ≥ 2")) << s;
    }
}

TEST(StepExplanation, SegmentedSHoldsCarriesThatRestartAtFlagsAndExclusiveSTheShiftedSections) {
    ScanRequest r = request(Algorithm::segmented, 4);
    r.flags = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
    const Trace seg = run_text(r, kFig910);
    const std::string s7 = text_at(seg, 7);
    EXPECT_FALSE(mentions(s7, "the total of sections 0 to b")) << s7;
    EXPECT_TRUE(mentions(s7, "S holds (1, 7) (1, 7) (1, 13) (1, 11): S[b] is the carry out of sections 0 to b")) << s7;
    ScanRequest h = request(Algorithm::hierarchical, 4);
    h.exclusive = true;
    const Trace ex = run_text(h, kFig910);
    const std::string s6 = text_at(ex, 6);
    EXPECT_TRUE(mentions(s6, "S holds 6 12 18 29: S[b] is the sum of sections 0 to b")) << s6;
    EXPECT_TRUE(mentions(s6, "an exclusive scan loads each section shifted one place right): S[0] = sum of X[0–2], S[1] = sum of X[0–6]"))
        << s6;
}

TEST(StepExplanation, ABlocksThreadsWorkInItsOwnSectionOfSharedMemory) {
    const Trace t = run_text(request(Algorithm::hierarchical, 4), kFig910);
    const std::string s1 = text_at(t, 1);
    EXPECT_TRUE(mentions(s1, "XY[j] of block b is element b·4 + j")) << s1;
    EXPECT_TRUE(mentions(s1, "block 1, thread 1: XY[0] + XY[1] → XY[1] (4, 5): 0 + 4 = 4")) << s1;
    EXPECT_FALSE(mentions(s1, "XY[4]")) << s1;
    const std::string load = text_at(t, 0);
    EXPECT_TRUE(mentions(load, "block 1, thread 0: X[4] → XY[0]")) << load;
}
