#include "core/values.hpp"
#include "core/dispatch.hpp"
#include "core/float_chars.hpp"

#include <charconv>
#include <cstring>

namespace scanlab {

ValueArray empty_values(ElementType t) {
    return with_type(t, []<class T>(TypeTag<T>) -> ValueArray { return std::vector<T>{}; });
}

size_t size_of(const ValueArray& v) {
    return std::visit([](const auto& vec) { return vec.size(); }, v);
}

size_t element_bytes(ElementType t) { return (t == ElementType::int32 || t == ElementType::float32) ? 4 : 8; }

std::string format_value(const ValueArray& v, size_t i) {
    return std::visit(
        [i](const auto& vec) {
            char buf[64];
            auto r = scanlab::to_chars(buf, buf + sizeof buf, vec[i]);
            return std::string(buf, r.ptr);
        },
        v);
}

bool bitwise_equal(const ValueArray& a, const ValueArray& b) {
    if (a.index() != b.index() || size_of(a) != size_of(b)) return false;
    return std::visit(
        [&b](const auto& va) {
            using V = std::decay_t<decltype(va)>;
            const auto& vb = std::get<V>(b);
            return va.empty() || std::memcmp(va.data(), vb.data(), va.size() * sizeof(va[0])) == 0;
        },
        a);
}

}  // namespace scanlab

namespace scanlab {
ElementType element_type_of_values(const ValueArray& v) {
    return std::visit([](const auto& vec) { return element_type_of<typename std::decay_t<decltype(vec)>::value_type>(); }, v);
}
}  // namespace scanlab
