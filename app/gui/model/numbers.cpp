#include "app/gui/model/numbers.hpp"

#include "core/hd.hpp"

namespace scanlab::gui {

std::string power_of_two_text(int64_t n) {
    if (!is_pow2(n)) return "";
    int k = 0;
    while ((int64_t(1) << k) < n) ++k;
    return "2^" + std::to_string(k);
}

}  // namespace scanlab::gui
