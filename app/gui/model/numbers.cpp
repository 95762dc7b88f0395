#include "app/gui/model/numbers.hpp"

#include <cstdio>

#include "core/hd.hpp"

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

std::string power_of_two_text(int64_t n) {
    if (!is_pow2(n)) return "";
    int k = 0;
    while ((int64_t(1) << k) < n) ++k;
    return "2^" + std::to_string(k);
}

}  // namespace scanlab::gui
