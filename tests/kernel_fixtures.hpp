#pragma once
// The kernels the kernel tracer's tests run that are made from others rather than kept as second
// copies: a starter of assets/your-kernel/ with its TODO done from tests/fixtures/kernels/starter_solutions/.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kernel_tracer/host/kernel_trace.hpp"
#include "kernel_tracer/host/kernel_words.hpp"

namespace scanlab::kernel_fixtures {

inline const std::string kFixtures = std::filesystem::absolute(SCANLAB_KERNEL_FIXTURES).lexically_normal().string();
inline const std::string kStarters = std::filesystem::absolute(kFixtures + "/../../../assets/your-kernel").lexically_normal().string();

// A fixture's path from its name in tests/fixtures/kernels/ ("brent_kung.cu"); a path as it is.
inline std::string fixture_path(const std::string& name) { return name.find('/') == std::string::npos ? kFixtures + "/" + name : name; }

// `r` set to run as `scanlab trace --kernel FILE WORDS` states it: the run, its block order, and
// the type where the words choose one.
inline void run_as(kernel_tracer::KernelRequest& r, const std::vector<std::string>& words) {
    const kernel_tracer::KernelRunWords k = kernel_tracer::parse_kernel_words(words);
    r.spec = k.spec;
    r.type_given = k.type_given;
}

inline std::string text_of(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The starter with the lines from its "// TODO" to its "// END TODO" replaced by `solution`.
inline std::string filled(const std::string& starter, const std::string& solution) {
    const size_t todo = starter.find("// TODO");
    const size_t end = starter.find("// END TODO");
    if (todo == std::string::npos || end == std::string::npos) return "";
    const size_t from = starter.rfind('\n', todo) + 1, to = starter.find('\n', end) + 1;
    return starter.substr(0, from) + solution + starter.substr(to);
}

// This test process's folder of solved starters in the temporary directory, removed as the
// process ends (a test may hand a path on to the tracer, so the files live as long as it does).
struct SolvedStartersFolder {
    const std::filesystem::path path = std::filesystem::temp_directory_path() / ("scanlab-solved-" + std::to_string(::getpid()));
    ~SolvedStartersFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
};

// The starter `name` (as "ex5-hierarchical") with its TODO done, written to a file of that folder:
// its path.
inline std::string solved_starter(const std::string& name) {
    static const SolvedStartersFolder folder;
    std::filesystem::create_directories(folder.path);
    const std::string path = (folder.path / (name + ".cu")).string();
    std::ofstream(path) << filled(text_of(kStarters + "/" + name + ".cu"), text_of(kFixtures + "/starter_solutions/" + name + ".cu"));
    return path;
}

}  // namespace scanlab::kernel_fixtures
