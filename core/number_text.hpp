#pragma once
// Whole numbers as people read them in a sentence: 4194304 -> "4,194,304".
#include <cstdint>
#include <string>

namespace scanlab {

std::string grouped(int64_t n);
// "1 barrier", "4,096 barriers": the count grouped and the noun that agrees with it.
std::string counted(int64_t n, const std::string& one, const std::string& many);

}  // namespace scanlab
