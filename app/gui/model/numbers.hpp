#pragma once
// Numbers as the live tab writes them for people: 4,194,304 elements, 2.1 MiB, 2^22. Plain
// functions so the model's sentences and the panels say the same figures the same way.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/number_text.hpp"  // grouped(), byte_size()

namespace scanlab::gui {

// "2^22" when n is a power of two, else "" (so a label can add it only where it helps).
std::string power_of_two_text(int64_t n);

}  // namespace scanlab::gui
