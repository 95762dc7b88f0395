#include "core/input/input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>

#include "core/algorithms/table.hpp"
#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/float_chars.hpp"
#include "core/input/wording.hpp"
#include "core/number_text.hpp"
#include "core/request.hpp"

namespace scanlab {

const std::vector<Preset>& presets() {
    static const std::vector<Preset> all{
        {"fig9.10", "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2", 4, "2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31",
         "PMPP 3rd ed., Figure 9.10: four sections of four, block sums 7 7 6 11"},
        {"slides", "1 2 5 7 9 6", 0, "1 3 8 15 24 30", "the slide deck's first example"},
        {"slides-t0", "3 1 7 0 4 1 6 3", 8, "3 4 11 11 15 16 22 25", "the slide deck's block example (row T0)"},
    };
    return all;
}

std::optional<Preset> find_preset(std::string_view name) {
    for (const Preset& p : presets())
        if (p.name == name) return p;
    return std::nullopt;
}

int preset_section(const Preset& preset, Algorithm algorithm) {
    const Reach reach = algorithm_info(algorithm).reach;
    return reach == Reach::multi_block || reach == Reach::single_pass ? preset.section : 0;
}

bool is_value_separator(char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';'; }

namespace {

std::string where(std::string_view origin, size_t index, size_t line, size_t column) {
    std::string s = "value " + std::to_string(index + 1) + " of " + std::string(origin);
    if (line > 1 || column > 1) s += " (line " + std::to_string(line) + ", column " + std::to_string(column) + ")";
    return s;
}

// A token as a sentence shows it: control characters (a NUL would end the sentence early) as
// '?', and no more than 40 characters of it.
std::string quoted_token(std::string_view token, bool say_length = true) {
    std::string s = "'";
    for (char c : token.substr(0, 40)) s += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    if (token.size() <= 40) return s + "'";
    return s + "…'" + (say_length ? " (" + std::to_string(token.size()) + " characters)" : std::string());
}

template <class T>
T parse_token(std::string_view token, std::string_view origin, size_t index, size_t line, size_t column, Voice v) {
    T value{};
    const char* first = token.data();
    const char* last = token.data() + token.size();
    // from_chars takes no leading '+'; a sign after it ("+-5") is no number.
    if (*first == '+' && token.size() > 1 && token[1] != '-' && token[1] != '+') ++first;
    auto [ptr, ec] = scanlab::from_chars(first, last, value);
    const std::string quoted = quoted_token(token);
    if (ec == std::errc::result_out_of_range && ptr == last)
        throw ScanError(quoted + " (" + where(origin, index, line, column) + ") is out of range for " +
                        std::string(name(element_type_of<T>())) +
                        (std::is_integral_v<T> && sizeof(T) == 4 ? "; use " + setting(v, Control::type, "int64") : std::string()));
    if (ec != std::errc() || ptr != last) {
        std::string hint;
        if constexpr (std::is_integral_v<T>) {
            double d;
            auto fr = scanlab::from_chars(first, last, d);
            if (fr.ec == std::errc() && fr.ptr == last && std::isfinite(d))
                hint = "; it looks like a real number: use " + setting(v, Control::type, "float") + " or " +
                       setting(v, Control::type, "double");
        }
        throw ScanError(quoted + " (" + where(origin, index, line, column) + ") is not a number" + hint);
    }
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(value)) throw ScanError(quoted + " (" + where(origin, index, line, column) + ") is not a finite number");
    return value;
}

// No number Scan Lab reads is longer than this; a longer token (a binary file, /dev/zero) is
// refused as soon as it passes this length, not after it filled memory.
constexpr size_t kMaxTokenChars = 400;

// Values separated by commas, semicolons and/or whitespace, '#' comments to the end of a line,
// read in pieces of any size: memory is the values kept plus one token.
template <class T>
class ValueParser {
public:
    // `pairs`: every line with values holds two (a segmented scan's value and head flag).
    ValueParser(std::string_view origin, Voice voice, bool pairs = false) : origin_(origin), voice_(voice), pairs_(pairs) {}

    void feed(std::string_view text) {
        for (char c : text) {
            ++column_;
            if (in_comment_) {
                if (c == '\n') end_line();
                continue;
            }
            if (is_value_separator(c) || c == '#') {
                end_token();
                if (c == '#')
                    in_comment_ = true;
                else if (c == '\n')
                    end_line();
                continue;
            }
            if (token_.empty()) token_column_ = column_;
            token_ += c;
            if (token_.size() > kMaxTokenChars)
                throw ScanError(quoted_token(token_, false) + " (" + where(origin_, values_.size(), line_, token_column_) +
                                ") is not a number: it runs past " + std::to_string(kMaxTokenChars) + " characters");
        }
    }

    std::vector<T> finish() {
        end_token();
        check_pair();
        return std::move(values_);  // possibly empty: the scan of nothing is nothing, as in Thrust and CUB
    }

    size_t count() const { return values_.size(); }

private:
    // A file of one column read as value/flag pairs would scan half its values: refused.
    void check_pair() {
        if (pairs_ && on_line_ != 0 && on_line_ != 2)
            throw ScanError(std::string(origin_) + " line " + std::to_string(line_) + " holds " + std::to_string(on_line_) +
                            (on_line_ == 1 ? " value" : " values") +
                            "; a segmented scan's file holds two columns, the value and its head flag (0 or 1) on each line, "
                            "or give the flags with --flags");
        on_line_ = 0;
    }
    void end_line() {
        end_token();
        check_pair();
        in_comment_ = false;
        ++line_;
        column_ = 0;
    }
    void end_token() {
        if (token_.empty()) return;
        if (int64_t(values_.size()) >= kMaxElements)
            throw ScanError(std::string(origin_) + " holds more than " + std::to_string(kMaxElements) +
                            " values (2^28, the most Scan Lab runs)");
        values_.push_back(parse_token<T>(token_, origin_, values_.size(), line_, token_column_, voice_));
        token_.clear();
        ++on_line_;
    }

    std::string origin_;
    Voice voice_;
    std::vector<T> values_;
    std::string token_;
    size_t line_ = 1, column_ = 0, token_column_ = 0;
    bool in_comment_ = false;
    bool pairs_ = false;
    size_t on_line_ = 0;  // values on the line so far
};

template <class T>
std::vector<T> parse_all(std::string_view text, std::string_view origin, Voice v) {
    ValueParser<T> parser(origin, v);
    parser.feed(text);
    return parser.finish();
}

std::string read_failure(int err) { return err == EISDIR ? "it is a directory" : std::strerror(err); }

// Reads the descriptor to its end in pieces, feeding the parser; every failed read is an error,
// never a short input.
template <class T>
std::vector<T> read_all(int fd, const std::string& what, std::string_view origin, const InputProgress& progress, bool pairs = false) {
    ValueParser<T> parser(origin, Voice::cli, pairs);
    std::vector<char> buffer(size_t(1) << 20);
    uint64_t bytes = 0;
    for (;;) {
        const ssize_t got = ::read(fd, buffer.data(), buffer.size());
        if (got < 0 && errno == EINTR) continue;
        if (got < 0)
            throw ScanError("reading " + what + " failed after " + std::to_string(bytes) + " bytes: " + read_failure(errno) +
                            " (nothing was scanned)");
        if (got == 0) break;
        bytes += uint64_t(got);
        if (bytes > kMaxInputBytes)
            throw ScanError(what + " runs past " + std::to_string(kMaxInputBytes >> 30) +
                            " GiB, more text than the 2^28 values Scan Lab runs at most can take; give at most 2^28 values");
        parser.feed(std::string_view(buffer.data(), size_t(got)));
        if (progress) progress(bytes, parser.count());
    }
    return parser.finish();
}

}  // namespace

ValueArray parse_values(std::string_view text, ElementType type, std::string_view origin, Voice v) {
    return with_type(type, [&]<class T>(TypeTag<T>) -> ValueArray { return parse_all<T>(text, origin, v); });
}

ValueArray read_values_file(const std::string& path, ElementType type, const InputProgress& progress, bool pairs) {
    if (path == "-")
        return with_type(
            type, [&]<class T>(TypeTag<T>) -> ValueArray { return read_all<T>(0, "standard input", "standard input", progress, pairs); });
    // A named pipe is opened as `cat` opens it, waiting for its writer (Ctrl-C ends the wait):
    // opened without waiting it would read as empty before the writer came, a wrong answer with
    // status 0. Anything else is opened without waiting and looked at before it is read.
    struct stat named {};
    const bool pipe = ::stat(path.c_str(), &named) == 0 && S_ISFIFO(named.st_mode);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (pipe ? 0 : O_NONBLOCK));
    if (fd < 0) {
        const int err = errno;
        throw ScanError("cannot read input file " + quoted_path(path) + ": " +
                        (err == ENOENT   ? std::string("it does not exist")
                         : err == EACCES ? std::string("it is not readable")
                                         : read_failure(err)));
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) throw ScanError("cannot read input file " + quoted_path(path) + ": " + read_failure(errno));
    if (S_ISDIR(st.st_mode)) throw ScanError("cannot read input file " + quoted_path(path) + ": it is a directory");
    if (S_ISREG(st.st_mode) && uint64_t(st.st_size) > kMaxInputBytes)
        throw ScanError("input file " + quoted_path(path) + " is " + std::to_string(uint64_t(st.st_size) >> 20) + " MiB, more than the " +
                        std::to_string(kMaxInputBytes >> 30) + " GiB of text the 2^28 values Scan Lab runs at most can take");
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return with_type(type, [&]<class T>(TypeTag<T>) -> ValueArray {
        return read_all<T>(fd, "input file " + quoted_path(path), "file " + quoted_path(path), progress, pairs);
    });
}

namespace {
// Counts tokens as ValueParser splits them (separators, and '#' to the end of the line), without
// parsing one: what N an input holds, known before its values are made. Stops past kMaxElements.
class TokenCounter {
public:
    void feed(std::string_view text) {
        for (char c : text) {
            if (in_comment_) {
                in_comment_ = c != '\n';
                continue;
            }
            const bool separator = is_value_separator(c) || c == '#';
            if (!separator && !in_token_ && count_ <= kMaxElements) ++count_;
            in_token_ = !separator;
            if (c == '#') in_comment_ = true;
        }
    }
    int64_t count() const { return count_; }

private:
    int64_t count_ = 0;
    bool in_token_ = false, in_comment_ = false;
};
}  // namespace

int64_t count_values(std::string_view text) {
    TokenCounter counter;
    counter.feed(text);
    return counter.count();
}

std::optional<int64_t> count_values_file(const std::string& path) {
    struct stat st {};
    if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || uint64_t(st.st_size) > kMaxInputBytes) return std::nullopt;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;  // the read that follows says why
    TokenCounter counter;
    std::vector<char> buffer(size_t(1) << 20);
    uint64_t bytes = 0;
    for (;;) {
        const ssize_t got = ::read(fd, buffer.data(), buffer.size());
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            // Said here, where it failed (a second read could fail sooner, and say fewer bytes).
            const int err = errno;
            ::close(fd);
            throw ScanError("reading input file " + quoted_path(path) + " failed after " + std::to_string(bytes) +
                            " bytes: " + read_failure(err) + " (nothing was scanned)");
        }
        if (got == 0) {
            ::close(fd);
            return counter.count();
        }
        bytes += uint64_t(got);
        counter.feed(std::string_view(buffer.data(), size_t(got)));
    }
}

ValueArray random_values(int64_t n, uint64_t seed, ElementType type) {
    if (n < 1 || n > kMaxElements)
        throw ScanError("--random " + std::to_string(n) + " is out of range: give N from 1 to " + std::to_string(kMaxElements) + " (2^28)");
    return std::visit(
        [&](auto empty) -> ValueArray {
            using V = decltype(empty);
            V v(n);
            uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
            if (state == 0) state = 1;
            for (auto& x : v) {
                state ^= state << 13;  // xorshift64: the same sequence on every platform
                state ^= state >> 7;
                state ^= state << 17;
                x = static_cast<typename V::value_type>(state % 10);
            }
            return v;
        },
        empty_values(type));
}

}  // namespace scanlab
