// A student's kernel written to do harm, run as `scanlab trace --kernel FILE` runs it: each file of
// tests/fixtures/kernels/hostile/ tries one way out, and each test shows it stayed in its box. The CLI is
// run as a separate process (under limits of this test's own, and killed after a time limit), so a
// file that did get out ends only that process and the test fails with a sentence. Set
// SCANLAB_SANDBOX_TEST_EXE to another `scanlab` to hold an older build to the same tests.
#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/kernel_trace.hpp"
#include "kernel_tracer/host/sandbox.hpp"
#include "tests/kernel_fixtures.hpp"

namespace fs = std::filesystem;
using scanlab::kernel_fixtures::kFixtures;
using scanlab::kernel_fixtures::text_of;

namespace {

struct Ran {
    int exit_code = -1;  // 128 + the signal that ended it
    bool timed_out = false;
    std::string out, err;
};

std::string scanlab_exe() {
    const char* other = std::getenv("SCANLAB_SANDBOX_TEST_EXE");
    return other && *other ? other : SCANLAB_EXE;
}

// The CLI with `args`, its own limits (8 GiB of address space, 120 s of CPU), ended after
// `seconds`; as `user` where given (this process must be root), with `env` added.
Ran run_scanlab(const std::vector<std::string>& args, const fs::path& scratch, int seconds = 60, std::optional<uid_t> user = std::nullopt,
                const std::vector<std::pair<std::string, std::string>>& env = {}) {
    const std::string out_path = (scratch / "cli.out").string(), err_path = (scratch / "cli.err").string();
    std::vector<std::string> words{scanlab_exe()};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        const rlimit memory{rlim_t(8) << 30, rlim_t(8) << 30}, cpu{120, 120};
        setrlimit(RLIMIT_AS, &memory);
        setrlimit(RLIMIT_CPU, &cpu);
        for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
        const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666),
                  err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
        const int in = open("/dev/null", O_RDONLY);
        dup2(in, 0), dup2(out, 1), dup2(err, 2);
        if (user && (setgroups(0, nullptr) != 0 || setgid(getpwuid(*user)->pw_gid) != 0 || setuid(*user) != 0)) _exit(126);
        execv(argv[0], argv.data());
        _exit(127);
    }
    Ran r;
    int status = 0;
    const auto start = std::chrono::steady_clock::now();
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() - start > std::chrono::seconds(seconds)) {
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            r.timed_out = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = text_of(out_path);
    r.err = text_of(err_path);
    return r;
}

bool sandbox_has_clang() { return !scanlab::kernel_tracer::find_on_path({"clang++", "clang++-14"}).empty(); }

// One test's folders: the kernel's own (where the hostile file is written), and outside it the
// secrets and markers a file that got out would read, change or leave.
class HostileKernel : public ::testing::Test {
protected:
    fs::path root, kernels, outside, cache;

    void SetUp() override {
        make_folders();
        if (const std::string why = scanlab::kernel_tracer::box_unavailable(); !why.empty() && !IsSkipped())
            GTEST_SKIP() << "no sandbox can be made here, so a hostile file is not run: " << why;
    }
    void make_folders() {
        if (!sandbox_has_clang()) GTEST_SKIP() << "clang++ is not installed (Debian's package clang)";
        std::string pattern = (fs::temp_directory_path() / "scanlab-hostile-XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        root = pattern;
        kernels = root / "kernels", outside = root / "outside", cache = root / "cache";
        for (const fs::path& p : {kernels, outside, cache}) fs::create_directories(p);
        fs::permissions(root, fs::perms(0755));
        fs::permissions(kernels, fs::perms(0755));
        fs::permissions(cache, fs::perms(0700));
    }
    void TearDown() override {
        std::error_code ec;
        if (!root.empty()) fs::remove_all(root, ec);
    }

    // The hostile file `name` with `defines` put before its text, in the kernel's folder.
    std::string hostile(const std::string& name, const std::string& defines = "") const {
        const std::string path = (kernels / name).string();
        std::ofstream(path) << defines << text_of(kFixtures + "/hostile/" + name);
        return path;
    }
    // A file outside the kernel's folder, as private as a key: 0600, this process's user's.
    std::string canary(const std::string& name, const std::string& text) const {
        const std::string path = (outside / name).string();
        std::ofstream(path) << text;
        fs::permissions(path, fs::perms(0600));
        return path;
    }
    Ran trace(const std::string& file, std::vector<std::string> more = {}, int seconds = 60,
              std::vector<std::pair<std::string, std::string>> env = {}) const {
        std::vector<std::string> args{"trace", "--kernel", file, "--preset", "fig9.10", "--no-device-check"};
        args.insert(args.end(), more.begin(), more.end());
        env.push_back({"XDG_CACHE_HOME", cache.string()});
        return run_scanlab(args, root, seconds, std::nullopt, env);
    }
};

std::string define(const std::string& name, const std::string& value) { return "#define " + name + " \"" + value + "\"\n"; }

// The CLI ended by itself, with a sentence, not by a signal the file sent it or by our clock.
void expect_cli_ended_itself(const Ran& r) {
    EXPECT_FALSE(r.timed_out) << "the CLI did not end within its time";
    EXPECT_LT(r.exit_code, 128) << "the CLI was ended by signal " << r.exit_code - 128;
}

TEST_F(HostileKernel, AFileOutsideItsFolderIsNeitherReadNorLeaked) {
    const std::string secret = canary("id_ed25519", "SCANLAB-SECRET-KEY-7f3a");
    const std::string leak = (outside / "leak").string();
    const Ran r = trace(hostile("hostile_read_file.cu", define("CANARY", secret) + define("MARKER", leak)));
    expect_cli_ended_itself(r);
    EXPECT_EQ((r.out + r.err).find("SCANLAB-SECRET"), std::string::npos) << r.out << r.err;
    EXPECT_FALSE(fs::exists(leak));
    EXPECT_EQ(text_of(secret), "SCANLAB-SECRET-KEY-7f3a");
}

TEST_F(HostileKernel, AFileOutsideItsFolderStaysUnchangedAndNoneIsCreated) {
    const std::string bashrc = canary("bashrc", "alias ls='ls --color'\n");
    const std::string keys = (outside / "authorized_keys").string();
    const Ran r = trace(hostile("hostile_write_file.cu", define("CANARY", bashrc) + define("MARKER", keys)));
    expect_cli_ended_itself(r);
    EXPECT_EQ(text_of(bashrc), "alias ls='ls --color'\n");
    EXPECT_FALSE(fs::exists(keys));
}

TEST_F(HostileKernel, NoConnectionIsMade) {
    const int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    ASSERT_GE(listener, 0);
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof at;
    ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr*>(&at), sizeof at), 0);
    ASSERT_EQ(listen(listener, 4), 0);
    ASSERT_EQ(getsockname(listener, reinterpret_cast<sockaddr*>(&at), &length), 0);
    const Ran r = trace(hostile("hostile_network.cu", "#define PORT " + std::to_string(ntohs(at.sin_port)) + "\n"));
    expect_cli_ended_itself(r);
    const int accepted = accept(listener, nullptr, nullptr);
    EXPECT_LT(accepted, 0) << "the kernel connected to 127.0.0.1:" << ntohs(at.sin_port);
    if (accepted >= 0) close(accepted);
    close(listener);
}

TEST_F(HostileKernel, NoProgramIsStarted) {
    const std::string marker = (outside / "shell-ran").string();
    const Ran r = trace(hostile("hostile_exec.cu", define("MARKER", marker)));
    expect_cli_ended_itself(r);
    EXPECT_FALSE(fs::exists(marker)) << text_of(marker);
}

TEST_F(HostileKernel, NoProcessIsLeftAfterTheRun) {
    const std::string heartbeat = (outside / "heartbeat").string();
    const Ran r = trace(hostile("hostile_daemon.cu", define("MARKER", heartbeat)));
    expect_cli_ended_itself(r);
    // A daemon that outlived the run would beat every 100 ms from now on.
    const std::string before = text_of(heartbeat);
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    EXPECT_EQ(text_of(heartbeat), before) << "a process of the kernel's is still running after the run";
    EXPECT_FALSE(fs::exists(heartbeat));
}

TEST_F(HostileKernel, TheParentOutlivesASignalFromTheKernelAndSaysWhy) {
    const Ran r = trace(hostile("hostile_signal_parent.cu"));
    expect_cli_ended_itself(r);
    EXPECT_EQ(r.exit_code, 1);  // the kernel did not run to its end: no result
    EXPECT_NE(r.err.find("system call the sandbox forbids"), std::string::npos) << r.err;
}

TEST_F(HostileKernel, TheParentsEnvironmentAndMemoryStayUnread) {
    const Ran r = trace(hostile("hostile_parent_memory.cu"), {}, 60, {{"SCANLAB_TEST_SECRET", "parent-secret-91c2"}});
    expect_cli_ended_itself(r);
    EXPECT_EQ((r.out + r.err).find("parent-secret-91c2"), std::string::npos) << r.err;
}

TEST_F(HostileKernel, ATraceTheKernelWroteItselfIsNotShown) {
    const Ran built_in =
        run_scanlab({"trace", "--algo", "kogge-stone", "--preset", "fig9.10", "--backend", "cpu", "--format", "json"}, root);
    ASSERT_EQ(built_in.exit_code, 0) << built_in.err;
    const Ran r = trace(hostile("hostile_forged_trace.cu",
                                "#define FORGED_GIVEN 1\nstatic const char forged_trace[] = R\"SCANLAB(" + built_in.out + ")SCANLAB\";\n"));
    expect_cli_ended_itself(r);
    EXPECT_EQ(r.exit_code, 1);  // no result of this run's
    EXPECT_EQ(r.out.find("CORRECT"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("not this run's"), std::string::npos) << r.err;
}

TEST_F(HostileKernel, TheTerminalGetsNoEscapesAndNoMegabyteLine) {
    const Ran r = trace(hostile("hostile_terminal_escapes.cu"));
    expect_cli_ended_itself(r);
    const std::string said = r.out + r.err;
    EXPECT_EQ(said.find('\x1b'), std::string::npos) << said.substr(0, 400);
    EXPECT_EQ(said.find("\xc2\x9b"), std::string::npos);
    EXPECT_EQ(said.find('\x07'), std::string::npos);
    EXPECT_LT(said.size(), size_t(16) << 10);
    EXPECT_NE(r.err.find("\\e[2J"), std::string::npos) << "the escapes are shown, escaped: " << r.err;
}

TEST_F(HostileKernel, AFindingTheKernelForgedPrintsNoEscapes) {
    const Ran r = trace(hostile("hostile_forged_crash.cu"));
    expect_cli_ended_itself(r);
    EXPECT_EQ(r.exit_code, 1);  // no result
    EXPECT_EQ((r.out + r.err).find('\x1b'), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\\e[2J"), std::string::npos) << r.err;
}

TEST_F(HostileKernel, AFloodOfFindingsIsSummedUnderACap) {
    const Ran r = trace(hostile("hostile_findings_flood.cu"), {}, 120);
    expect_cli_ended_itself(r);
    size_t lines = 0;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) lines += line.starts_with("  line ") || line.starts_with("  ");
    EXPECT_LE(lines, size_t(1100)) << "findings shown";
    EXPECT_NE(r.out.find("more findings"), std::string::npos);
}

TEST_F(HostileKernel, ACrashThatTookTheHandlerAwayIsStillNamed) {
    const Ran r = trace(hostile("hostile_crash_without_handler.cu"));
    expect_cli_ended_itself(r);
    EXPECT_NE(r.err.find("segmentation fault"), std::string::npos) << r.err;
}

TEST_F(HostileKernel, TheCompileCacheCannotBeWrittenByTheRun) {
    const Ran r = trace(hostile("hostile_cache_overwrite.cu"));
    expect_cli_ended_itself(r);
    size_t libraries = 0;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(cache)) {
        if (!e.is_regular_file() || e.path().extension() != ".so") continue;
        ++libraries;
        EXPECT_EQ(text_of(e.path().string()).substr(0, 4),
                  "\x7f"
                  "ELF")
            << e.path() << " is not the compiler's library";
        EXPECT_NE(e.path().filename(), "0123456789abcdef.so");
    }
    EXPECT_GE(libraries, size_t(1));
}

TEST_F(HostileKernel, TheCacheIsThisUsersAlone) {
    const Ran r = trace(
        hostile("hostile_write_file.cu", define("CANARY", (outside / "none").string()) + define("MARKER", (outside / "none2").string())));
    ASSERT_EQ(r.exit_code, 1) << r.err;  // it ran to its end, with a WRONG result
    ASSERT_NE(r.out.find("WRONG"), std::string::npos) << r.out;
    const fs::path kernels_cache = cache / "scanlab" / "kernels";
    struct stat st {};
    ASSERT_EQ(lstat(kernels_cache.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    EXPECT_EQ(st.st_uid, geteuid());
    // Writable by others, it is refused: the run compiles into a folder of its own, and keeps nothing there.
    fs::permissions(kernels_cache, fs::perms(0777));
    const size_t before = std::distance(fs::directory_iterator(kernels_cache), fs::directory_iterator());
    const Ran again = trace(
        hostile("hostile_write_file.cu", define("CANARY", (outside / "other").string()) + define("MARKER", (outside / "none2").string())));
    EXPECT_EQ(again.exit_code, 1) << again.err;  // ran to its end, WRONG as before
    EXPECT_NE(again.out.find("WRONG"), std::string::npos) << again.out;
    EXPECT_NE(again.err.find("the compile cache was not used: " + kernels_cache.string() + " can be written by other users"),
              std::string::npos)
        << again.err;
    EXPECT_EQ(size_t(std::distance(fs::directory_iterator(kernels_cache), fs::directory_iterator())), before);
}

// The compile's limits are the CLI's (20 s, 2 GiB) made small here, so the bombs take seconds.
std::string compile_stopped(const std::string& file, const fs::path& cache) {
    scanlab::kernel_tracer::KernelRequest r;
    r.file = file;
    scanlab::kernel_fixtures::run_as(r, {"--preset", "fig9.10"});
    r.compile_limits = {3, uint64_t(1) << 30, uint64_t(64) << 20};
    setenv("XDG_CACHE_HOME", cache.c_str(), 1);
    std::string said;
    try {
        scanlab::kernel_tracer::trace_kernel(r);
    } catch (const std::exception& e) {
        said = e.what();
    }
    unsetenv("XDG_CACHE_HOME");
    return said;
}

TEST_F(HostileKernel, ATemplateBombIsStoppedWithASentence) {
    const std::string said = compile_stopped(hostile("hostile_template_bomb.cu"), cache);
    EXPECT_TRUE(said.starts_with("the compile of hostile_template_bomb.cu ")) << said;
    EXPECT_NE(said.find("was stopped"), std::string::npos) << said;
}

TEST_F(HostileKernel, AMacroBombIsStoppedWithASentence) {
    const std::string said = compile_stopped(hostile("hostile_macro_bomb.cu"), cache);
    EXPECT_TRUE(said.starts_with("the compile of hostile_macro_bomb.cu ")) << said;
    EXPECT_NE(said.find("was stopped"), std::string::npos) << said;
}

TEST_F(HostileKernel, ALibraryPastTheFileLimitIsStoppedAndNotKept) {
    const Ran r = trace(hostile("hostile_big_library.cu"), {}, 90);
    expect_cli_ended_itself(r);
    EXPECT_NE(r.err.find("was stopped"), std::string::npos) << r.err;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(cache))
        if (e.is_regular_file()) EXPECT_LT(e.file_size(), uint64_t(64) << 20) << e.path();
}

TEST_F(HostileKernel, AnIncludedFifoDoesNotHangTheCompile) {
    ASSERT_EQ(mkfifo((kernels / "pipe.h").c_str(), 0644), 0);
    const Ran r = trace(hostile("hostile_include.cu", define("INCLUDED", "pipe.h")), {}, 30);
    expect_cli_ended_itself(r);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("pipe.h"), std::string::npos) << r.err;
}

TEST_F(HostileKernel, AnIncludedSecretIsNotPrinted) {
    const std::string secret = canary("id_ed25519", "SCANLAB-SECRET-KEY-5b1e\n");
    const Ran r = trace(hostile("hostile_include.cu", define("INCLUDED", secret)));
    expect_cli_ended_itself(r);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_EQ((r.out + r.err).find("SCANLAB-SECRET"), std::string::npos) << r.err;
}

TEST_F(HostileKernel, AChangedHeaderIsCompiledAgain) {
    const std::string file = (kernels / "adds.cu").string();
    std::ofstream(file) << "#include \"amount.h\"\n__global__ void add(int *X, int *Y, int InputSize) {\n"
                           "    const int i = threadIdx.x;\n    if (i < InputSize) Y[i] = X[i] + AMOUNT;\n}\n";
    std::ofstream(kernels / "amount.h") << "#define AMOUNT 1\n";
    const std::vector<std::string> args{"scan", "--kernel", file, "--input", "10,20", "--no-device-check"};
    const std::vector<std::pair<std::string, std::string>> env{{"XDG_CACHE_HOME", cache.string()}};
    const Ran first = run_scanlab(args, root, 60, std::nullopt, env);
    EXPECT_EQ(first.out, "11\n21\n") << first.err;
    std::ofstream(kernels / "amount.h") << "#define AMOUNT 5\n";
    const Ran second = run_scanlab(args, root, 60, std::nullopt, env);
    EXPECT_EQ(second.out, "15\n25\n") << second.err;
}

// CI runs as root: the box holds for root (above) and for a user with no rights of root's.
TEST_F(HostileKernel, AFileOutsideItsFolderIsNotReadByAnUnprivilegedUsersKernel) {
    const passwd* nobody = getpwnam("nobody");
    if (geteuid() != 0 || !nobody) GTEST_SKIP() << "switching to the user nobody needs root and a user nobody; this run has neither";
    if (access(scanlab_exe().c_str(), X_OK) != 0) GTEST_SKIP() << "cannot check scanlab's path as nobody";
    const std::string secret = canary("id_ed25519", "SCANLAB-SECRET-NOBODY-22d0");
    const std::string leak = (outside / "leak").string();
    for (const fs::path& p : {outside, cache}) ASSERT_EQ(chown(p.c_str(), nobody->pw_uid, nobody->pw_gid), 0);
    ASSERT_EQ(chown(secret.c_str(), nobody->pw_uid, nobody->pw_gid), 0);
    const std::string file = hostile("hostile_read_file.cu", define("CANARY", secret) + define("MARKER", leak));
    fs::permissions(file, fs::perms(0644));
    const Ran r = run_scanlab({"trace", "--kernel", file, "--preset", "fig9.10", "--no-device-check"}, root, 60, nobody->pw_uid,
                              {{"XDG_CACHE_HOME", cache.string()}, {"HOME", outside.string()}});
    if (r.exit_code == 126 || r.exit_code == 127) GTEST_SKIP() << "the CLI could not be started as nobody";
    expect_cli_ended_itself(r);
    EXPECT_EQ((r.out + r.err).find("SCANLAB-SECRET"), std::string::npos) << r.out << r.err;
    EXPECT_FALSE(fs::exists(leak));
}

// Where no box can be made (here: no bwrap on PATH), the CLI refuses with one sentence that names
// --trust, and --trust runs the file with none. This one runs where no box can be made, too.
class NoSandbox : public HostileKernel {
    void SetUp() override { make_folders(); }
};

TEST_F(NoSandbox, TheCliRefusesAFileUnlessTrusted) {
    const fs::path bin = root / "bin";
    fs::create_directories(bin);
    fs::create_symlink(scanlab::kernel_tracer::find_on_path({"clang++", "clang++-14"}), bin / "clang++");
    fs::create_symlink(scanlab::kernel_tracer::find_on_path({"ld"}), bin / "ld");  // clang++ links through it
    const std::string file = (kernels / "copy.cu").string();
    std::ofstream(file) << "__global__ void copy(int *X, int *Y, int InputSize) {\n    const int i = threadIdx.x;\n"
                           "    if (i < InputSize) Y[i] = X[i];\n}\n";
    const std::vector<std::pair<std::string, std::string>> env{{"PATH", bin.string()}, {"XDG_CACHE_HOME", cache.string()}};
    const std::vector<std::string> args{"scan", "--kernel", file, "--input", "4,5", "--no-device-check"};
    const Ran refused = run_scanlab(args, root, 60, std::nullopt, env);
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_EQ(refused.out, "");
    EXPECT_NE(refused.err.find("none can be made here"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("--trust"), std::string::npos) << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    std::vector<std::string> trusted = args;
    trusted.push_back("--trust");
    const Ran ran = run_scanlab(trusted, root, 60, std::nullopt, env);
    EXPECT_EQ(ran.exit_code, 1) << ran.err;  // a copy is not a scan: it ran, and its result is WRONG
    EXPECT_EQ(ran.out, "4\n5\n");
    EXPECT_NE(ran.err.find("WRONG"), std::string::npos) << ran.err;
}

}  // namespace

// bwrap mounts in the order given, and a later mount hides what lies under it: a folder bound inside
// another (the shim of a checkout under /tmp, inside a kernel's folder copied to /tmp) is seen in
// the box whatever order the box's lists give them in.
TEST(SandboxBinds, AFolderBoundInsideAnotherIsSeenNotHidden) {
    using namespace scanlab::kernel_tracer;
    if (const std::string why = box_unavailable(); !why.empty()) GTEST_SKIP() << why;
    const fs::path base = fs::temp_directory_path() / ("scanlab-nested-binds-" + std::to_string(::getpid()));
    fs::create_directories(base / "outer" / "inner");
    fs::create_directories(base / "copy" / "inner");  // the mount point, made as the compile's copy makes it
    std::ofstream(base / "outer" / "inner" / "file.txt") << "inner";
    Box box;
    box.read_only = {(base / "outer" / "inner").string()};
    box.read_only_at = {{(base / "copy").string(), (base / "outer").string()}};
    const std::string out = (base / "out.txt").string(), err = (base / "err.txt").string();
    ChildLimits limits;
    limits.cpu_seconds = 5;
    limits.wall_seconds = 20;
    const ChildOutcome ran = run_child(boxed({"/bin/cat", (base / "outer" / "inner" / "file.txt").string()}, box), limits, out, err);
    EXPECT_EQ(ran.exit_status, 0) << text_of(err);
    EXPECT_EQ(text_of(out), "inner") << text_of(err);
    fs::remove_all(base);
}
