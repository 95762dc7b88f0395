// Saving a file is all or nothing, and respects what is at the target path. These run with
// tests/io_fault_shim.cpp preloaded, so a full disk is a real failing write(2), not a pretend one;
// the devices, pipes and sockets are nodes each test makes in its own temporary folder.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"

using namespace scanlab;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("scanlab_atomic_" + std::to_string(::getpid()) + "_" + name);
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

std::string contents(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void write_text(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// Whatever the disk said, nothing but `keep` is left in the folder.
void expect_only(const fs::path& dir, const std::vector<std::string>& keep) {
    for (const auto& e : fs::directory_iterator(dir))
        EXPECT_NE(std::find(keep.begin(), keep.end(), e.path().filename().string()), keep.end()) << "left behind: " << e.path();
}

struct FullDiskAfter {
    explicit FullDiskAfter(long long bytes) { ::setenv("SCANLAB_FAIL_WRITES_AFTER", std::to_string(bytes).c_str(), 1); }
    ~FullDiskAfter() { ::unsetenv("SCANLAB_FAIL_WRITES_AFTER"); }
};

}  // namespace

// Each test's own empty folder, named after the test, removed after it.
class AtomicFile : public ::testing::Test {
protected:
    const fs::path d = fresh_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    void TearDown() override { fs::remove_all(d); }
};

TEST_F(AtomicFile, ASaveReplacesTheOldFileWhole) {
    write_text(d / "t.json", "old");
    save_file_atomically((d / "t.json").string(), "the trace", [](std::ostream& out) { out << "new contents"; });
    EXPECT_EQ(contents(d / "t.json"), "new contents");
    expect_only(d, {"t.json"});
}

TEST_F(AtomicFile, AFullDiskIsASentenceAndTheOldFileStaysIntact) {
    write_text(d / "shot.png", "a valid old picture");
    std::string message;
    {
        FullDiskAfter full(1000);
        try {
            save_file_atomically((d / "shot.png").string(), "the picture",
                                 [](std::ostream& out) { out << std::string(size_t(1) << 20, 'x'); });
        } catch (const ScanError& e) {
            message = e.what();
        }
    }
    EXPECT_EQ(message, "cannot save the picture to " + quoted_path((d / "shot.png").string()) + ": the disk is full");
    EXPECT_EQ(contents(d / "shot.png"), "a valid old picture");
    expect_only(d, {"shot.png"});
}

TEST_F(AtomicFile, AWriterThatThrowsLeavesNoTemporary) {
    write_text(d / "settings.ini", "kept");
    EXPECT_THROW(save_file_atomically((d / "settings.ini").string(), "the settings",
                                      [](std::ostream& out) {
                                          out << "half";
                                          throw ScanError("stop");
                                      }),
                 ScanError);
    EXPECT_EQ(contents(d / "settings.ini"), "kept");
    expect_only(d, {"settings.ini"});
}

TEST_F(AtomicFile, LinksPlantedAtTheTemporaryNamesAreNeverFollowed) {
    write_text(d / "victim", "untouched");
    // The temporaries are named after the target, the process and a counter; plant links at
    // the next names a save would pick.
    for (int k = 0; k < 50; ++k)
        fs::create_symlink(d / "victim", d / ("t.json.tmp-" + std::to_string(::getpid()) + "-" + std::to_string(k)));
    save_file_atomically((d / "t.json").string(), "the trace", [](std::ostream& out) { out << "saved"; });
    EXPECT_EQ(contents(d / "victim"), "untouched");
    EXPECT_EQ(contents(d / "t.json"), "saved");
}

TEST_F(AtomicFile, ALinkIsFollowedAndItsTargetReplacedInTheTargetsFolder) {
    fs::create_directories(d / "kept");
    write_text(d / "kept" / "t.json", "old");
    fs::permissions(d / "kept" / "t.json", fs::perms::owner_read | fs::perms::owner_write);
    fs::create_symlink("kept/t.json", d / "t.json");
    save_file_atomically((d / "t.json").string(), "the trace", [](std::ostream& out) { out << "saved"; });
    EXPECT_TRUE(fs::is_symlink(d / "t.json"));
    EXPECT_EQ(contents(d / "kept" / "t.json"), "saved");
    EXPECT_EQ(fs::status(d / "kept" / "t.json").permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
    expect_only(d, {"t.json", "kept"});
    expect_only(d / "kept", {"t.json"});
    // A link that names a file still to be made makes it there.
    fs::create_symlink("kept/new.json", d / "new.json");
    save_file_atomically((d / "new.json").string(), "the trace", [](std::ostream& out) { out << "made"; });
    EXPECT_TRUE(fs::is_symlink(d / "new.json"));
    EXPECT_EQ(contents(d / "kept" / "new.json"), "made");
}

TEST_F(AtomicFile, ALinkChainThatNeverEndsIsASentence) {
    fs::create_symlink("b", d / "a");
    fs::create_symlink("a", d / "b");
    try {
        save_file_atomically((d / "a").string(), "the trace", [](std::ostream& out) { out << "x"; });
        ADD_FAILURE();
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("a chain of links that does not end"), std::string::npos) << e.what();
    }
    expect_only(d, {"a", "b"});
}

// Character devices the test makes itself, never the system's: the null device (1, 3) and the
// always-full device (1, 7).
bool make_char_device(const fs::path& p, unsigned minor, std::string& why) {
    if (::geteuid() != 0) {
        why = "making a device node needs root";
        return false;
    }
    if (::mknod(p.c_str(), S_IFCHR | 0600, makedev(1, minor)) != 0) {
        why = std::string("mknod failed: ") + std::strerror(errno);
        return false;
    }
    const int fd = ::open(p.c_str(), O_WRONLY);
    if (fd < 0) {
        why = std::string("this file system does not open device nodes: ") + std::strerror(errno);
        return false;
    }
    ::close(fd);
    return true;
}

TEST_F(AtomicFile, ADeviceIsWrittenThroughNeverReplaced) {
    std::string why;
    if (!make_char_device(d / "null", 3, why) || !make_char_device(d / "full", 7, why)) GTEST_SKIP() << why;
    save_file_atomically((d / "null").string(), "the picture", [](std::ostream& out) { out << std::string(100000, 'x'); });
    EXPECT_TRUE(fs::is_character_file(d / "null"));
    std::string message;
    try {
        save_file_atomically((d / "full").string(), "the picture", [](std::ostream& out) { out << "png"; });
    } catch (const ScanError& e) {
        message = e.what();
    }
    EXPECT_EQ(message, "cannot save the picture to " + quoted_path((d / "full").string()) + ": no space left on the device");
    EXPECT_TRUE(fs::is_character_file(d / "full"));
    expect_only(d, {"null", "full"});
}

TEST_F(AtomicFile, ABlockDeviceIsRefusedWithASentence) {
    if (::geteuid() != 0) GTEST_SKIP() << "making a device node needs root";
    // A number in the range kept for local use: no disk answers to it.
    if (::mknod((d / "disk").c_str(), S_IFBLK | 0600, makedev(240, 0)) != 0) GTEST_SKIP() << "mknod failed: " << std::strerror(errno);
    try {
        save_file_atomically((d / "disk").string(), "the trace", [](std::ostream& out) { out << "x"; });
        ADD_FAILURE();
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("it is a block device"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(fs::is_block_file(d / "disk"));
}

TEST_F(AtomicFile, ANamedPipeIsWrittenThroughAndOneNobodyReadsIsASentence) {
    ASSERT_EQ(::mkfifo((d / "p").c_str(), 0600), 0);
    try {
        save_file_atomically((d / "p").string(), "the trace", [](std::ostream& out) { out << "x"; });
        ADD_FAILURE();
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("no program is reading the pipe"), std::string::npos) << e.what();
    }
    std::string got;
    const int reader = ::open((d / "p").c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    // A writer of the test's own holds the pipe open, so the reader sees its end only once the
    // test closes it, after the save.
    const int held = ::open((d / "p").c_str(), O_WRONLY);
    ASSERT_GE(held, 0);
    ::fcntl(reader, F_SETFL, 0);
    std::thread drain([&] {
        char buf[4096];
        for (ssize_t n; (n = ::read(reader, buf, sizeof buf)) > 0;) got.append(buf, size_t(n));
    });
    const std::string text(200000, 'y');
    save_file_atomically((d / "p").string(), "the trace", [&](std::ostream& out) { out << text; });
    ::close(held);
    drain.join();
    ::close(reader);
    EXPECT_EQ(got, text);
    EXPECT_EQ(fs::status(d / "p").type(), fs::file_type::fifo);
    expect_only(d, {"p"});
}

TEST_F(AtomicFile, AnOpenPipeOrFileNamedThroughProcIsWrittenThrough) {
    // What /dev/stdout names when output is piped or redirected.
    int ends[2];
    ASSERT_EQ(::pipe(ends), 0);
    std::string got;
    std::thread drain([&] {
        char buf[4096];
        for (ssize_t n; (n = ::read(ends[0], buf, sizeof buf)) > 0;) got.append(buf, size_t(n));
    });
    save_file_atomically("/proc/self/fd/" + std::to_string(ends[1]), "the results", [](std::ostream& out) { out << "through the pipe"; });
    ::close(ends[1]);
    drain.join();
    ::close(ends[0]);
    EXPECT_EQ(got, "through the pipe");

    // A file the shell opened for `>` or `>>`: written at its position, as the shell's own
    // redirection would be, never replaced by a new file the shell does not hold.
    write_text(d / "out.csv", "header\n");
    const int fd = ::open((d / "out.csv").c_str(), O_WRONLY | O_APPEND);
    ASSERT_GE(fd, 0);
    struct stat before {
    }, after{};
    ::fstat(fd, &before);
    save_file_atomically("/dev/fd/" + std::to_string(fd), "the results", [](std::ostream& out) { out << "rows\n"; });
    ::close(fd);
    ::stat((d / "out.csv").c_str(), &after);
    EXPECT_EQ(before.st_ino, after.st_ino);
    EXPECT_EQ(contents(d / "out.csv"), "header\nrows\n");
    expect_only(d, {"out.csv"});
}

TEST_F(AtomicFile, ASocketIsWrittenThrough) {
    const int listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string path = (d / "s").string();
    ASSERT_LT(path.size(), sizeof address.sun_path);
    std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
    ASSERT_EQ(::bind(listener, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
    ASSERT_EQ(::listen(listener, 1), 0);
    std::string got;
    std::thread serve([&] {
        const int c = ::accept(listener, nullptr, nullptr);
        char buf[4096];
        for (ssize_t n; (n = ::read(c, buf, sizeof buf)) > 0;) got.append(buf, size_t(n));
        ::close(c);
    });
    save_file_atomically(path, "the results", [](std::ostream& out) { out << "over the socket"; });
    serve.join();
    ::close(listener);
    EXPECT_EQ(got, "over the socket");
    EXPECT_TRUE(fs::is_socket(d / "s"));
}

TEST_F(AtomicFile, AMissingFolderOrAFolderAsTargetIsASentence) {
    try {
        save_file_atomically((d / "no" / "x.json").string(), "the trace", [](std::ostream& out) { out << "x"; });
        ADD_FAILURE();
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("its folder does not exist"), std::string::npos) << e.what();
    }
    try {
        save_file_atomically(d.string(), "the trace", [](std::ostream& out) { out << "x"; });
        ADD_FAILURE();
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("it is a folder"), std::string::npos) << e.what();
    }
}
