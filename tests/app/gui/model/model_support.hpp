#pragma once
// What the tests of the desktop app's model share: runs on Figure 9.10's input, trace files in the
// temporary folder, and a session that ran its first run.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/gui/model/session.hpp"
#include "core/emulation/emulate.hpp"
#include "core/input/head_flags.hpp"
#include "core/input/input.hpp"
#include "core/trace_io/trace_json.hpp"

namespace scanlab::gui::model_test {

inline Trace run(Algorithm a, const std::string& text, int section = 0, Algorithm block = Algorithm::kogge_stone) {
    ScanRequest q;
    q.algorithm = a;
    q.block_algorithm = block;
    q.section = section;
    const ValueArray x = parse_values(text, ElementType::int32);
    if (algorithm_info(a).takes_flags) q.flags = parse_flags("every:3", int64_t(size_of(x)));  // segments across sections of 4
    return emulate(q, x);
}

inline const std::string kFig910 = "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2";

inline std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("scanlab_app_test_" + std::to_string(::getpid()) + "_" + name)).string();
}

inline std::vector<int32_t> ints(const ValueArray& v) { return std::get<std::vector<int32_t>>(v); }

// A trace file of `t` in the temporary folder; its path.
inline std::string saved_trace(const std::string& name, const Trace& t) {
    const std::string path = temp_path(name);
    std::ofstream out(path);
    write_trace_json(out, t);
    return path;
}

// Brent-Kung on Figure 9.10's input: a trace that is not the one on screen.
inline Trace brent_kung_fig910() {
    ScanRequest q;
    q.algorithm = Algorithm::brent_kung;
    return emulate(q, parse_values(kFig910, ElementType::int32));
}

inline Session ran_fig910() {
    Session s;
    s.run();
    s.wait();
    return s;
}

}  // namespace scanlab::gui::model_test
