// The Your kernel panel's model, without a window: a starter opened and edited, saved whole, run
// through the Session's jobs with the controls' run (its trace then the one every tab shows), the
// findings and the compiler's messages taking the step and the editor's line, Cancel, a kernel
// that crashes saying so in one sentence, and no clang++ saying which package to install. The runs
// that compile need clang++ and skip without it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/gui/model/session.hpp"
#include "app/gui/model/your_kernel.hpp"
#include "tests/kernel_fixtures.hpp"

using namespace scanlab;
using namespace scanlab::gui;
using namespace scanlab::kernel_fixtures;

namespace {

namespace fs = std::filesystem;

// Each test's own folder, removed after it.
class YourKernelPanel : public ::testing::Test {
protected:
    fs::path dir = fs::temp_directory_path() / ("scanlab-your-kernel-test-" + std::to_string(::getpid()));
    void SetUp() override { fs::create_directories(dir); }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (dir / name).string(); }
};

// The runs compile with clang++.
#define NEEDS_CLANG() \
    if (const std::string why = kernel_tracing_unavailable(); !why.empty()) GTEST_SKIP() << why

// The kernel in the editor, run and waited for.
void run_kernel(Session& s, const std::string& text) {
    s.your_kernel.edit(text);
    s.your_kernel.run(s);
    EXPECT_TRUE(s.your_kernel.running);
    EXPECT_TRUE(s.busy());  // the status bar's spinner, as for any run
    s.wait();
    EXPECT_FALSE(s.your_kernel.running);
    ASSERT_TRUE(s.your_kernel.report.has_value());
}

}  // namespace

TEST(YourKernelModel, CompilerMessagesAreAtTheFilesOwnLinesAndLeaveTheShimsNotesOut) {
    const std::string clang =
        "/tmp/scanlab-your-kernel-1/my.cu:4:20: error: use of undeclared identifier 'stride'\n"
        "    Y[t] = X[t] + stride;\n"
        "                   ^\n"
        "/work/kernel_tracer/shim/scanlab_cuda.hpp:40:6: note: candidate function not viable\n"
        "/tmp/scanlab-your-kernel-1/my.cu:9:1: warning: unused variable 'k'\n"
        "1 error generated.\n";
    const std::vector<CompilerMessage> m = compiler_messages(clang, "my.cu");
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m[0].line, 4);
    EXPECT_EQ(m[0].column, 20);
    EXPECT_TRUE(m[0].error);
    EXPECT_EQ(m[0].text, "error: use of undeclared identifier 'stride'");
    EXPECT_EQ(m[1].line, 9);
    EXPECT_FALSE(m[1].error);
    // Another file's name that merely ends the same is not the student's.
    EXPECT_EQ(compiler_messages("/x/notmy.cu:3:1: error: e\n", "my.cu").front().line, 0);
}

TEST(YourKernelModel, TheKernelsRunIsTheControlsRunWithThePanelsBlockOrderInTheKernelsOwnType) {
    KernelOrder o;
    RunSpec& spec = o.spec;
    spec.request.algorithm = Algorithm::hierarchical;
    spec.request.type = ElementType::float32;
    spec.request.exclusive = true;
    spec.request.warp_width = 8;
    spec.input.source = InputSpec::Source::random;
    spec.input.random_n = 40;
    spec.backend = BackendChoice::cpu;
    o.like = Algorithm::brent_kung;
    o.block_schedule = *parse_block_schedule("reverse");
    o.text = "__global__ void scan(T* X, T* Y, int n) {}";
    const kernel_tracer::KernelRequest any_type = kernel_request(o, "k.cu");
    o.text = "__global__ void scan(int* X, int* Y, int n) {}";
    const kernel_tracer::KernelRequest own_type = kernel_request(o, "k.cu");
    for (const kernel_tracer::KernelRequest* r : {&any_type, &own_type}) {
        EXPECT_EQ(r->file, "k.cu");
        EXPECT_EQ(r->like, Algorithm::brent_kung);
        EXPECT_TRUE(r->spec.request.exclusive);
        EXPECT_EQ(r->spec.request.warp_width, 8);
        EXPECT_EQ(r->spec.input.source, InputSpec::Source::random);
        EXPECT_EQ(r->spec.input.random_n, 40);
        EXPECT_EQ(r->spec.request.block_schedule.text(), "reverse");
    }
    // A kernel written for T runs in the Controls' type; one that names its type, in its own.
    EXPECT_TRUE(any_type.type_given);
    EXPECT_EQ(any_type.spec.request.type, ElementType::float32);
    EXPECT_FALSE(own_type.type_given);
}

TEST_F(YourKernelPanel, AStarterOpensAsACopyThatSaveWritesWholeWhereAskedAndNeverOverTheStarter) {
    Session s;
    const KernelStarter& ex4 = *starter_for_exercise(4);
    s.your_kernel.open_starter(s, ex4);
    const YourKernel& k = s.your_kernel;
    EXPECT_EQ(k.name, "ex4-exclusive-kogge-stone.cu");
    EXPECT_TRUE(k.path.empty());  // Save asks where
    EXPECT_TRUE(k.dirty());
    EXPECT_EQ(k.text, text_of(starter_path(ex4)));
    EXPECT_EQ(k.like, Algorithm::kogge_stone);
    const uint64_t version = k.text_version;

    s.your_kernel.edit(k.text + "// mine\n");
    s.your_kernel.save(s, path("mine.cu"));
    EXPECT_FALSE(k.said_failed) << k.said;
    EXPECT_EQ(text_of(path("mine.cu")), text_of(starter_path(ex4)) + "// mine\n");
    EXPECT_EQ(k.path, path("mine.cu"));
    EXPECT_EQ(k.name, "mine.cu");
    EXPECT_FALSE(k.dirty());
    EXPECT_EQ(k.text_version, version);  // the editor keeps its text (and its undo)
    EXPECT_EQ(text_of(starter_path(ex4)).find("// mine"), std::string::npos);

    // A save that cannot be made writes nothing and keeps the text.
    s.your_kernel.edit("changed");
    s.your_kernel.save(s, path("no-such-folder/mine.cu"));
    EXPECT_TRUE(k.said_failed);
    EXPECT_NE(k.said.find("Nothing was written"), std::string::npos) << k.said;
    EXPECT_FALSE(fs::exists(path("no-such-folder")));
    EXPECT_EQ(k.text, "changed");
    EXPECT_TRUE(k.dirty());
    EXPECT_EQ(text_of(path("mine.cu")), text_of(starter_path(ex4)) + "// mine\n");

    // Opening a folder refuses and keeps the editor as it was; a file opens as itself.
    s.your_kernel.open(s, dir.string());
    EXPECT_TRUE(k.said_failed);
    EXPECT_EQ(k.text, "changed");
    s.your_kernel.open(s, path("mine.cu"));
    EXPECT_FALSE(k.said_failed) << k.said;
    EXPECT_FALSE(k.dirty());
    EXPECT_GT(k.text_version, version);
}

// Where no sandbox can be made, the panel asks before a file opened from disk runs with none, once
// per file; a text written in the editor (a starter's copy, a new file) is the student's own.
TEST_F(YourKernelPanel, WithNoSandboxOnlyAFileOpenedFromDiskIsAskedAboutAndOnlyOnce) {
    Session s;
    const YourKernel& k = s.your_kernel;
    EXPECT_TRUE(k.trusted_without_sandbox());  // a new file
    s.your_kernel.open_starter(s, *starter_for_exercise(4));
    EXPECT_TRUE(k.trusted_without_sandbox());
    std::ofstream(path("submitted.cu")) << text_of(starter_path(*starter_for_exercise(4)));
    std::ofstream(path("other.cu")) << text_of(starter_path(*starter_for_exercise(4)));
    s.your_kernel.open(s, path("submitted.cu"));
    ASSERT_FALSE(k.said_failed) << k.said;
    EXPECT_FALSE(k.trusted_without_sandbox());
    s.your_kernel.trust_and_run(s);
    s.wait();
    EXPECT_TRUE(k.trusted_without_sandbox());
    s.your_kernel.edit(k.text + "// edited\n");  // still the submitted file
    EXPECT_TRUE(k.trusted_without_sandbox());
    s.your_kernel.open(s, path("other.cu"));
    EXPECT_FALSE(k.trusted_without_sandbox());
    s.your_kernel.open(s, path("submitted.cu"));
    EXPECT_TRUE(k.trusted_without_sandbox());  // asked once
}

TEST_F(YourKernelPanel, TryItYourselfOpensTheExercisesStarterWithItsRunInTheControls) {
    Session s;
    EXPECT_FALSE(s.your_kernel.try_exercise(s, 6));  // no kernel to write
    ASSERT_TRUE(s.your_kernel.try_exercise(s, 5));
    EXPECT_EQ(s.your_kernel.name, "ex5-hierarchical.cu");
    EXPECT_EQ(s.your_kernel.like, Algorithm::hierarchical);
    EXPECT_EQ(s.form.input.source, InputSpec::Source::random);
    EXPECT_EQ(s.form.input.random_n, 40);
    EXPECT_EQ(s.form.request.section, 8);
    ASSERT_TRUE(s.your_kernel.try_exercise(s, 4));
    EXPECT_EQ(s.form.input.source, InputSpec::Source::preset);
    EXPECT_TRUE(s.form.request.exclusive);
}

// Exercise 4's exclusive run does not stay behind when the Kogge-Stone starter (an inclusive scan)
// is picked from the panel's list: its run is its own, so a correct kernel is not judged WRONG.
TEST_F(YourKernelPanel, PickingAStarterSetsTheControlsToItsOwnRun) {
    Session s;
    ASSERT_TRUE(s.your_kernel.try_exercise(s, 4));
    ASSERT_TRUE(s.form.request.exclusive);
    const KernelStarter* inclusive = nullptr;
    for (const KernelStarter& st : kernel_starters())
        if (std::string(st.file) == "kogge-stone.cu") inclusive = &st;
    ASSERT_NE(inclusive, nullptr);
    s.your_kernel.pick_starter(s, *inclusive);
    EXPECT_EQ(s.your_kernel.name, "kogge-stone.cu");
    EXPECT_FALSE(s.form.request.exclusive);
    EXPECT_EQ(s.form.input.source, InputSpec::Source::preset);
    EXPECT_EQ(s.form.request.algorithm, Algorithm::kogge_stone);
}

// A read that fails partway (EIO, from the fault shim ctest preloads) is said, and the editor keeps
// its text: a truncated kernel is never put there to be compiled as if it were the file.
TEST_F(YourKernelPanel, AReadErrorWhileOpeningAKernelIsSaidAndTheEditorIsUnchanged) {
    Session s;
    ASSERT_TRUE(s.your_kernel.try_exercise(s, 4));
    const std::string before = s.your_kernel.text;
    const std::string file = path("long.cu");
    std::ofstream(file) << std::string(400, '/') << "\n__global__ void k() {}\n";
    ::setenv("SCANLAB_FAIL_READS_AFTER", "100", 1);  // the shim fails reads past 100 bytes
    s.your_kernel.open(s, file);
    ::unsetenv("SCANLAB_FAIL_READS_AFTER");
    if (!s.your_kernel.said_failed && s.your_kernel.text.size() > 400)
        GTEST_SKIP() << "the fault shim is not preloaded (ctest preloads it)";
    EXPECT_TRUE(s.your_kernel.said_failed) << "the editor took " << s.your_kernel.text.size() << " bytes of a 424-byte file";
    EXPECT_NE(s.your_kernel.said.find("Input/output error"), std::string::npos) << s.your_kernel.said;
    EXPECT_EQ(s.your_kernel.text, before);
}

// What picking another starter would lose, and so asks about first: edits since the text was
// opened that are not saved; a starter as opened, or text just saved, loses nothing.
TEST_F(YourKernelPanel, OnlyUnsavedEditsAreWhatAnotherStarterWouldLose) {
    Session s;
    ASSERT_TRUE(s.your_kernel.try_exercise(s, 4));
    EXPECT_FALSE(s.your_kernel.edited());
    s.your_kernel.edit(s.your_kernel.text + "// mine\n");
    EXPECT_TRUE(s.your_kernel.edited());
    s.your_kernel.save(s, path("mine.cu"));
    EXPECT_FALSE(s.your_kernel.edited());
    s.your_kernel.edit(s.your_kernel.text + "// more\n");
    EXPECT_TRUE(s.your_kernel.edited());
}

TEST_F(YourKernelPanel, ASolvedStarterRunsAsTheTraceEveryTabShowsBesideTheComparison) {
    NEEDS_CLANG();
    Session s;
    s.your_kernel.try_exercise(s, 4);
    run_kernel(s, text_of(solved_starter("ex4-exclusive-kogge-stone")));
    const KernelReport& r = *s.your_kernel.report;
    EXPECT_TRUE(r.traced) << r.stopped;
    EXPECT_TRUE(r.findings.empty());
    ASSERT_TRUE(s.trace);
    const Trace& t = s.trace->trace;
    EXPECT_EQ(t.kernel, "ex4-exclusive-kogge-stone.cu");
    EXPECT_TRUE(t.exclusive);
    EXPECT_EQ(t.n, 16);
    EXPECT_GE(t.steps.size(), 2u);
    EXPECT_TRUE(s.trace->book.verdict.wrong.empty());  // the Steps tab's verdict line
    EXPECT_EQ(run_name(t), "ex4-exclusive-kogge-stone.cu");  // never taken for the built-in kogge-stone beside it
    EXPECT_EQ(run_name(s.compare->trace), name(s.compare->trace.algorithm));
    ASSERT_TRUE(s.compare);  // the Compare tab's second run, on the same input
    EXPECT_EQ(s.compare->trace.input, t.input);
    EXPECT_EQ(s.step, 0u);
    EXPECT_TRUE(s.error.empty());
}

// The panel's report opens with the verdict the CLI prints and lists printf's lines by step and thread.
TEST_F(YourKernelPanel, TheReportSaysTheVerdictAndPrintfsLinesByStepAndThread) {
    NEEDS_CLANG();
    Session s;
    s.your_kernel.name = "printf_ks.cu";
    run_kernel(s, text_of(kFixtures + "/students/printf_ks.cu"));
    const KernelReport& r = *s.your_kernel.report;
    ASSERT_TRUE(r.traced) << r.stopped;
    EXPECT_EQ(r.verdict, "CORRECT: 16 of 16 values, no findings");
    EXPECT_TRUE(r.verdict_clean);
    ASSERT_EQ(r.printed.size(), 4u);
    EXPECT_EQ(r.printed[1].step, 2);
    EXPECT_EQ(r.printed[1].thread, 3);
    EXPECT_EQ(r.printed[1].text, "stride 2: XY[3] = 7");
    s.your_kernel.name = "ks_short_loop.cu";
    run_kernel(s, text_of(kFixtures + "/students/ks_short_loop.cu"));
    EXPECT_EQ(s.your_kernel.report->verdict.rfind("WRONG: 8 of 16 values differ from the correct scan, first at 8\nwant: 2 3 6 7", 0), 0u)
        << s.your_kernel.report->verdict;
    EXPECT_FALSE(s.your_kernel.report->verdict_clean);
}

TEST_F(YourKernelPanel, AFindingTakesItsStepItsLineAndItsCell) {
    NEEDS_CLANG();
    Session s;
    s.form.input.source = InputSpec::Source::random;
    s.form.input.random_n = 64;
    s.your_kernel.name = "fault_race.cu";
    run_kernel(s, text_of(fixture_path("fault_race.cu")));
    const KernelReport& r = *s.your_kernel.report;
    ASSERT_TRUE(r.traced) << r.stopped;
    ASSERT_FALSE(r.findings.empty());
    size_t with_cell = r.findings.size();
    for (size_t i = 0; i < r.findings.size(); ++i) {
        const kernel_tracer::Finding& f = r.findings[i];
        EXPECT_GT(f.line, 0) << f.sentence;
        if (f.step >= 0 && finding_cell(s.trace->trace, size_t(f.step), f) >= 0 && with_cell == r.findings.size()) with_cell = i;
    }
    ASSERT_LT(with_cell, r.findings.size());
    const kernel_tracer::Finding& f = r.findings[with_cell];
    const uint64_t shown = s.your_kernel.show_version;
    s.your_kernel.show_finding(s, int(with_cell));
    EXPECT_EQ(s.your_kernel.finding(), &f);
    EXPECT_EQ(s.step, size_t(f.step));
    EXPECT_EQ(s.your_kernel.line_to_show, f.line);
    EXPECT_GT(s.your_kernel.show_version, shown);
    // The cell is the element of the shared array in the finding's block.
    const Step& step = s.trace->trace.steps[size_t(f.step)];
    EXPECT_EQ(finding_cell(s.trace->trace, size_t(f.step), f), f.block * int64_t(size_of(step.values)) / step.blocks + f.element);
    // On another step it marks no cell.
    EXPECT_EQ(finding_cell(s.trace->trace, size_t(f.step) + 1, f), -1);
}

TEST_F(YourKernelPanel, ACompileErrorListsTheFilesLinesAndLeavesTheTraceOnScreen) {
    NEEDS_CLANG();
    Session s;
    s.run();
    s.wait();
    const TracePtr before = s.trace;
    s.your_kernel.name = "fault_compile_error.cu";
    run_kernel(s, text_of(fixture_path("fault_compile_error.cu")));
    const KernelReport& r = *s.your_kernel.report;
    EXPECT_FALSE(r.traced);
    EXPECT_NE(r.stopped.find("does not compile"), std::string::npos) << r.stopped;
    ASSERT_FALSE(r.compiler.empty());
    EXPECT_EQ(r.compiler.front().line, 4);
    EXPECT_NE(r.compiler.front().text.find("stride"), std::string::npos);
    EXPECT_EQ(s.trace, before);
    s.your_kernel.show_compiler_message(0);
    EXPECT_EQ(s.your_kernel.line_to_show, 4);
}

TEST_F(YourKernelPanel, ACrashIsOneSentenceAndCancelStopsTheRunUnderWay) {
    NEEDS_CLANG();
    Session s;
    s.your_kernel.name = "fault_segfault.cu";
    run_kernel(s, text_of(fixture_path("fault_segfault.cu")));
    EXPECT_FALSE(s.your_kernel.report->traced);
    EXPECT_NE(s.your_kernel.report->stopped.find("crashed"), std::string::npos) << s.your_kernel.report->stopped;
    EXPECT_EQ(s.your_kernel.report->stopped.find('\n'), std::string::npos);

    // An endless loop, cancelled: the run ends, its report never replaces the last one.
    s.your_kernel.name = "fault_endless_loop.cu";
    s.your_kernel.edit(text_of(fixture_path("fault_endless_loop.cu")));
    s.your_kernel.run(s);
    s.your_kernel.cancel_run(s);
    EXPECT_FALSE(s.your_kernel.running);
    EXPECT_FALSE(s.busy());
    s.wait();
    EXPECT_NE(s.your_kernel.report->stopped.find("crashed"), std::string::npos);
}

TEST_F(YourKernelPanel, WithoutClangTheRunNamesDebiansPackage) {
    Session s;
    s.your_kernel.open_starter(s, *starter_for_exercise(4));
    const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    ::setenv("PATH", dir.c_str(), 1);  // a folder with no compiler in it
    s.your_kernel.run(s);
    s.wait();
    ::setenv("PATH", path.c_str(), 1);
    ASSERT_TRUE(s.your_kernel.report.has_value());
    EXPECT_FALSE(s.your_kernel.report->traced);
    EXPECT_NE(s.your_kernel.report->stopped.find("Debian's package clang"), std::string::npos) << s.your_kernel.report->stopped;
    EXPECT_FALSE(s.your_kernel.running);
}

TEST_F(YourKernelPanel, TextNotSavedAtQuitComesBackAtTheNextStartAndASavedOneLeavesNothingBehind) {
    {
        Session s;
        s.your_kernel.open_starter(s, *starter_for_exercise(4));
        s.your_kernel.keep_draft(dir.string());  // a starter as it came: nothing of the student's to keep
        EXPECT_FALSE(fs::exists(path("your-kernel-draft.cu")));
        s.your_kernel.edit(s.your_kernel.text + "// half done\n");
        s.your_kernel.keep_draft(dir.string());
    }
    Session s;
    s.your_kernel.restore_draft(s, dir.string());
    const YourKernel& k = s.your_kernel;
    EXPECT_EQ(k.name, "ex4-exclusive-kogge-stone.cu");
    EXPECT_TRUE(k.path.empty());
    EXPECT_NE(k.text.find("// half done"), std::string::npos);
    EXPECT_TRUE(k.dirty());
    EXPECT_GT(k.text_version, 0u);  // the editor takes it
    s.your_kernel.save(s, path("mine.cu"));
    s.your_kernel.keep_draft(dir.string());
    EXPECT_FALSE(fs::exists(path("your-kernel-draft.cu")));
    Session again;
    again.your_kernel.restore_draft(again, dir.string());
    EXPECT_TRUE(again.your_kernel.text.empty());
}

TEST_F(YourKernelPanel, AControlChangedWhileYourKernelIsOnScreenRunsYourKernelAgainWithIt) {
    NEEDS_CLANG();
    Session s;
    s.your_kernel.try_exercise(s, 4);
    run_kernel(s, text_of(solved_starter("ex4-exclusive-kogge-stone")));
    ASSERT_TRUE(s.kernel_on_screen());
    const std::string name = s.your_kernel.name;

    // A menu choice (warps of 4) and a new input (32 random values) run the kernel again with them.
    s.form.request.warp_width = 4;
    s.form.input.source = InputSpec::Source::random;
    s.form.input.random_n = 32;
    s.run_again();
    EXPECT_TRUE(s.your_kernel.running);  // on the panel's job, with its Cancel
    s.wait();
    ASSERT_TRUE(s.trace);
    EXPECT_EQ(s.trace->trace.kernel, name);
    EXPECT_EQ(s.trace->trace.n, 32);
    EXPECT_EQ(s.trace->trace.warp_width, 4);
    EXPECT_TRUE(s.trace->trace.exclusive);

    // Enter on a typed N (a draft) does too.
    s.random_n_draft = 16;
    s.commit_input();
    s.wait();
    EXPECT_EQ(s.trace->trace.kernel, name);
    EXPECT_EQ(s.trace->trace.n, 16);

    // Cancelled, the trace on screen stays.
    const TracePtr before = s.trace;
    s.form.request.op = OpKind::max;
    s.run_again();
    s.your_kernel.cancel_run(s);
    s.wait();
    EXPECT_EQ(s.trace, before);

    // A built-in algorithm chosen (the algorithm menu) runs it; the controls then drive it again.
    s.run();
    s.wait();
    EXPECT_TRUE(s.trace->trace.kernel.empty());
    EXPECT_FALSE(s.kernel_on_screen());
    s.form.request.warp_width = 8;
    s.run_again();
    EXPECT_FALSE(s.your_kernel.running);
    s.wait();
    EXPECT_TRUE(s.trace->trace.kernel.empty());
    EXPECT_EQ(s.trace->trace.warp_width, 8);
}

TEST_F(YourKernelPanel, TheRestoredNoteStaysThroughTheFirstRunUntilTheStudentActsOnThePanel) {
    {
        Session s;
        s.your_kernel.open_starter(s, *starter_for_exercise(4));
        s.your_kernel.edit(s.your_kernel.text + "// half done\n");
        s.your_kernel.keep_draft(dir.string());
    }
    Session s;
    s.your_kernel.restore_draft(s, dir.string());
    EXPECT_NE(s.your_kernel.restored.find("as you left it"), std::string::npos) << s.your_kernel.restored;
    s.run();  // the first run at startup
    s.wait();
    ASSERT_TRUE(s.trace);
    EXPECT_NE(s.your_kernel.restored.find("as you left it"), std::string::npos);
    s.your_kernel.edit(s.your_kernel.text + "// more\n");
    EXPECT_TRUE(s.your_kernel.restored.empty());
}

TEST_F(YourKernelPanel, TheDeviceCheckFollowsTheTraceOnScreenAndSaysWhatTheGpuGaveOrQuietlyWhyNot) {
    NEEDS_CLANG();
    Session s;
    s.your_kernel.try_exercise(s, 4);
    s.your_kernel.edit(text_of(solved_starter("ex4-exclusive-kogge-stone")));
    s.your_kernel.run(s);
    s.wait_unpolled();  // the CPU run is done; its result not yet taken in
    s.poll(0);
    // The trace is on screen while the check runs on a worker: the window never waits for nvcc.
    ASSERT_TRUE(s.kernel_on_screen());
    ASSERT_TRUE(s.your_kernel.report.has_value());
    const KernelReport& r = *s.your_kernel.report;
    ASSERT_TRUE(r.device.has_value());
    EXPECT_EQ(r.device->shape.entry.name, "exclusive_kogge_stone_scan");
    EXPECT_FALSE(s.busy());  // no spinner in the status bar for it
    s.wait();
    EXPECT_FALSE(r.device_checking);
    ASSERT_TRUE(r.device_check.has_value());
    if (const std::string why = kernel_tracer::device_check_unavailable(); !why.empty()) {
        // No GPU here (CI): one quiet line, the CLI's.
        EXPECT_TRUE(r.device_check->skipped);
        EXPECT_EQ(r.device_check->sentence, "the device check was skipped: " + why);
    } else {
        // A GPU and nvcc: the race-free kernel gives the CPU run's values.
        EXPECT_TRUE(r.device_check->ran) << r.device_check->sentence;
        EXPECT_TRUE(r.device_check->same) << r.device_check->sentence;
    }
}

// A file opened from disk runs on the GPU only once the student trusts it for the GPU check, asked
// once per file; the run on screen is then checked at once.
TEST_F(YourKernelPanel, AFileFromDiskIsTrustedForTheGpuCheckOnceAndTheRunOnScreenIsThenChecked) {
    NEEDS_CLANG();
    Session s;
    const YourKernel& k = s.your_kernel;
    std::ofstream(path("submitted.cu")) << text_of(solved_starter("ex4-exclusive-kogge-stone"));
    std::ofstream(path("other.cu")) << text_of(solved_starter("ex4-exclusive-kogge-stone"));
    s.your_kernel.open(s, path("submitted.cu"));
    ASSERT_FALSE(k.said_failed) << k.said;
    EXPECT_FALSE(k.trusted_for_gpu());
    s.your_kernel.run(s);
    s.wait();
    ASSERT_TRUE(s.kernel_on_screen()) << (k.report ? k.report->stopped : "");
    ASSERT_TRUE(k.report && k.report->device && k.report->device_check);
    // The order the GPU check was given carries the file's trust: none.
    EXPECT_FALSE(k.report->device->trusted);
    // What a machine with nvcc and a GPU says of it (here the check stops sooner, at the missing GPU).
    s.your_kernel.report->device_check->untrusted = true;
    s.your_kernel.report->device_check->sentence = kernel_tracer::device_check_untrusted("submitted.cu");
    EXPECT_TRUE(k.offers_gpu_trust());
    EXPECT_NE(gpu_trust_sentence().find("GPU"), std::string::npos);
    s.your_kernel.trust_for_gpu(s);
    EXPECT_FALSE(k.offers_gpu_trust());
    EXPECT_TRUE(k.report->device->trusted);
    s.wait();
    ASSERT_TRUE(k.report->device_check.has_value());
    EXPECT_FALSE(k.report->device_check->untrusted) << k.report->device_check->sentence;
    // Asked once per file: another file is not trusted, and this one still is.
    s.your_kernel.open(s, path("other.cu"));
    EXPECT_FALSE(k.trusted_for_gpu());
    s.your_kernel.open(s, path("submitted.cu"));
    EXPECT_TRUE(k.trusted_for_gpu());
    EXPECT_FALSE(k.trusted_without_sandbox());  // trusted for the GPU check, not to run without a sandbox
}

// Grade in the panel runs `scanlab grade`'s grading on a worker: the window polls it, its progress
// counts the runs, and a failed check's smallest failing input opens as a run of the editor's
// kernel, WRONG on screen as the grade said.
TEST_F(YourKernelPanel, GradeRunsInTheBackgroundAndOpensTheSmallestFailingInputAsARun) {
    NEEDS_CLANG();
    Session s;
    ASSERT_TRUE(s.your_kernel.try_exercise(s, 4));  // the starter as it is: its TODO not written
    s.your_kernel.grade_every_type = false;  // int32 with sum and float64 with min: 30 runs
    ASSERT_TRUE(s.your_kernel.grade(4));
    EXPECT_TRUE(s.your_kernel.grading.running());
    EXPECT_TRUE(s.working());  // the window keeps drawing its progress
    EXPECT_FALSE(s.your_kernel.grade(4));  // one grading at a time
    s.wait();
    ASSERT_FALSE(s.your_kernel.grading.running());
    ASSERT_TRUE(s.your_kernel.grading.outcome && s.your_kernel.grading.outcome->grade)
        << (s.your_kernel.grading.outcome ? s.your_kernel.grading.outcome->stopped : "");
    const kernel_tracer::Grade& g = *s.your_kernel.grading.outcome->grade;
    EXPECT_EQ(s.your_kernel.grading.progress().done, 30);
    EXPECT_EQ(s.your_kernel.grading.progress().total, 30);
    ASSERT_FALSE(g.passed());
    ASSERT_FALSE(g.checks.front().passed);
    EXPECT_EQ(g.checks.front().failure.rfind("N = 7: ", 0), 0u) << g.checks.front().failure;

    s.your_kernel.open_grade_failure(s, 0);
    s.wait();
    ASSERT_TRUE(s.trace && s.your_kernel.report) << s.error;
    EXPECT_EQ(s.form.input.source, InputSpec::Source::random);
    EXPECT_EQ(s.form.input.random_n, 7);
    EXPECT_TRUE(s.form.request.exclusive);
    EXPECT_EQ(s.trace->trace.n, 7);
    EXPECT_EQ(s.your_kernel.report->verdict.rfind("WRONG", 0), 0u) << s.your_kernel.report->verdict;
}

// Cancel ends the grading under way: the grade says it was cancelled, never that it passed.
TEST_F(YourKernelPanel, CancelStopsTheGradingAndTheGradeSaysSo) {
    NEEDS_CLANG();
    Session s;
    ASSERT_TRUE(s.your_kernel.try_exercise(s, 4));
    s.your_kernel.run(s);
    s.wait();  // compiled once: the grading's first runs start at once
    ASSERT_TRUE(s.your_kernel.grade(4));
    s.your_kernel.grading.cancel();
    s.wait();
    ASSERT_TRUE(s.your_kernel.grading.outcome && s.your_kernel.grading.outcome->grade)
        << (s.your_kernel.grading.outcome ? s.your_kernel.grading.outcome->stopped : "");
    EXPECT_TRUE(s.your_kernel.grading.outcome->grade->cancelled);
    EXPECT_FALSE(s.your_kernel.grading.outcome->grade->passed());
    EXPECT_LT(s.your_kernel.grading.progress().done, 180);
}

// The panel's block schedule orders a student's kernel's blocks: a kernel that takes its block
// order from an atomic ticket but scans its blockIdx's section is right when the blocks run in
// order and WRONG when the last block runs first, as on a GPU that starts it first.
TEST_F(YourKernelPanel, TheBlockScheduleShowsATicketOrderedKernelWrongUnderOneScheduleAndRightUnderAnother) {
    NEEDS_CLANG();
    Session s;
    s.your_kernel.name = "ticket_block_order.cu";
    s.form.input.source = InputSpec::Source::random;
    s.form.input.random_n = 32;
    run_kernel(s, text_of(kFixtures + "/students/ticket_block_order.cu"));
    ASSERT_TRUE(s.trace) << s.your_kernel.report->stopped;
    EXPECT_EQ(s.trace->trace.grid, 4);
    EXPECT_TRUE(s.your_kernel.report->verdict_clean) << s.your_kernel.report->verdict;
    EXPECT_TRUE(s.trace->book.verdict.wrong.empty());

    s.your_kernel.block_schedule.kind = BlockSchedule::Kind::reverse;
    run_kernel(s, s.your_kernel.text);
    EXPECT_EQ(s.your_kernel.report->verdict.rfind("WRONG", 0), 0u) << s.your_kernel.report->verdict;
    EXPECT_FALSE(s.trace->book.verdict.wrong.empty());

    s.your_kernel.block_schedule = *parse_block_schedule("random:3");
    run_kernel(s, s.your_kernel.text);
    EXPECT_EQ(s.your_kernel.report->verdict.rfind("WRONG", 0), 0u) << s.your_kernel.report->verdict;
}
