// Lessons: the Markdown file of slides read, each slide held against its run, and a student's
// answers graded against what the run gives. Every kind of mistake a lecturer can make fails the
// check with its own sentence, naming the file and line.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/course/checkpoint.hpp"
#include "core/course/lesson_check.hpp"
#include "core/course/slide_run.hpp"

namespace scanlab {
namespace {

const char* kGood =
    "# Brent-Kung on Figure 9.10\n"
    "::: section Two trees\n"
    "::: run --algo brent-kung --preset fig9.10\n"
    "::: step 4\n"
    "After {{label}}: {{additions}} additions, Y[5] = {{value Y[5]}}, 2N - 1 = {{= 2*N - 1}}.\n"
    "::: checkpoint number\n"
    "::: ask How many additions so far?\n"
    "::: answer additions = 15\n"
    "---\n"
    "::: step 7\n"
    "::: checkpoint predict\n"
    "::: ask Which cells does {{label}} write?\n"
    "::: answer 2, 4, 6, 8, 10, 12, 14\n"
    "---\n"
    "::: run --algo hierarchical --preset fig9.10\n"
    "S = {{value S[0]}} {{value S[1]}} {{value S[2]}} {{value S[3]}}\n"
    "::: checkpoint choice\n"
    "::: ask Which bound holds?\n"
    "::: wrong N - 1 | Only the sequential scan does so little.\n"
    "::: right 4N - 3\n"
    "::: holds total <= 4*N - 3\n";

// The lesson with one line replaced: the mistakes below are each one edit of a good lesson.
std::string with(const std::string& from, const std::string& to) {
    std::string s = kGood;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
}

std::vector<std::string> problems_of(const std::string& text) {
    try {
        return check_lesson(parse_lesson(text, "t.md"));
    } catch (const LessonError& e) {
        return {e.what()};
    }
}

TEST(LessonCheck, AGoodLessonHoldsAgainstItsRuns) { EXPECT_EQ(problems_of(kGood), std::vector<std::string>{}); }

TEST(LessonCheck, SlidesCarryTheirSectionAndRunAndFillTheirNumbersFromTheRun) {
    const Lesson l = parse_lesson(kGood, "t.md");
    ASSERT_EQ(l.slides.size(), 3u);
    EXPECT_EQ(l.title, "Brent-Kung on Figure 9.10");
    EXPECT_EQ(l.slides[1].section, "Two trees");
    EXPECT_EQ(l.slides[1].run_words, l.slides[0].run_words);
    LessonRuns runs;
    const SlideFacts f = slide_facts("t.md", l.slides[0], runs.trace("t.md", l.slides[0]));
    EXPECT_EQ(slide_markdown("t.md", l.slides[0], f),
              "# Brent-Kung on Figure 9.10\nAfter reduction level 4: 15 additions, Y[5] = 11, 2N - 1 = 31.\n");
    const SlideFacts s = slide_facts("t.md", l.slides[2], runs.trace("t.md", l.slides[2]));
    EXPECT_EQ(slide_markdown("t.md", l.slides[2], s), "S = 7 14 20 31\n");  // Figure 9.10's scanned block sums
}

TEST(LessonCheck, RunWordsTheCommandLineRefusesFailWithItsSentence) {
    const auto p = problems_of(with("--algo brent-kung", "--algo brent-kunk"));
    ASSERT_EQ(p.size(), 2u);  // the two slides that carry the run
    EXPECT_EQ(p[0].rfind("t.md:3: ", 0), 0u) << p[0];
    EXPECT_NE(p[0].find("brent-kunk"), std::string::npos) << p[0];
}

TEST(LessonCheck, AStepTheRunDoesNotHaveFails) {
    EXPECT_EQ(problems_of(with("::: step 7", "::: step 9")),
              std::vector<std::string>{"t.md:10: step 9 does not exist: this run of brent-kung has 8 steps, #0 to #7"});
}

TEST(LessonCheck, APlaceholderWithNoValueFailsNamingIt) {
    const auto p = problems_of(with("{{value Y[5]}}", "{{value Y[16]}}"));
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].rfind("t.md:5: {{value Y[16]}} has no value on this slide", 0), 0u) << p[0];
    const auto q = problems_of(with("{{additions}}", "{{additons}}"));
    ASSERT_EQ(q.size(), 1u);
    EXPECT_EQ(q[0].rfind("t.md:5: {{additons}} has no value", 0), 0u) << q[0];
}

TEST(LessonCheck, ANumberTheRunContradictsFails) {
    EXPECT_EQ(problems_of(with("additions = 15", "additions = 16")),
              std::vector<std::string>{"t.md:8: the run contradicts this checkpoint: additions is 15 on its run, not 16"});
}

TEST(LessonCheck, PredictedCellsTheStepDoesNotWriteFail) {
    EXPECT_EQ(problems_of(with("::: answer 2, 4, 6", "::: answer 1, 4, 6")),
              std::vector<std::string>{
                  "t.md:13: the run contradicts this checkpoint: step 7 writes cells 2, 4, 6, 8, 10, 12, 14, not 1, 4, 6, 8, 10, 12, 14"});
}

TEST(LessonCheck, AChoiceWhoseConditionIsFalseOnTheRunFails) {
    EXPECT_EQ(problems_of(with("total <= 4*N - 3", "total <= N - 1")),
              std::vector<std::string>{"t.md:21: the run contradicts this checkpoint: total <= N - 1 is false on its run"});
}

TEST(LessonCheck, DirectivesThatDoNotReadFailWithTheirLine) {
    EXPECT_EQ(problems_of(with("::: step 4", "::: stpe 4"))[0].rfind("t.md:4: unknown directive ::: stpe", 0), 0u);
    EXPECT_EQ(problems_of(with("::: step 4", "::: view graph"))[0].rfind("t.md:4: ::: view names one of", 0), 0u);
    EXPECT_EQ(problems_of(with("::: wrong N - 1 | Only the sequential scan does so little.", "::: wrong N - 1")),
              std::vector<std::string>{"t.md:19: a wrong option says why it is wrong: ::: wrong TEXT | REASON"});
    EXPECT_EQ(problems_of(with("::: ask Which bound holds?\n", "")),
              std::vector<std::string>{"t.md:17: this checkpoint has no question (::: ask)"});
}

TEST(LessonCheck, AViewPointingPastTheRunFails) {
    EXPECT_EQ(problems_of(with("::: step 4", "::: step 4\n::: view steps cells 0-16")),
              std::vector<std::string>{"t.md:5: cell 16 is past the end of the run's 16 elements"});
    EXPECT_EQ(problems_of(with("::: step 4", "::: step 4\n::: view source lines 1-400"))[0].rfind(
                  "t.md:5: the listing of brent-kung has lines 1 to ", 0),
              0u);
}

// What the explanation checker holds the app's own sentences to, held to a lecturer's prose too
// (core/course/prose_check.hpp): a count or a value typed by hand that the run contradicts.
TEST(LessonCheck, ACountTypedByHandThatTheRunContradictsFails) {
    EXPECT_EQ(problems_of(with("{{additions}} additions", "16 additions")),
              std::vector<std::string>{"t.md:5: the run contradicts \"16 additions\": it has total 26, additions 15, step_additions 1, "
                                       "formula 26, bound 29; write {{total}} or {{additions}} so that the number comes from the run"});
    EXPECT_EQ(problems_of(with("{{additions}} additions", "15 additions in 9 steps")),
              std::vector<std::string>{
                  "t.md:5: the run contradicts \"9 steps\": it has steps 8; write {{steps}} so that the number comes from the run"});
    EXPECT_EQ(problems_of(with("::: ask How many additions so far?", "::: ask How many additions so far, on 17 values?")),
              std::vector<std::string>{
                  "t.md:6: the run contradicts \"17 values\": it has N 16; write {{N}} so that the number comes from the run"});
    // The counts the run has, typed by hand, hold: so do the chapter's bound and the run's count so far.
    EXPECT_EQ(problems_of(with("{{additions}} additions", "15 additions of at most 29 additions, 16 values, 8 steps")),
              std::vector<std::string>{});
}

TEST(LessonCheck, AValueTypedByHandThatTheRunContradictsFails) {
    EXPECT_EQ(
        problems_of(with("Y[5] = {{value Y[5]}}", "Y[5] = 12")),
        std::vector<std::string>{
            "t.md:5: the run contradicts \"Y[5] = 12\": Y[5] is 11 on it; write {{value Y[5]}} so that the number comes from the run"});
    EXPECT_EQ(
        problems_of(with("S = {{value S[0]}}", "S[2] = 21, S = {{value S[0]}}")),
        std::vector<std::string>{
            "t.md:16: the run contradicts \"S[2] = 21\": S[2] is 20 on it; write {{value S[2]}} so that the number comes from the run"});
    EXPECT_EQ(problems_of(with("Y[5] = {{value Y[5]}}", "N = 32, Y[5] = 11")),
              std::vector<std::string>{
                  "t.md:5: the run contradicts \"N = 32\": N is 16 on it; write {{N}} so that the number comes from the run"});
}

TEST(LessonCheck, ACountThatDisagreesWithItsNounFails) {
    EXPECT_EQ(problems_of(with("{{additions}} additions", "1 additions")),
              std::vector<std::string>{"t.md:5: 1 additions: the count and its noun disagree (1 addition, 2 additions)"});
}

TEST(LessonCheck, AdditionsOnARunOfMaxFail) {
    const std::string max = with("--algo brent-kung --preset fig9.10", "--algo brent-kung --preset fig9.10 --op max");
    const std::vector<std::string> p = problems_of(max);
    ASSERT_FALSE(p.empty());
    EXPECT_EQ(p[0], "t.md:5: \"additions\" on a run of max, which adds nothing: say what it combines (max operations)");
}

TEST(LessonCheck, AKernelCheckpointNamesAnExerciseThatIsGraded) {
    const std::string kernel = "# K\n::: run --algo kogge-stone --preset fig9.10 --exclusive\n::: checkpoint kernel\n::: ask Write it.\n";
    EXPECT_EQ(problems_of(kernel + "::: answer exercise 4\n"), std::vector<std::string>{});
    EXPECT_EQ(parse_lesson(kernel + "::: answer exercise 5\n", "t.md").slides[0].checkpoint->exercise, 5);
    EXPECT_EQ(
        problems_of(kernel + "::: answer exercise 3\n"),
        std::vector<std::string>{"t.md:5: a kernel checkpoint's answer is the exercise whose kernel is graded: ::: answer exercise 4 or "
                                 "::: answer exercise 5; got 'exercise 3'"});
    EXPECT_EQ(problems_of(kernel), std::vector<std::string>{"t.md:3: this checkpoint has no exercise (::: answer exercise 4)"});
}

TEST(LessonCheck, AStepRangeReadsWithAHyphenOrTwoDots) {
    const Lesson l = parse_lesson(with("::: step 4", "::: steps 2..4"), "t.md");
    EXPECT_EQ(l.slides[0].first_step, 2);
    EXPECT_EQ(l.slides[0].last_step, 4);
}

TEST(LessonCheck, ASlideWithNoRunFails) {
    EXPECT_EQ(problems_of("# Empty\nSome prose {{N}}.\n"),
              std::vector<std::string>{"t.md:1: this slide has no run: state one with ::: run --algo ALGO --preset NAME"});
}

// A student's way through the good lesson: answers are graded against the run, the answer stays
// closed until attempted, and the score counts each checkpoint once.
TEST(LessonProgress, AnswersAreGradedAgainstTheRunAndScoredOnce) {
    const Lesson l = parse_lesson(kGood, "t.md");
    LessonRuns runs;
    LessonProgress progress(l);
    EXPECT_EQ(progress.checkpoints(), 3);
    std::vector<CheckpointAnswer> answers;
    for (const Slide& s : l.slides) answers.push_back(checkpoint_answer("t.md", s, slide_facts("t.md", s, runs.trace("t.md", s))));
    EXPECT_FALSE(progress.slides[0]->attempted());
    progress.record(0, grade(*l.slides[0].checkpoint, answers[0], "16"));
    EXPECT_TRUE(progress.slides[0]->attempted());
    EXPECT_EQ(progress.right(), 0);
    progress.record(0, grade(*l.slides[0].checkpoint, answers[0], "15"));
    progress.record(0, grade(*l.slides[0].checkpoint, answers[0], "99"));  // after it is right, no longer counted
    EXPECT_EQ(progress.slides[0]->tries, 2);
    EXPECT_TRUE(progress.slides[0]->right);
    EXPECT_TRUE(grade(*l.slides[1].checkpoint, answers[1], "2,4,6,8,10,12,14").right);
    EXPECT_FALSE(grade(*l.slides[1].checkpoint, answers[1], "2-14").right);
    progress.record(1, grade(*l.slides[1].checkpoint, answers[1], "2, 4, 6, 8, 10, 12, 14"));
    const Grade wrong = grade(*l.slides[2].checkpoint, answers[2], "1");
    EXPECT_FALSE(wrong.right);
    EXPECT_EQ(wrong.reason, "Only the sequential scan does so little.");
    progress.record(2, wrong);
    EXPECT_EQ(progress.right(), 2);
    EXPECT_EQ(progress.right_first_time(), 1);
}

TEST(LessonProgress, CellsReadAsRangesWithHyphensOrEnDashes) {
    EXPECT_EQ(read_cells("1-3, 5"), (std::vector<int64_t>{1, 2, 3, 5}));
    EXPECT_EQ(read_cells("1–3,5"), (std::vector<int64_t>{1, 2, 3, 5}));
    EXPECT_EQ(read_cells("three"), std::nullopt);
    EXPECT_EQ(read_cells("5-3"), std::nullopt);
}

}  // namespace
}  // namespace scanlab
