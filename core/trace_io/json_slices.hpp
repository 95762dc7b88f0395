#pragma once
// A JSON text parsed a slice at a time into a SAX handler (nlohmann's json_sax), so that a page
// with one thread can read a large trace file between its frames. This walks the text's objects
// and arrays itself, keeping its place on a stack, and hands each number, text and literal to
// nlohmann's parser (or, for a plain integer or a text without escapes, makes the same call
// nlohmann would): the handler sees the events of json::sax_parse, in the same order.
//
// It stops at the first thing it does not expect (malformed or truncated JSON, a handler's refusal)
// without saying why: the caller then reads the text whole with json::sax_parse, whose sentence is
// the one every front end gives.
#include <cstddef>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace scanlab {

class JsonSlices {
public:
    enum class Status { more, done, stopped };
    // `text` and `sax` must outlive this.
    JsonSlices(std::string_view text, nlohmann::json_sax<nlohmann::json>* sax) : text_(text), sax_(sax) {}
    // Parses about `budget` values (numbers, texts, keys, brackets), then says where it stands.
    Status advance(size_t budget);
    double progress() const { return text_.empty() ? 1.0 : double(at_) / double(text_.size()); }

private:
    enum class In : unsigned char { object_first, object_next, array_first, array_next };
    bool value();  // one value at at_, opening an object or array, or a scalar whole
    bool scalar(size_t end);
    bool key();
    void skip_space();
    size_t string_end(size_t from) const;  // one past the closing quote, or npos
    std::string_view text_;
    nlohmann::json_sax<nlohmann::json>* sax_;
    std::vector<In> stack_;
    size_t at_ = 0;
    bool started_ = false;
};

}  // namespace scanlab
