#pragma once
// Whole numbers as people read them in a sentence: 4194304 -> "4,194,304".
#include <cstdint>
#include <string>

namespace scanlab {

std::string grouped(int64_t n);

}  // namespace scanlab
