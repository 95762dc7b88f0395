#pragma once
// Pieces of JSON text written straight to a stream, so a document of any size is never held in
// memory: a string with its escapes, and numbers that read back to the same bits.
#include <cstdint>
#include <ostream>
#include <string_view>

namespace scanlab::json_text {

// "text" with the escapes JSON needs.
void quoted(std::ostream& out, std::string_view text);

// Shortest text that reads back to the same value. JSON has no literal for infinity or NaN, so
// those are written as the strings "inf", "-inf", "nan", "-nan"; -0.0 keeps its sign as -0.0
// (a bare -0 reads back as the integer 0).
void number(std::ostream& out, int32_t v);
void number(std::ostream& out, int64_t v);
void number(std::ostream& out, uint64_t v);
void number(std::ostream& out, float v);
void number(std::ostream& out, double v);

}  // namespace scanlab::json_text
