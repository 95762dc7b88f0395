// The device check of a student's kernel (kernel_tracer/host/device_check.hpp) where no GPU is
// needed: the line that says it was skipped and why, the sentence that compares two results, and
// the generated harness for each shape of file, compiled by nvcc for sm_90 (CI has nvcc, no GPU).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/compile_cache.hpp"
#include "kernel_tracer/host/device_box.hpp"
#include "kernel_tracer/host/device_check.hpp"
#include "kernel_tracer/host/kernel_compile.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"
#include "kernel_tracer/host/output_check.hpp"
#include "kernel_tracer/host/sandbox.hpp"
#include "kernel_tracer/host/sanitizer_report.hpp"
#include "tests/kernel_fixtures.hpp"

using namespace scanlab;
using namespace scanlab::kernel_tracer;
using namespace scanlab::kernel_fixtures;

namespace {

namespace fs = std::filesystem;

// nvcc's messages when the harness for `shape` does not compile for sm_90, else "".
std::string harness_compile_errors(const HarnessShape& shape) {
    const fs::path dir = fs::temp_directory_path() / ("scanlab-harness-test-" + std::to_string(::getpid()) + "-" + shape.entry.name);
    fs::create_directories(dir);
    const std::string source = (dir / "device_check.cu").string();
    std::ofstream(source) << device_harness(shape);
    std::vector<std::string> argv{find_nvcc()};
    for (const std::string& f : nvcc_flags(90)) argv.push_back(f);
    argv.insert(argv.end(), {"-c", source, "-o", (dir / "device_check.o").string()});
    int status = 0;
    const std::string said = run_tool(argv, status);
    fs::remove_all(dir);
    return status == 0 ? "" : said.empty() ? "nvcc failed" : said;
}

HarnessShape shape_of(const std::string& file, bool host, const std::string& name, ElementType type, bool any_type,
                      OpKind op = OpKind::sum) {
    HarnessShape h;
    h.file = file;
    h.entry = {host, name};
    h.type = type;
    h.any_type = any_type;
    h.op = op;
    h.section = h.block_dim = 8;
    h.grid_dim = 5;
    return h;
}

#define NEEDS_NVCC() \
    if (find_nvcc().empty()) GTEST_SKIP() << "the CUDA toolkit's nvcc is not installed"

}  // namespace

TEST(DeviceCheck, WithoutAGpuSaysInOneLineThatItWasSkippedAndWhy) {
    const std::string why = device_check_unavailable();
    if (why.empty()) GTEST_SKIP() << "this machine has nvcc and a GPU: the gpu-labelled tests run the device check";
    if (find_on_path({"clang++", "clang++-14"}).empty()) GTEST_SKIP() << "clang++ is not installed (Debian's package clang)";
    KernelRequest r;
    r.file = kFixtures + "/slides_kogge_stone_temp.cu";
    run_as(r, {"--preset", "fig9.10"});
    r.device_check = true;
    r.trust = true;  // our own fixture: runs with no sandbox where none can be made
    const KernelTrace k = trace_kernel(r);
    ASSERT_TRUE(k.traced) << k.ended;
    EXPECT_EQ(k.device_check, "the device check was skipped: " + why);
    EXPECT_EQ(k.device_check.find('\n'), std::string::npos);
    EXPECT_EQ(k.trace.backend, "cpu");
}

TEST(DeviceCheck, SaysWhereTheGpusResultFirstDiffersAndHowOften) {
    const ValueArray cpu = std::vector<int32_t>{1, 3, 6, 10}, gpu = std::vector<int32_t>{1, 3, 5, 9};
    const std::string differs = comparison_sentence(gpu, cpu, "NVIDIA H100");
    EXPECT_NE(differs.find("differs from the CPU run's at 2 of 4 elements, first at 2: got 5, CPU 6"), std::string::npos) << differs;
    EXPECT_EQ(comparison_sentence(cpu, cpu, "NVIDIA H100"), "the GPU (NVIDIA H100) gave the same 4 values as the CPU run");
}

TEST(DeviceHarness, CompilesWithNvccForAnExerciseKernelOfItsOwnType) {
    NEEDS_NVCC();
    EXPECT_EQ(harness_compile_errors(
                  shape_of(kFixtures + "/fig9_2_kogge_stone_racy.cu", false, "Kogge_Stone_scan_kernel", ElementType::float32, false)),
              "");
}

TEST(DeviceHarness, CompilesWithNvccForAKernelOfEveryTypeAndOperator) {
    NEEDS_NVCC();
    EXPECT_EQ(
        harness_compile_errors(shape_of(kStarters + "/kogge-stone.cu", false, "kogge_stone_scan", ElementType::int64, true, OpKind::max)),
        "");
}

TEST(DeviceHarness, CompilesWithNvccForHostCodeThatCopiesFromTheHostsArrays) {
    NEEDS_NVCC();
    EXPECT_EQ(harness_compile_errors(shape_of(kFixtures + "/slides_host.cu", true, "scan", ElementType::float64, false)), "");
}

TEST(DeviceHarness, CompilesWithNvccForHostCodeOfEveryTypeAndOperator) {
    NEEDS_NVCC();
    EXPECT_EQ(harness_compile_errors(shape_of(solved_starter("ex5-hierarchical"), true, "scan", ElementType::float32, true, OpKind::min)),
              "");
}

namespace {

// The words after `flag` in `argv`, for each time it is there: ("--dev-bind", 2) -> its pairs.
std::vector<std::string> after(const std::vector<std::string>& argv, const std::string& flag) {
    std::vector<std::string> out;
    for (size_t k = 0; k + 1 < argv.size(); ++k)
        if (argv[k] == flag) out.push_back(argv[k + 1]);
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// A folder of device nodes as a GPU machine has them (plain files stand in for them), and others.
struct FakeDev {
    const fs::path path = fs::temp_directory_path() / ("scanlab-fake-dev-" + std::to_string(::getpid()));
    FakeDev() {
        fs::create_directories(path / "dri");
        fs::create_directories(path / "nvidia-caps");
        for (const char* node :
             {"nvidiactl", "nvidia0", "nvidia1", "nvidia-uvm", "nvidia-uvm-tools", "nvidia-modeset", "null", "sda", "kvm"})
            std::ofstream(path / node);
    }
    ~FakeDev() { fs::remove_all(path); }
};

// The probe (tests/fixtures/kernels/device_box/probe.c) compiled once, run in the device check's box with
// `what` as its input: what it wrote, or why it stopped.
struct BoxedProbe {
    std::string wrote, said;
    ChildOutcome run;
};
// The probe compiled into `dir` ("" where it did not compile).
std::string compiled_probe(const fs::path& dir) {
    const std::string p = (dir / "probe").string();
    int status = 0;
    run_tool({find_on_path({"clang", "clang-14", "cc"}), "-O1", "-pthread", kFixtures + "/device_box/probe.c", "-o", p}, status);
    return status == 0 ? p : "";
}

// One run of the probe in `dir`: `what` as its input, an empty output and a work folder, the box's
// command made from those three by `boxed`, under a few seconds' limits. Returns what it wrote.
template <class Boxed>
std::string probe_run(const fs::path& dir, const std::string& what, Boxed boxed, ChildOutcome& run) {
    const std::string input = (dir / "input").string(), output = (dir / "output").string(), work = (dir / "work").string();
    std::ofstream(input) << what << "\n";
    std::ofstream(output, std::ios::trunc);
    fs::create_directories(work);
    ChildLimits limits;
    limits.cpu_seconds = 5;
    limits.wall_seconds = 10;
    run = run_child(boxed(input, output, work), limits, (dir / "stdout").string(), (dir / "stderr").string());
    return read_file(output);
}

BoxedProbe probe_in_the_box(const std::string& what) {
    static const TempDir dir;
    static const std::string program = compiled_probe(dir.path);
    BoxedProbe out;
    if (program.empty()) return out.said = "the probe did not compile", out;
    out.wrote = probe_run(
        dir.path, what,
        [&](const std::string& in, const std::string& o, const std::string& work) {
            return boxed_device_run({program, in, o, gpu_filter_library(), work});
        },
        out.run);
    out.said = last_line_of((dir.path / "stderr").string(), 400);
    return out;
}

#define NEEDS_A_BOX()                                                                                   \
    do {                                                                                                \
        if (const std::string why = box_unavailable(); !why.empty()) GTEST_SKIP() << why;               \
        if (gpu_filter_library().empty()) GTEST_SKIP() << "the device check's allow-list is not built"; \
        if (find_on_path({"clang", "clang-14", "cc"}).empty()) GTEST_SKIP() << "no C compiler";         \
    } while (0)

}  // namespace

TEST(DeviceCheckBox, BindsTheGpusDeviceNodesThatAreThereAndNoOthers) {
    const FakeDev dev;
    const std::string d = dev.path.string();
    EXPECT_EQ(gpu_device_nodes(dev.path),
              (std::vector<std::string>{d + "/dri", d + "/nvidia-caps", d + "/nvidia-modeset", d + "/nvidia-uvm", d + "/nvidia-uvm-tools",
                                        d + "/nvidia0", d + "/nvidia1", d + "/nvidiactl"}));
    const std::vector<std::string> argv = boxed_device_run({"/p/prog", "/p/in", "/p/out", "/p/filter.so", "/p/work"}, dev.path);
    // Each node bound as it is, in a /dev of the box's own; nothing else of the folder.
    EXPECT_EQ(after(argv, "--dev"), std::vector<std::string>{"/dev"});
    EXPECT_EQ(after(argv, "--dev-bind"), gpu_device_nodes(dev.path));
    EXPECT_EQ(gpu_device_nodes(fs::temp_directory_path() / "no-such-dev-folder"), std::vector<std::string>{});
}

namespace {

// A box of the device check's kind: namespaces of its own, a session of its own, gone with its parent,
// no environment carried in.
void expect_namespaces_of_its_own(const std::vector<std::string>& argv) {
    for (const char* ns :
         {"--unshare-user", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--new-session", "--die-with-parent", "--clearenv"})
        EXPECT_TRUE(has(argv, ns)) << ns;
}

// Nothing of $HOME is bound (the made-up /dev lies in the temporary folder, which may be under $HOME).
void expect_no_home(const std::vector<std::string>& argv, const FakeDev& dev) {
    if (const char* home = std::getenv("HOME"))
        for (const std::string& w : argv)
            if (!w.starts_with(dev.path.string())) EXPECT_FALSE(w == home || w.starts_with(std::string(home) + "/")) << w;
}

}  // namespace

TEST(DeviceCheckBox, IsTheRunnersBoxWithTheDriversNeedsAndTheFilterLoadedFirst) {
    const FakeDev dev;
    const std::vector<std::string> argv = boxed_device_run({"/p/prog", "/p/in", "/p/out", "/p/filter.so", "/p/work"}, dev.path);
    expect_namespaces_of_its_own(argv);
    // The system, the program, its input and the filter read-only; its output and its work folder writable; no $HOME.
    const std::vector<std::string> ro = after(argv, "--ro-bind"), rw = after(argv, "--bind");
    for (const char* p : {"/usr", "/p/prog", "/p/in", "/p/filter.so", "/sys"}) EXPECT_TRUE(has(ro, p)) << p;
    EXPECT_EQ(rw, (std::vector<std::string>{"/p/out", "/p/work"}));
    expect_no_home(argv, dev);
    EXPECT_EQ(after(argv, "--proc"), std::vector<std::string>{"/proc"});
    EXPECT_TRUE(has(after(argv, "--setenv"), "LD_PRELOAD"));
    EXPECT_TRUE(has(argv, "/p/filter.so"));
    EXPECT_EQ(std::vector<std::string>(argv.end() - 4, argv.end()), (std::vector<std::string>{"--", "/p/prog", "/p/in", "/p/out"}));
}

TEST(DeviceCheckBox, LetsAProgramRunItsThreadsAndWriteItsOutput) {
    NEEDS_A_BOX();
    const BoxedProbe p = probe_in_the_box("thread");
    EXPECT_EQ(p.run.exit_status, 0) << p.said;
    EXPECT_EQ(p.wrote, "a thread ran") << p.said;
    EXPECT_EQ(probe_in_the_box("home").wrote, "/tmp");
}

TEST(DeviceCheckBox, KeepsAFileOutsideTheBoxUnread) {
    NEEDS_A_BOX();
    const fs::path canary = fs::temp_directory_path() / ("scanlab-device-canary-" + std::to_string(::getpid()));
    std::ofstream(canary) << "secret";
    const BoxedProbe p = probe_in_the_box("read " + canary.string());
    fs::remove(canary);
    EXPECT_EQ(p.wrote, "could not read it") << p.said;
}

TEST(DeviceCheckBox, RefusesASocket) {
    NEEDS_A_BOX();
    EXPECT_EQ(probe_in_the_box("socket").wrote, "no socket");
}

TEST(DeviceCheckBox, StopsANewProcessAndSaysWhichCall) {
    NEEDS_A_BOX();
    const BoxedProbe p = probe_in_the_box("fork");
    EXPECT_EQ(p.run.exit_status, kForbiddenCallStatus) << p.said;
    EXPECT_EQ(p.said, std::string(kForbiddenCallWords) + "57 is forbidden in the device check's sandbox");
}

TEST(DeviceCheckBox, LetsNoSignalReachAnotherProcess) {
    NEEDS_A_BOX();
    const BoxedProbe p = probe_in_the_box("kill");
    EXPECT_EQ(p.run.exit_status, kForbiddenCallStatus) << p.said;
    EXPECT_NE(p.said.find("system call 62 "), std::string::npos) << p.said;
}

// compute-sanitizer runs the program in a box of the GPU run's kind: the same namespaces, the system,
// the program and its input read-only, its output and its own work folder writable, the same GPU
// nodes, no $HOME; but no allow-list (no LD_PRELOAD), since it starts the program as its child.
TEST(DeviceCheckBox, ComputeSanitizerRunsInTheSameBoxWithoutTheAllowList) {
    const FakeDev dev;
    const std::vector<std::string> argv = boxed_sanitizer_run(
        {"/opt/cuda/compute-sanitizer/compute-sanitizer", "racecheck", "/p/prog", "/p/in", "/p/out", "/p/work"}, dev.path);
    const std::vector<std::string> gpu_run = boxed_device_run({"/p/prog", "/p/in", "/p/out", "/p/filter.so", "/p/work"}, dev.path);
    expect_namespaces_of_its_own(argv);
    const std::vector<std::string> ro = after(argv, "--ro-bind"), rw = after(argv, "--bind");
    // The toolkit outside /usr comes with its folder (the tool's libraries lie beside it).
    for (const char* p : {"/usr", "/p/prog", "/p/in", "/sys", "/opt/cuda"}) EXPECT_TRUE(has(ro, p)) << p;
    EXPECT_EQ(rw, (std::vector<std::string>{"/p/out", "/p/work"}));
    EXPECT_EQ(after(argv, "--dev-bind"), after(gpu_run, "--dev-bind"));
    EXPECT_EQ(after(argv, "--proc"), std::vector<std::string>{"/proc"});
    EXPECT_FALSE(has(after(argv, "--setenv"), "LD_PRELOAD"));
    EXPECT_FALSE(has(argv, "/p/filter.so"));
    EXPECT_TRUE(has(after(argv, "--setenv"), "TMPDIR"));
    expect_no_home(argv, dev);
    EXPECT_EQ(std::vector<std::string>(argv.end() - 9, argv.end()),
              (std::vector<std::string>{"--", "/opt/cuda/compute-sanitizer/compute-sanitizer", "--tool", "racecheck", "--print-limit",
                                        "1000", "/p/prog", "/p/in", "/p/out"}));
    // A compute-sanitizer under /usr brings nothing more.
    const std::vector<std::string> in_usr =
        boxed_sanitizer_run({"/usr/bin/compute-sanitizer", "initcheck", "/p/prog", "/p/in", "/p/out", "/p/work"}, dev.path);
    EXPECT_EQ(after(in_usr, "--ro-bind").size(), ro.size() - 1);
}

// The box holds with a launcher that starts its target as a child, as compute-sanitizer does (a
// shell script stands in for it here): the target runs and writes its output, and a file outside
// the box stays unread.
TEST(DeviceCheckBox, ASanitizersChildRunsInTheBoxAndReadsNothingOutsideIt) {
    NEEDS_A_BOX();
    const TempDir toolkit, dir;
    const fs::path launcher = toolkit.path / "compute-sanitizer" / "compute-sanitizer";
    fs::create_directories(launcher.parent_path());
    std::ofstream(launcher) << "#!/bin/sh\n# --tool T --print-limit N PROGRAM INPUT OUTPUT: the program as a child\n\"$5\" \"$6\" \"$7\"\n";
    fs::permissions(launcher, fs::perms::owner_all);
    const std::string program = compiled_probe(dir.path);
    ASSERT_FALSE(program.empty());
    const fs::path canary = fs::temp_directory_path() / ("scanlab-sanitizer-canary-" + std::to_string(::getpid()));
    std::ofstream(canary) << "secret";
    const auto run = [&](const std::string& what) {
        ChildOutcome o;
        const std::string wrote = probe_run(
            dir.path, what,
            [&](const std::string& in, const std::string& out, const std::string& work) {
                return boxed_sanitizer_run({launcher.string(), "racecheck", program, in, out, work});
            },
            o);
        EXPECT_EQ(o.exit_status, 0) << last_line_of((dir.path / "stderr").string(), 400);
        return wrote;
    };
    EXPECT_EQ(run("thread"), "a thread ran");
    EXPECT_EQ(run("home"), "/tmp");
    EXPECT_EQ(run("read " + canary.string()), "could not read it");
    fs::remove(canary);
}

// nvcc compiles the device check's program in the box too, from a copy of the file's folder that
// holds its sources only: a header of the folder is found, any other file there is not.
TEST(DeviceCheckBox, NvccCompilesFromACopyOfTheFilesSourcesOnly) {
    NEEDS_A_BOX();
    NEEDS_NVCC();
    const TempDir folder, work_a, work_b;
    std::ofstream(folder.path / "helper.cuh") << "#define SCALE 1\n";
    std::ofstream(folder.path / "secret.txt") << "SECRET-5c1e\n";
    std::ofstream(folder.path / "ok.cu") << "#include \"helper.cuh\"\n" << text_of(kFixtures + "/slides_kogge_stone_temp.cu");
    std::ofstream(folder.path / "leaky.cu") << "#include \"secret.txt\"\n" << text_of(kFixtures + "/slides_kogge_stone_temp.cu");
    auto compiled = [&](const std::string& name, const TempDir& work) {
        const HarnessShape shape = shape_of((folder.path / name).string(), false, "kogge_stone_scan", ElementType::float32, false);
        const std::string source = (work.path / "device_check.cu").string(), copy = (work.path / "source").string();
        std::ofstream(source) << device_harness(shape);
        copy_sources(folder.path, copy, name, text_of(shape.file));
        const std::vector<std::string> flags = nvcc_flags(90);
        CompileCommand c{find_nvcc(), flags, source};
        c.box = [&](const std::vector<std::string>& argv) {
            return boxed_device_compile(argv, {folder.path.string(), copy, work.path.string()});
        };
        c.box_output = (work.path / "program").string();
        return compile_cached(fnv1a(name + std::to_string(::getpid()) + std::to_string(std::time(nullptr))), ".gpu-test", work.path, c);
    };
    const CachedBuild ok = compiled("ok.cu", work_a);
    EXPECT_EQ(ok.status, 0) << ok.diagnostics;
    EXPECT_TRUE(fs::is_regular_file(ok.path)) << ok.path;
    std::error_code ec;
    fs::remove(ok.path, ec);
    const CachedBuild leaky = compiled("leaky.cu", work_b);
    EXPECT_NE(leaky.status, 0);
    EXPECT_NE(leaky.diagnostics.find("secret.txt"), std::string::npos) << leaky.diagnostics;
    EXPECT_EQ(leaky.diagnostics.find("SECRET-5c1e"), std::string::npos) << leaky.diagnostics;
}

// compute-sanitizer's reports, read without a GPU from saved ones (tests/fixtures/kernels/sanitizer/): the
// lines of the student's file its hazards name, in today's format and the older one, never the
// program's own output, CUDA's headers or a backtrace's host frame.
TEST(SanitizerReport, TheLinesOfTheStudentsFileAreReadFromEachFormat) {
    const std::string dir = kFixtures + "/sanitizer/";
    EXPECT_EQ(sanitizer_lines(text_of(dir + "racecheck_fig92.txt"), "fig92_racy.cu"), (std::set<int>{11, 12}));
    EXPECT_EQ(sanitizer_lines(text_of(dir + "racecheck_old_format.txt"), "fig92_racy.cu"), (std::set<int>{11, 12}));
    EXPECT_EQ(sanitizer_lines(text_of(dir + "initcheck_hier.txt"), "hier_unwritten_s.cu"), (std::set<int>{8}));
    // Another file that merely ends the same is not the student's.
    EXPECT_TRUE(sanitizer_lines(text_of(dir + "racecheck_fig92.txt"), "racy.cu").empty());
    EXPECT_EQ(sanitizer_failure(text_of(dir + "racecheck_fig92.txt")), "");
    EXPECT_EQ(sanitizer_failure(text_of(dir + "no_device.txt")), "Error: Target application returned an error");
}

TEST(SanitizerReport, TheAgreementSaysWhichLinesOnlyOneSideNames) {
    EXPECT_EQ(sanitizer_agreement({11, 12}, {11, 12}),
              "compute-sanitizer's racecheck and initcheck report lines 11 and 12, as the CPU run does");
    const std::string differ = sanitizer_agreement({8, 11}, {11, 14});
    EXPECT_NE(differ.find("differ"), std::string::npos);
    EXPECT_NE(differ.find("on the GPU, line 8"), std::string::npos) << differ;
    EXPECT_NE(differ.find("the CPU run finds line 14"), std::string::npos) << differ;
    EXPECT_NE(sanitizer_agreement({}, {}).find("report nothing"), std::string::npos);
}

// The CPU run's findings that the two tools would name: a race's two lines and an unwritten global
// read, not an out-of-bounds access (memcheck's) or a read of unwritten shared memory.
TEST(SanitizerReport, OnlyRacesAndUnwrittenGlobalReadsAreHeldAgainstTheTools) {
    std::vector<Finding> f(3);
    f[0].line = 12;
    f[0].sentence = "line 12: a race (write after read) in step 1: thread 1 of block 0 writes XY[1] after thread 2 read it at line 11.";
    f[1].line = 8;
    f[1].sentence = "line 8: a read of global memory nothing wrote in step 0: thread 0 reads S[0], which neither ...";
    f[2].line = 20;
    f[2].sentence = "line 20: an out-of-bounds write in step 2: thread 3 writes Y[16] ...";
    EXPECT_EQ(sanitizer_comparable_lines(f), (std::set<int>{8, 11, 12}));
}
