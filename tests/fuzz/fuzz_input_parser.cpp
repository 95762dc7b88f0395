// libFuzzer: the input parser takes any bytes. The first byte picks the element type; the rest is
// the text. Every outcome must be values or a ScanError sentence: a crash, a sanitizer report, an
// uncaught exception or a sentence holding a control byte is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/error.hpp"
#include "core/input/input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const auto type = static_cast<scanlab::ElementType>(data[0] % 4);
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    try {
        // Text with no values (say ";") is an empty input, which scans to an empty output.
        const scanlab::ValueArray v = scanlab::parse_values(text, type, "--input");
        if (scanlab::size_of(v) > text.size()) std::abort();  // never more values than bytes of text
    } catch (const scanlab::ScanError& e) {
        for (const char* c = e.what(); *c; ++c)
            if (static_cast<unsigned char>(*c) < 0x20 && *c != '\n') std::abort();
    }
    return 0;
}
