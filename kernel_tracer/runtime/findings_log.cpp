#include "kernel_tracer/runtime/findings_log.hpp"

#include <array>
#include <sstream>

namespace scanlab::kernel_tracer {
namespace {
constexpr std::array<const char*, 13> kWords{"race-raw",
                                             "race-war",
                                             "race-waw",
                                             "out-of-bounds-shared",
                                             "out-of-bounds-global",
                                             "uninitialized-shared",
                                             "divergent-barrier",
                                             "barrier-after-exit",
                                             "never-ends",
                                             "crash",
                                             "out-of-memory",
                                             "warp-mask",
                                             "uninitialized-global"};
}

const char* finding_word(FindingKind k) { return kWords[size_t(k)]; }

std::string finding_line(const RawFinding& f) {
    std::ostringstream os;
    os << finding_word(f.kind) << '\t' << f.pc << '\t' << f.other_pc << '\t' << f.interval << '\t' << f.step << '\t' << f.block << '\t'
       << f.thread << '\t' << f.other_thread << '\t' << f.array << '\t' << f.element << '\t' << f.count << '\t' << f.detail;
    return os.str();
}

bool parse_finding_line(const std::string& line, RawFinding& f) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) fields.push_back(field);
    if (fields.size() == 11) fields.emplace_back();
    if (fields.size() != 12) return false;
    bool known = false;
    for (size_t k = 0; k < kWords.size(); ++k)
        if (fields[0] == kWords[k]) f.kind = FindingKind(k), known = true;
    if (!known) return false;
    try {
        f.pc = uintptr_t(std::stoull(fields[1]));
        f.other_pc = uintptr_t(std::stoull(fields[2]));
        f.interval = std::stoi(fields[3]);
        f.step = std::stoi(fields[4]);
        f.block = std::stoll(fields[5]);
        f.thread = std::stoi(fields[6]);
        f.other_thread = std::stoi(fields[7]);
        f.array = fields[8];
        f.element = std::stoll(fields[9]);
        f.count = std::stoll(fields[10]);
        f.detail = fields[11];
    } catch (const std::exception&) {
        return false;
    }
    return true;
}

}  // namespace scanlab::kernel_tracer
