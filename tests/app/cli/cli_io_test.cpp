// The command line's reads and writes under stress: a trace written as a stream at a size whose
// document tree used to exhaust memory, output to a full device, input that fails partway.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "core/error.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/cli_run.hpp"

namespace {

// Runs a shell command line with the scanlab binary as $S; its exit status and its stderr.
struct ShellResult {
    int exit_code = -1;
    std::string err;
};
ShellResult run_shell(const std::string& command) {
    const std::string err_path = ::testing::TempDir() + "scanlab_cli_io_" + std::to_string(::getpid()) + ".err";
    const std::string line = "S='" + std::string(SCANLAB_EXE) + "'; { " + command + "; } 2>'" + err_path + "'";
    const int status = std::system(line.c_str());
    ShellResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(err_path);
    std::stringstream s;
    s << in.rdbuf();
    r.err = s.str();
    std::remove(err_path.c_str());
    return r;
}

}  // namespace

TEST(CliIo, ATraceIsWrittenAsJsonInAboutTheMemoryOfTheTraceItself) {
    // N = 2^18: the trace itself is about 62 MiB; a document tree of it took over a GiB.
    const CliResult r = run_cli({"trace", "--algo", "hierarchical", "--random", "262144", "--format", "json", "--backend", "cpu"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const long peak = r.peak_rss_kib / 1024;  // this run's own peak, whatever ran before it
    std::cout << "[peak memory writing the JSON trace of N = 2^18: " << peak << " MiB; " << r.out.size() / (1 << 20) << " MiB of JSON]\n";
    EXPECT_LT(peak, 160);
    std::istringstream in(r.out);
    const scanlab::Trace t = scanlab::read_trace_json(in, "stdout");
    EXPECT_EQ(t.n, 262144);
}

TEST(CliIo, OutputToAFullDeviceIsASentenceAndAFailure) {
    for (const std::string& args :
         {"scan --preset fig9.10", "trace --preset fig9.10", "trace --preset fig9.10 --format json", "scan --random 100000"}) {
        const ShellResult r = run_shell("\"$S\" " + args + " --backend cpu >/dev/full");
        EXPECT_EQ(r.exit_code, 1) << args;
        EXPECT_NE(r.err.find("could not write the output to standard output: the disk is full"), std::string::npos)
            << args << ": " << r.err;
    }
}

// The help, the version and a run's link are output too: lost on a full device, they are no success.
TEST(CliIo, HelpVersionAndLinkOnAFullDeviceAreAFailure) {
    for (const std::string& args : {"--help", "--version", "link --help", "link --algo kogge-stone --preset fig9.10"}) {
        const ShellResult r = run_shell("\"$S\" " + args + " >/dev/full");
        EXPECT_EQ(r.exit_code, 1) << args;
        EXPECT_NE(r.err.find("could not write the output to standard output: the disk is full"), std::string::npos)
            << args << ": " << r.err;
    }
}

namespace {

// Sets an environment variable for the children of one test.
struct Env {
    std::string name;
    Env(const std::string& n, const std::string& value) : name(n) { ::setenv(n.c_str(), value.c_str(), 1); }
    ~Env() { ::unsetenv(name.c_str()); }
};

std::string temp_file(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + "scanlab_cli_io_" + std::to_string(::getpid()) + "_" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace

TEST(CliIo, AReadThatFailsPartwayIsAnErrorNeverAShortAnswer) {
    std::string values;
    for (int i = 0; i < 100000; ++i) values += std::to_string(i % 10) + "\n";
    const std::string path = temp_file("100k.txt", values);
    const Env preload("LD_PRELOAD", SCANLAB_IO_FAULTS), after("SCANLAB_FAIL_READS_AFTER", "65536");
    const CliResult r = run_cli({"scan", "--algo", "sequential", "--input-file", path, "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("reading input file '" + path + "' failed after 65536 bytes: Input/output error"), std::string::npos) << r.err;
    std::remove(path.c_str());
}

TEST(CliIo, EndlessOrBinaryInputsStopWithASentenceInLittleMemory) {
    for (const std::string& args : {"--input-file /dev/zero", "--input-file /dev/urandom", "--input-file - </dev/zero"}) {
        // Under a 300 MB address-space limit: reading until memory ran out would end in "out of memory".
        const ShellResult r = run_shell("ulimit -v 300000; \"$S\" scan " + args + " --backend cpu >/dev/null");
        EXPECT_EQ(r.exit_code, 1) << args;
        EXPECT_NE(r.err.find("is not a number"), std::string::npos) << args << ": " << r.err;
        EXPECT_LT(r.err.size(), 300u) << args << ": " << r.err;
    }
}

TEST(CliIo, ANamedPipeWaitsForItsWriterRatherThanReadingAsEmpty) {
    const std::string fifo = ::testing::TempDir() + "scanlab_cli_io_fifo_" + std::to_string(::getpid());
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // The writer comes when it comes: before scanlab opens the pipe or after, the values arrive.
    std::thread writer([&] {
        int fd = -1;
        for (int tries = 0; fd < 0 && tries < 6000; ++tries) {  // no reader yet: ENXIO, try again
            fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
            if (fd < 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (fd < 0) return;
        const std::string text = "1 2 3\n";
        [[maybe_unused]] auto n = ::write(fd, text.data(), text.size());
        ::close(fd);
    });
    const CliResult r = run_cli({"scan", "--input-file", fifo, "--backend", "cpu"});
    writer.join();
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "1\n3\n6\n");
    std::remove(fifo.c_str());
}

TEST(CliIo, AFolderAsInputIsNamedAsAFolder) {
    const CliResult r = run_cli({"scan", "--input-file", ::testing::TempDir(), "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("it is a directory"), std::string::npos) << r.err;
}

TEST(CliIo, CtrlCEndsAtOnceWithASentenceAndStatus130) {
    // scanlab waits on a standard input that never ends until the interrupt comes.
    const std::string fifo = ::testing::TempDir() + "scanlab_cli_io_stdin_" + std::to_string(::getpid());
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const ShellResult r =
        run_shell("sleep 5 >'" + fifo + "' & \"$S\" scan --input-file - <'" + fifo + "' & p=$!; sleep 0.5; kill -INT $p; wait $p");
    std::remove(fifo.c_str());
    EXPECT_EQ(r.exit_code, 130);
    EXPECT_NE(r.err.find("scanlab: interrupted"), std::string::npos) << r.err;
}

TEST(CliIo, CtrlCAfterTheOutputBeganSaysTheOutputIsIncomplete) {
    // The trace goes into a pipe that is read one byte and then no more: scanlab is stopped in
    // the middle of its output when the interrupt comes.
    const std::string fifo = ::testing::TempDir() + "scanlab_cli_io_out_" + std::to_string(::getpid());
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const ShellResult r = run_shell("\"$S\" trace --algo hierarchical --random 262144 --format json --backend cpu >'" + fifo +
                                    "' & p=$!; exec 3<'" + fifo + "'; head -c 1 <&3 >/dev/null; kill -INT $p; wait $p");
    std::remove(fifo.c_str());
    EXPECT_EQ(r.exit_code, 130);
    EXPECT_NE(r.err.find("scanlab: interrupted; the output on standard output is incomplete"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("nothing was written"), std::string::npos) << r.err;
}

TEST(CliIo, ASegmentedScanOfAOneColumnFileIsRefusedNotHalved) {
    const std::string one = temp_file("one-column.txt", "5\n6\n7\n8\n"), two = temp_file("two-columns.txt", "5 1\n6 0\n7 1\n8 0\n");
    const CliResult r = run_cli({"scan", "--algo", "segmented", "--input-file", one, "--backend", "cpu"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("file '" + one + "' line 1 holds 1 value; a segmented scan's file holds two columns"), std::string::npos) << r.err;
    const CliResult ok = run_cli({"scan", "--algo", "segmented", "--input-file", two, "--backend", "cpu"});
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_EQ(ok.out, "5\n11\n7\n15\n");
    std::remove(one.c_str());
    std::remove(two.c_str());
}

TEST(CliIo, AHugeOptionValueIsQuotedShortInItsSentence) {
    const std::string huge(120000, 'x');
    for (const std::vector<std::string>& args : {std::vector<std::string>{"scan", "--algo", huge, "--preset", "fig9.10"},
                                                 std::vector<std::string>{"scan", "--preset", "fig9.10", huge},
                                                 std::vector<std::string>{"scan", "--random", std::string(5000, '9')}}) {
        const CliResult r = run_cli(args);
        EXPECT_EQ(r.exit_code, 2) << r.err.substr(0, 200);
        EXPECT_LT(r.err.size(), 600u) << r.err.substr(0, 200);
        EXPECT_NE(r.err.find(" characters)"), std::string::npos) << r.err.substr(0, 200);
    }
}
