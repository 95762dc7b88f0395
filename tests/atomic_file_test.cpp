// Saving a file is all or nothing. These run with tests/io_fault_shim.cpp preloaded, so a full
// disk is a real failing write(2), not a pretend one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/trace_io/atomic_file.hpp"
#include "core/error.hpp"

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

TEST(AtomicFile, ASaveReplacesTheOldFileWhole) {
    const fs::path d = fresh_dir("replace");
    write_text(d / "t.json", "old");
    save_file_atomically((d / "t.json").string(), "the trace", [](std::ostream& out) { out << "new contents"; });
    EXPECT_EQ(contents(d / "t.json"), "new contents");
    expect_only(d, {"t.json"});
    fs::remove_all(d);
}

TEST(AtomicFile, AFullDiskIsASentenceAndTheOldFileStaysIntact) {
    const fs::path d = fresh_dir("full");
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
    EXPECT_EQ(message, "cannot save the picture to '" + (d / "shot.png").string() + "': the disk is full");
    EXPECT_EQ(contents(d / "shot.png"), "a valid old picture");
    expect_only(d, {"shot.png"});
    fs::remove_all(d);
}

TEST(AtomicFile, AWriterThatThrowsLeavesNoTemporary) {
    const fs::path d = fresh_dir("throws");
    write_text(d / "settings.ini", "kept");
    EXPECT_THROW(save_file_atomically((d / "settings.ini").string(), "the settings",
                                      [](std::ostream& out) {
                                          out << "half";
                                          throw ScanError("stop");
                                      }),
                 ScanError);
    EXPECT_EQ(contents(d / "settings.ini"), "kept");
    expect_only(d, {"settings.ini"});
    fs::remove_all(d);
}

TEST(AtomicFile, LinksPlantedAtTheTemporaryNamesAreNeverFollowed) {
    const fs::path d = fresh_dir("links");
    write_text(d / "victim", "untouched");
    // The temporaries are named after the target, the process and a counter; plant links at
    // the next names a save would pick.
    for (int k = 0; k < 50; ++k)
        fs::create_symlink(d / "victim", d / ("t.json.tmp-" + std::to_string(::getpid()) + "-" + std::to_string(k)));
    save_file_atomically((d / "t.json").string(), "the trace", [](std::ostream& out) { out << "saved"; });
    EXPECT_EQ(contents(d / "victim"), "untouched");
    EXPECT_EQ(contents(d / "t.json"), "saved");
    fs::remove_all(d);
}

TEST(AtomicFile, SavingOverALinkReplacesTheLinkNotItsTarget) {
    const fs::path d = fresh_dir("over-link");
    write_text(d / "victim", "untouched");
    fs::create_symlink(d / "victim", d / "t.json");
    save_file_atomically((d / "t.json").string(), "the trace", [](std::ostream& out) { out << "saved"; });
    EXPECT_EQ(contents(d / "victim"), "untouched");
    EXPECT_FALSE(fs::is_symlink(d / "t.json"));
    EXPECT_EQ(contents(d / "t.json"), "saved");
    fs::remove_all(d);
}

TEST(AtomicFile, AMissingFolderOrAFolderAsTargetIsASentence) {
    const fs::path d = fresh_dir("folders");
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
    fs::remove_all(d);
}
