// The Lesson panel's model: a student walks every slide of a shipped lesson, each slide's run
// opened as an ordinary run at its step, and answers each checkpoint wrongly and then rightly.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>
#include <tuple>

#include "app/gui/model/lesson_player.hpp"
#include "app/gui/model/session.hpp"
#include "tests/kernel_fixtures.hpp"

namespace scanlab::gui {
namespace {

// A wrong answer of the checkpoint's kind: another number, a cell it does not write, a wrong option.
std::string wrong_answer(const Checkpoint& c, const CheckpointAnswer& a) {
    if (c.kind == Checkpoint::Kind::number) return std::to_string(*a.number + 1);
    if (c.kind == Checkpoint::Kind::predict) return a.cells.front() == 0 ? "1" : "0";
    return std::to_string(a.right_option == 0 ? 2 : 1);
}

std::string right_answer(const Checkpoint& c, const CheckpointAnswer& a) {
    return c.kind == Checkpoint::Kind::choice ? std::to_string(a.right_option + 1) : a.text;
}

// Every slide of `path` walked with Next, each checkpoint answered wrongly and then rightly.
void walk_every_slide(const std::string& path) {
    SCOPED_TRACE(path);
    LessonPlayer p;
    ASSERT_TRUE(p.open(path)) << p.error;
    Session s;
    int kernels = 0;
    for (size_t k = 0; k < p.slides.size(); ++k) {
        if (k == 0)
            p.go(0, s);
        else
            p.next(s);
        s.wait();
        p.follow(s);
        ASSERT_EQ(p.slide, k);
        ASSERT_TRUE(s.trace) << s.error;
        EXPECT_TRUE(p.run_on_screen(s));
        EXPECT_EQ(s.trace->trace.algorithm, p.slides[k].spec.request.algorithm) << "slide " << k + 1;
        EXPECT_EQ(s.trace->trace.backend, "cpu") << "slide " << k + 1;  // the run the prose's numbers come from
        if (p.slides[k].first_step >= 0) {  // a range of steps: played from its first to its last, where it stops
            EXPECT_EQ(s.step, size_t(p.slides[k].first_step)) << "slide " << k + 1;
            for (int frames = 0; s.playing && frames < 1000; ++frames) s.poll(0.1);
        }
        EXPECT_FALSE(s.playing) << "slide " << k + 1;
        EXPECT_EQ(s.step, size_t(std::max(0LL, p.slides[k].step))) << "slide " << k + 1;
        const std::optional<Checkpoint>& c = p.lesson->slides[k].checkpoint;
        if (!c) {
            EXPECT_FALSE(p.check("1"));
            continue;
        }
        EXPECT_FALSE(p.answer_open());
        if (c->kind == Checkpoint::Kind::kernel) {  // graded by running a kernel: AKernelCheckpoint... below
            ++kernels;
            continue;
        }
        const std::optional<Grade> wrong = p.check(wrong_answer(*c, p.slides[k].answer));
        ASSERT_TRUE(wrong);
        EXPECT_FALSE(wrong->right) << "slide " << k + 1;
        EXPECT_TRUE(p.answer_open());
        EXPECT_TRUE(p.check(right_answer(*c, p.slides[k].answer))->right) << "slide " << k + 1 << ": " << p.slides[k].answer.text;
        EXPECT_EQ(p.progress->slides[k]->tries, 2);
    }
    EXPECT_EQ(p.progress->right() + kernels, p.progress->checkpoints());
    EXPECT_EQ(p.progress->right_first_time(), 0);
    p.back(s);
    EXPECT_EQ(p.slide, p.slides.size() - 2);
}

TEST(AppLesson, EverySlideOfEveryShippedLessonOpensItsRunAtItsStepAndEachCheckpointScoresOnceRight) {
    int lessons = 0;
    for (const auto& e : std::filesystem::directory_iterator(SCANLAB_LESSONS))
        if (e.path().extension() == ".md") walk_every_slide(e.path().string()), ++lessons;
    EXPECT_GE(lessons, 2);
}

TEST(AppLesson, TheShippedLessonsHaveTheirSlidesAndACheckpointInEachSection) {
    for (const auto& [file, slides, sections] : {std::tuple{"chapter9.md", 25u, 6u}, std::tuple{"chapter11-4th-edition.md", 15u, 4u}}) {
        LessonPlayer p;
        ASSERT_TRUE(p.open(std::string(SCANLAB_LESSONS) + "/" + file)) << p.error;
        EXPECT_GE(p.slides.size(), slides) << file;
        std::map<std::string, int> checkpoints;
        for (const Slide& s : p.lesson->slides) checkpoints[s.section] += s.checkpoint.has_value();
        EXPECT_EQ(checkpoints.size(), sections) << file;
        for (const auto& [section, n] : checkpoints) EXPECT_GE(n, 1) << file << ": " << section;
    }
}

TEST(AppLesson, ALessonItsRunsContradictIsRefusedAndTheOpenLessonStays) {
    LessonPlayer p;
    ASSERT_TRUE(p.open(std::string(SCANLAB_LESSONS) + "/chapter9.md")) << p.error;
    const std::string bad =
        "# Bad\n::: run --algo brent-kung --preset fig9.10\n::: checkpoint number\n::: ask Additions?\n::: answer total = 27\n";
    EXPECT_FALSE(p.open_text(bad, "bad.md"));
    EXPECT_EQ(p.error, "bad.md:5: the run contradicts this checkpoint: total is 26 on its run, not 27");
    EXPECT_EQ(p.lesson->file, "chapter9.md");
}

// A student's checkpoints are kept per lesson: opened again (at home, after a restart), the score
// and the tries are as they were left, and the answers already tried stay open.
TEST(AppLesson, TheCheckpointsAnsweredAreKeptAndReadBackWhenTheLessonOpensAgain) {
    const std::string folder = testing::TempDir() + "/scanlab-lesson-progress";
    std::filesystem::remove_all(folder);
    const std::string good =
        "# Kept\n::: run --algo brent-kung --preset fig9.10\n::: checkpoint number\n::: ask Additions?\n::: answer total\n"
        "---\n::: checkpoint number\n::: ask Steps?\n::: answer steps\n";
    {
        LessonPlayer p;
        p.progress_folder = folder;
        ASSERT_TRUE(p.open_text(good, "kept.md")) << p.error;
        EXPECT_FALSE(p.check("25")->right);
        EXPECT_TRUE(p.check("26")->right);
        EXPECT_EQ(p.save_error, "");
    }
    LessonPlayer again;
    again.progress_folder = folder;
    ASSERT_TRUE(again.open_text(good, "kept.md")) << again.error;
    EXPECT_EQ(again.progress->right(), 1);
    EXPECT_EQ(again.progress->slides[0]->tries, 2);
    EXPECT_TRUE(again.answer_open());
    EXPECT_FALSE(again.progress->slides[1]->attempted());
    std::filesystem::remove_all(folder);
}

// "Write this kernel": the starter opens in the Your kernel model, and the model's text is graded as
// `scanlab grade` grades a file: the starter as it is (its TODO left) fails, the exercise's answer passes.
TEST(AppLesson, AKernelCheckpointGradesTheYourKernelTextWrongAndThenRight) {
    const std::string lesson =
        "# Kernel\n::: run --algo kogge-stone --preset fig9.10 --exclusive\n::: view kernel\n"
        "::: checkpoint kernel\n::: ask Write it.\n::: answer exercise 4\n";
    LessonPlayer p;
    ASSERT_TRUE(p.open_text(lesson, "kernel.md")) << p.error;
    Session s;
    s.your_kernel.grade_every_type = false;  // the quick pass
    p.go(0, s);
    s.wait();
    ASSERT_TRUE(p.open_kernel_starter(s));
    EXPECT_EQ(s.your_kernel.starter, starter_for_exercise(4));
    const auto graded = [&] {
        p.grade_kernel(s);
        EXPECT_TRUE(p.grading_kernel());
        while (p.grading_kernel()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            p.follow(s);
        }
        return p.graded[0];
    };
    const std::optional<Grade> as_is = graded();
    ASSERT_TRUE(as_is);
    EXPECT_FALSE(as_is->right);
    EXPECT_NE(as_is->reason.find("failed "), std::string::npos) << as_is->reason;
    // The student fills the starter's TODO in the editor.
    s.your_kernel.edit(kernel_fixtures::filled(
        s.your_kernel.text, kernel_fixtures::text_of(kernel_fixtures::kFixtures + "/starter_solutions/ex4-exclusive-kogge-stone.cu")));
    const std::optional<Grade> answer = graded();
    ASSERT_TRUE(answer);
    EXPECT_TRUE(answer->right) << answer->reason << p.kernel_report;
    EXPECT_NE(p.kernel_report.find("PASS  exclusive scan of int32 with sum"), std::string::npos) << p.kernel_report;
    EXPECT_EQ(p.progress->slides[0]->tries, 2);
    EXPECT_EQ(p.progress->right(), 1);
    // One grading in the app: the checkpoint's grade is the Your kernel panel's Grade, shown there too.
    ASSERT_TRUE(s.your_kernel.grading.outcome && s.your_kernel.grading.outcome->grade);
    EXPECT_TRUE(s.your_kernel.grading.outcome->grade->passed());
    EXPECT_EQ(s.your_kernel.grading.graded->text, s.your_kernel.text);
}

// A kernel's grade that ends after another lesson was opened belongs to no slide of it: it is dropped,
// and the new lesson's checkpoint stays unattempted.
TEST(AppLesson, AKernelGradeThatEndsAfterAnotherLessonOpenedIsDropped) {
    const std::string lesson =
        "# Kernel\n::: run --algo kogge-stone --preset fig9.10 --exclusive\n"
        "::: checkpoint kernel\n::: ask Write it.\n::: answer exercise 4\n";
    LessonPlayer p;
    ASSERT_TRUE(p.open_text(lesson, "kernel.md")) << p.error;
    Session s;
    s.your_kernel.grade_every_type = false;
    p.go(0, s);
    s.wait();
    ASSERT_TRUE(p.open_kernel_starter(s));
    p.grade_kernel(s);
    ASSERT_TRUE(p.grading_kernel());
    ASSERT_TRUE(p.open_text(lesson, "another.md")) << p.error;
    s.your_kernel.grading.wait();
    ASSERT_TRUE(s.your_kernel.grading.outcome);  // the grading ended (the starter's TODO fails it)
    p.follow(s);
    EXPECT_FALSE(p.grading_kernel());
    EXPECT_FALSE(p.graded[0]);
    EXPECT_FALSE(p.progress->slides[0]->attempted());
}

}  // namespace
}  // namespace scanlab::gui
