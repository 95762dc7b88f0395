// The app opening a stranger's trace file: every mutated file under tests/fixtures/traces/ is
// refused with its sentence within a time and memory bound, and the trace on screen stays.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <filesystem>

#include "app/gui/model/session.hpp"
#include "core/number_text.hpp"

using namespace scanlab;
using namespace scanlab::gui;

namespace {

long peak_rss_kib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

}  // namespace

TEST(AppBadTraceFiles, EachIsRefusedQuicklyInBoundedMemoryAndTheShownTraceStays) {
    Session s;
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    const TracePtr good = s.trace;
    const long rss_before = peak_rss_kib();
    int refused = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(SCANLAB_FIXTURES) + "/traces")) {
        const std::string path = entry.path().string();
        if (entry.path().filename() == "fig910.json") continue;
        const auto start = std::chrono::steady_clock::now();
        s.open_trace(path);
        s.wait();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_LT(seconds, 2.0) << path;
        EXPECT_EQ(s.trace, good) << path;
        EXPECT_NE(s.open_task.failure.find(quoted_path(path)), std::string::npos) << s.open_task.failure;
        EXPECT_NE(s.open_task.failure.find("is not a usable Scan Lab trace"), std::string::npos) << s.open_task.failure;
        ++refused;
    }
    EXPECT_GE(refused, 14);
    EXPECT_LT(peak_rss_kib() - rss_before, 64 * 1024) << "KiB of peak memory added by opening the bad files";
    // The unmutated file opens.
    s.open_trace(std::string(SCANLAB_FIXTURES) + "/traces/fig910.json");
    s.wait();
    EXPECT_NE(s.trace, good) << s.open_task.failure;
}

// A path the app was given (File > Open, a dropped file) is quoted as the command line quotes it:
// its last 40 characters, a newline and U+202E escaped, never the whole 3,000 characters.
TEST(AppBadTraceFiles, ALongPathIsQuotedShortWithItsControlCharactersEscaped) {
    Session s;
    const std::string path = "/tmp/" + std::string(3000, 'd') + "/evil\n\xE2\x80\xAEtrace.json";
    s.open_trace(path);
    s.wait();
    const std::string& said = s.open_task.failure;
    EXPECT_NE(said.find("dddd/evil\\n\\u202Etrace.json' (3,022 characters)"), std::string::npos) << said;
    EXPECT_LT(said.size(), 200u) << said;
    EXPECT_EQ(said.find('\n'), std::string::npos) << said;
    EXPECT_EQ(said.find("\xE2\x80\xAE"), std::string::npos) << said;
}
