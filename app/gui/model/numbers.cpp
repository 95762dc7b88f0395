#include "numbers.hpp"

#include <cstdio>

namespace scanlab::gui {

std::string bytes_text(size_t bytes) {
    const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
    if (bytes < 1024) return std::to_string(bytes) + " bytes";
    double v = double(bytes) / 1024;
    int u = 0;
    while (v >= 1024 && u < 3) v /= 1024, ++u;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
}

bool is_power_of_two(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

std::string power_of_two_text(int64_t n) {
    if (!is_power_of_two(n)) return "";
    int k = 0;
    while ((int64_t(1) << k) < n) ++k;
    return "2^" + std::to_string(k);
}

}  // namespace scanlab::gui
