#include "core/lesson/index_formula.hpp"

#include <cctype>

namespace scanlab {
namespace {

// A recursive-descent reader over the formula's UTF-8 text; any failure leaves `ok` false.
class FormulaReader {
public:
    FormulaReader(std::string_view text, const Bindings& names) : s_(text), names_(names) {}

    std::optional<int64_t> whole() {
        const int64_t v = disjunction();
        skip();
        if (!ok_ || i_ != s_.size()) return std::nullopt;
        return v;
    }

private:
    std::string_view s_;
    const Bindings& names_;
    size_t i_ = 0;
    bool ok_ = true;

    void skip() {
        while (i_ < s_.size() && s_[i_] == ' ') ++i_;
    }
    // Takes `word` if it comes next (a word of letters must not run on into another letter).
    bool take(std::string_view word) {
        skip();
        if (s_.substr(i_, word.size()) != word) return false;
        const size_t end = i_ + word.size();
        if (std::isalpha(static_cast<unsigned char>(word.back())) && end < s_.size() &&
            (std::isalnum(static_cast<unsigned char>(s_[end])) || s_[end] == '_'))
            return false;
        i_ = end;
        return true;
    }
    int64_t fail() {
        ok_ = false;
        return 0;
    }

    int64_t disjunction() {
        int64_t v = conjunction();
        while (ok_ && take("or")) v = (conjunction() != 0) | (v != 0);
        return v;
    }
    int64_t conjunction() {
        int64_t v = comparison();
        while (ok_ && take("and")) v = (comparison() != 0) & (v != 0);
        return v;
    }
    int64_t comparison() {
        const int64_t a = sum();
        if (take("≤") || take("<=")) return a <= sum();
        if (take("≥") || take(">=")) return a >= sum();
        if (take("≠") || take("!=")) return a != sum();
        if (take("<")) return a < sum();
        if (take(">")) return a > sum();
        if (take("=")) return a == sum();
        return a;
    }
    int64_t sum() {
        int64_t v = product();
        for (;;) {
            if (take("+"))
                v += product();
            else if (take("−") || take("-"))
                v -= product();
            else
                return v;
        }
    }
    int64_t product() {
        int64_t v = power();
        for (;;) {
            if (take("·") || take("*")) {
                v *= power();
            } else if (take("/") || take("mod")) {
                const bool div = s_[i_ - 1] == '/';
                const int64_t d = power();
                if (d == 0) return fail();
                // Floor division and a non-negative remainder, as the chapter's unsigned indices.
                int64_t q = v / d, r = v % d;
                if (r != 0 && ((r < 0) != (d < 0))) --q, r += d;
                v = div ? q : r;
            } else {
                return v;
            }
        }
    }
    int64_t power() {
        const int64_t base = atom();
        if (!take("^")) return base;
        const int64_t e = atom();
        if (e < 0 || e > 62) return fail();
        int64_t v = 1;
        for (int64_t k = 0; k < e; ++k) v *= base;
        return v;
    }
    int64_t atom() {
        skip();
        if (take("(")) {
            const int64_t v = disjunction();
            return take(")") ? v : fail();
        }
        if (take("⌊")) {
            const int64_t v = sum();
            return take("⌋") ? v : fail();
        }
        if (take("−") || take("-")) return -atom();
        if (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
            int64_t v = 0;
            while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) v = v * 10 + (s_[i_++] - '0');
            return v;
        }
        size_t end = i_;
        while (end < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[end])) || s_[end] == '_')) ++end;
        const std::string_view word = s_.substr(i_, end - i_);
        for (const auto& [name, value] : names_)
            if (!word.empty() && name == word) {
                i_ = end;
                return value;
            }
        return fail();
    }
};

}  // namespace

std::optional<int64_t> evaluate(std::string_view formula, const Bindings& names) { return FormulaReader(formula, names).whole(); }

}  // namespace scanlab
