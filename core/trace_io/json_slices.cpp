#include "core/trace_io/json_slices.hpp"

#include <charconv>
#include <cstdint>
#include <string>

namespace scanlab {
namespace {
using json = nlohmann::json;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool ends_scalar(char c) { return is_space(c) || c == ',' || c == ']' || c == '}' || c == ':'; }

// A text nlohmann would take as it is: no escape, no control character, plain ASCII (its UTF-8
// check is then nothing to do).
bool plain(std::string_view s) {
    for (char c : s)
        if (c == '\\' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}
}  // namespace

void JsonSlices::skip_space() {
    while (at_ < text_.size() && is_space(text_[at_])) ++at_;
}

size_t JsonSlices::string_end(size_t from) const {
    for (size_t i = from + 1; i < text_.size(); ++i) {
        if (text_[i] == '\\')
            ++i;
        else if (text_[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}

// A number, a text or a literal, as nlohmann reports it: a non-negative integer that fits 64 bits
// is unsigned, a negative one that fits is signed; anything else (a fraction, an exponent, a text
// with escapes, true/false/null, an error) goes through nlohmann's own parser.
bool JsonSlices::scalar(size_t end) {
    const std::string_view token = text_.substr(at_, end - at_);
    at_ = end;
    if (token.empty()) return false;
    if (token.front() == '"' && token.size() >= 2 && plain(token.substr(1, token.size() - 2))) {
        std::string s(token.substr(1, token.size() - 2));
        return sax_->string(s);
    }
    const bool negative = token.front() == '-';
    const std::string_view digits = token.substr(negative ? 1 : 0);
    const bool integer = !digits.empty() && digits.size() <= 18 && digits.find_first_not_of("0123456789") == std::string_view::npos &&
                         (digits.size() == 1 || digits.front() != '0');
    if (integer) {
        int64_t v = 0;
        std::from_chars(digits.data(), digits.data() + digits.size(), v);
        return negative ? sax_->number_integer(-v) : sax_->number_unsigned(uint64_t(v));
    }
    return json::sax_parse(token.begin(), token.end(), sax_, json::input_format_t::json, true);
}

bool JsonSlices::key() {
    skip_space();
    if (at_ >= text_.size() || text_[at_] != '"') return false;
    const size_t end = string_end(at_);
    if (end == std::string_view::npos) return false;
    const std::string_view token = text_.substr(at_, end - at_);
    std::string k;
    if (plain(token.substr(1, token.size() - 2))) {
        k = token.substr(1, token.size() - 2);
    } else {
        const json parsed = json::parse(token.begin(), token.end(), nullptr, false);
        if (!parsed.is_string()) return false;
        k = parsed.get<std::string>();
    }
    at_ = end;
    skip_space();
    if (at_ >= text_.size() || text_[at_] != ':') return false;
    ++at_;
    return sax_->key(k);
}

bool JsonSlices::value() {
    skip_space();
    if (at_ >= text_.size()) return false;
    const char c = text_[at_];
    if (c == '{') {
        ++at_;
        stack_.push_back(In::object_first);
        return sax_->start_object(std::size_t(-1));
    }
    if (c == '[') {
        ++at_;
        stack_.push_back(In::array_first);
        return sax_->start_array(std::size_t(-1));
    }
    size_t end = at_;
    if (c == '"') {
        end = string_end(at_);
        if (end == std::string_view::npos) return false;
    } else {
        while (end < text_.size() && !ends_scalar(text_[end]) && text_[end] != '"' && text_[end] != '[' && text_[end] != '{') ++end;
    }
    return scalar(end);
}

JsonSlices::Status JsonSlices::advance(size_t budget) {
    if (!started_) {
        started_ = true;
        if (!value()) return Status::stopped;
    }
    for (size_t done = 0; done < budget && !stack_.empty(); ++done) {
        skip_space();
        if (at_ >= text_.size()) return Status::stopped;
        In& in = stack_.back();
        const bool object = in == In::object_first || in == In::object_next;
        const char close = object ? '}' : ']';
        if (text_[at_] == close) {
            ++at_;
            stack_.pop_back();
            if (!(object ? sax_->end_object() : sax_->end_array())) return Status::stopped;
            continue;
        }
        if (in == In::object_next || in == In::array_next) {
            if (text_[at_] != ',') return Status::stopped;
            ++at_;
        }
        in = object ? In::object_next : In::array_next;
        if (object && !key()) return Status::stopped;
        if (!value()) return Status::stopped;
    }
    if (!stack_.empty()) return Status::more;
    skip_space();
    return at_ == text_.size() ? Status::done : Status::stopped;
}

}  // namespace scanlab
