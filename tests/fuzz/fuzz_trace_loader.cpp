// libFuzzer: the trace loader takes any bytes. A trace or a ScanError sentence are the only
// outcomes; a crash, a sanitizer report (a float converted out of range included), an uncaught
// exception or a hang (libFuzzer's -timeout) is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "core/trace_io/trace_check.hpp"
#include "core/trace_io/trace_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        const scanlab::Trace t = scanlab::read_trace_json(in, "fuzz.json");
        // What loads is true: it passes the check again after a write and a read.
        std::stringstream again;
        scanlab::write_trace_json(again, t);
        scanlab::read_trace_json(again, "again.json");
    } catch (const scanlab::ScanError&) {}
    return 0;
}
