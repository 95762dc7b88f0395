// Reading a trace file. A trace is a file people pass around, so nothing in it is trusted: the
// JSON is read as a stream (no document tree, so memory follows the values kept, not the text),
// every number is range-checked before it becomes a C++ number, and the trace is then checked
// against the run its own header describes (core/trace_io/trace_check.hpp).
#include "core/trace_io/trace_json.hpp"

#include <unistd.h>
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <ios>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>

#include "core/algorithms/lookback_window.hpp"
#include "core/algorithms/table.hpp"
#include "core/dispatch.hpp"
#include "core/error.hpp"
#include "core/float_chars.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_header.hpp"
#include "core/input/trace_budget.hpp"
#include "core/number_text.hpp"
#include "core/request.hpp"
#include "core/trace_io/header_fields.hpp"
#include "core/trace_io/json_slices.hpp"
#include "core/trace_io/trace_check.hpp"

namespace scanlab {
namespace {

using json = nlohmann::json;

// No field Scan Lab writes is longer than this; a longer one is not a trace's.
constexpr size_t kMaxText = 256;
// Except the sentence of a deadlocked run, which names the blocks that wait.
constexpr size_t kMaxSentence = 1024;
// And a line of a step's explanation (the reader skips them: they are derived from the trace),
// which lists up to eight threads' deeds with their values.
constexpr size_t kMaxExplanationLine = 4096;
// Objects and arrays nest at most four deep in a trace (steps > step > accesses > access).
constexpr int kMaxDepth = 8;

// "…" after the first 40 characters, so a sentence never echoes a huge token whole.
// The text as a sentence quotes it (core/number_text.hpp), without the quotes the callers add.
std::string shown(std::string_view s) {
    const std::string q = quoted_word(s);
    const size_t close = q.rfind('\'');
    return q.substr(1, close - 1);
}

// A number as the JSON text gave it, before the trace's type is known (the header may come after
// the arrays: the writer of version 1 sorted its keys).
struct Number {
    enum class Kind : uint8_t { integer, unsigned_integer, real };
    Kind kind = Kind::integer;
    union {  // 16 bytes a value: a file of short numbers must not grow tenfold in memory
        int64_t i = 0;
        uint64_t u;
        double d;
    };

    static Number of(int64_t v) {
        Number n;
        n.i = v;
        return n;
    }
    static Number of(uint64_t v) {
        Number n;
        n.kind = Kind::unsigned_integer;
        n.u = v;
        return n;
    }
    static Number of(double v) {
        Number n;
        n.kind = Kind::real;
        n.d = v;
        return n;
    }

    std::string text() const {
        switch (kind) {
            case Kind::integer: return std::to_string(i);
            case Kind::unsigned_integer: return std::to_string(u);
            case Kind::real: {
                char buf[64];
                const auto r = scanlab::to_chars(buf, buf + sizeof buf, d);
                return std::string(buf, r.ptr);
            }
        }
        return "";
    }
};

// Is `x` a whole number in [lo, hi]? Checked before any conversion (a double outside int64's
// range converted to int64 is undefined behaviour).
bool whole_in(const Number& x, int64_t lo, int64_t hi, int64_t& v) {
    switch (x.kind) {
        case Number::Kind::integer: return v = x.i, x.i >= lo && x.i <= hi;
        case Number::Kind::unsigned_integer: return v = int64_t(x.u), x.u <= uint64_t(hi) && int64_t(x.u) >= lo;
        case Number::Kind::real:
            if (!(std::isfinite(x.d) && x.d == std::floor(x.d) && x.d >= double(lo) && x.d <= double(hi) && x.d < 9.2e18 && x.d > -9.2e18))
                return false;
            return v = int64_t(x.d), true;
    }
    return false;
}
int64_t whole(const Number& x, int64_t lo, int64_t hi, const std::string& what) {
    int64_t v = 0;
    if (!whole_in(x, lo, hi, v))
        throw ScanError(what + " is " + shown(x.text()) + ", not a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v;
}

// `x` as a value of type T, if it is one: a whole number in T's range, or a float in its range
// (the infinities and NaN included).
template <class T>
bool fits(const Number& x, T& out) {
    if constexpr (std::is_integral_v<T>) {
        int64_t v = 0;
        if (!whole_in(x, std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max(), v)) return false;
        return out = T(v), true;
    } else {
        const double d = x.kind == Number::Kind::real ? x.d : x.kind == Number::Kind::integer ? double(x.i) : double(x.u);
        // A float's shortest text reads back as a double a little past the float itself: the
        // lowest float, -3.40282347e+38, is written -3.4028235e+38. What rounds to a finite T (up
        // to half a unit past T's largest) is in T's range, and is that largest.
        constexpr T largest = std::numeric_limits<T>::max();
        const double past_largest = double(largest) + (double(largest) - double(std::nextafter(largest, T(0)))) / 2;
        if (std::isfinite(d) && std::fabs(d) >= past_largest) return false;
        return out = std::isfinite(d) && std::fabs(d) > double(largest) ? std::copysign(largest, T(d > 0 ? 1 : -1)) : T(d), true;
    }
}
// The sentence for a value that does not fit T, `at` naming where it stands.
template <class T>
[[noreturn]] void refuse_value(const Number& x, const std::string& at) {
    if constexpr (std::is_integral_v<T>)
        whole(x, std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max(),
              at + " of this " + std::string(name(element_type_of<T>())) + " trace");
    throw ScanError(at + " is " + shown(x.text()) + ", outside the range of " + std::string(name(element_type_of<T>())));
}

// The first value of an array that fits no slot of its kind, kept to be named once the trace is
// built (a zero stands in its place, so the array keeps its length).
struct Refused {
    size_t index = 0;
    Number value;
};

// The values of one array. A file this version writes names its type before its arrays, so each
// value is stored as its type as it is read (4 or 8 bytes, not a 16-byte number); an older file
// whose keys were sorted has its arrays first, kept as numbers until the header is read.
struct RawValues {
    enum class As : uint8_t { numbers, typed, flags };
    As as = As::numbers;
    std::vector<Number> numbers;
    ValueArray typed;  // as == typed
    std::vector<uint8_t> flags;  // as == flags: head flags, each 0 or 1
    std::optional<Refused> refused;
    size_t size() const { return as == As::numbers ? numbers.size() : as == As::flags ? flags.size() : size_of(typed); }
};

template <class T>
std::vector<T> typed(RawValues& raw, const std::string& what) {
    if (raw.refused) refuse_value<T>(raw.refused->value, what + "[" + std::to_string(raw.refused->index) + "]");
    if (raw.as == RawValues::As::typed) {
        if (auto* v = std::get_if<std::vector<T>>(&raw.typed)) return std::move(*v);
        throw ScanError("its values were read as " + std::string(name(element_type_of_values(raw.typed))) + ", not as " +
                        std::string(name(element_type_of<T>())));
    }
    std::vector<T> out;
    out.reserve(raw.numbers.size());
    for (size_t k = 0; k < raw.numbers.size(); ++k) {
        T v{};
        if (!fits(raw.numbers[k], v)) refuse_value<T>(raw.numbers[k], what + "[" + std::to_string(k) + "]");
        out.push_back(v);
    }
    std::vector<Number>().swap(raw.numbers);
    return out;
}

// Head flags: each 0 or 1.
std::vector<uint8_t> flag_values(RawValues& raw, const std::string& what) {
    if (raw.refused) whole(raw.refused->value, 0, 1, what + "[" + std::to_string(raw.refused->index) + "] (a head flag)");
    return std::move(raw.flags);
}

ValueArray typed_values(RawValues& raw, ElementType type, const std::string& what) {
    return with_type(type, [&]<class T>(TypeTag<T>) -> ValueArray { return typed<T>(raw, what); });
}

// A scalar field: a number, a string or a boolean.
struct Scalar {
    std::optional<Number> number;
    std::optional<std::string> text;
    std::optional<bool> flag;
};

// A list of names or of whole numbers inside a step's block_state or tiles, one entry a block or
// tile: a name as its code (1 byte), a number as a 64-bit integer, each range-checked once the
// header is read.
struct RawList {
    bool of_names = false;
    std::vector<uint8_t> codes;
    std::vector<int64_t> numbers;
    std::optional<std::string> unknown_name;  // the first name that is neither a block state nor a tile status
    std::optional<Refused> refused;  // the first number that is not a whole 64-bit one
    size_t size() const { return codes.size() + numbers.size(); }
};

struct RawStep {
    std::map<std::string, Scalar, std::less<>> fields;
    RawValues values, flags;
    std::vector<int32_t> hazards;
    std::vector<Access> accesses;
    // A single-pass scan's event step.
    bool has_event = false, has_snapshot = false;
    std::map<std::string, Scalar, std::less<>> event;
    std::map<std::string, RawList, std::less<>> lists;  // block_state's and tiles' lists
    RawValues aggregate, prefix, exclusive;
};

struct RawTrace {
    std::map<std::string, Scalar, std::less<>> fields;
    std::map<std::string, Scalar, std::less<>> sample;
    std::map<std::string, Scalar, std::less<>> counts;
    bool has_sample = false;
    RawValues input, result, flags;
    std::vector<RawStep> steps;
    bool has_input = false, has_result = false, has_steps = false;
    // Counts by phase and the bound, as the file states them (files written before them have none).
    std::vector<std::map<std::string, Scalar, std::less<>>> phases;
    std::map<std::string, Scalar, std::less<>> bound;
    bool has_phases = false, has_bound = false;
};

RunHeader read_header(const std::map<std::string, Scalar, std::less<>>& f);

// Where the reader is in the document.
enum class Place : uint8_t {
    top,
    sample,
    counts,
    steps,
    step,
    values,
    hazards,
    accesses,
    access,
    phases,
    phase,
    bound,
    skipped,
    event,
    block_state,
    tiles,
    names,
    numbers,
};

// The SAX handler: builds a RawTrace, refusing anything that is not shaped like a trace as soon
// as it is seen. Each `false` return stops the parse with `problem` set.
class TraceSax : public nlohmann::json_sax<json> {
public:
    explicit TraceSax(const OpenLimit& limit) : limit_(limit) {}
    RawTrace trace;
    std::string problem;
    bool too_large = false;  // `problem` says the memory it would take, not what is wrong with it
    size_t held = 0;  // bytes of values, accesses and snapshots held so far

    bool null() override { return fail("a value is null where a trace has a number or a name"); }
    bool boolean(bool b) override {
        if (Scalar* s = scalar_slot()) return s->flag = b, true;
        return place() == Place::skipped || fail("a true/false value stands where a trace has a number");
    }
    bool number_integer(number_integer_t v) override { return number(Number::of(int64_t(v))); }
    bool number_unsigned(number_unsigned_t v) override { return number(Number::of(uint64_t(v))); }
    bool number_float(number_float_t v, const string_t&) override { return number(Number::of(double(v))); }
    bool string(string_t& v) override {
        const size_t most = key_ == "deadlock" && place() == Place::top          ? kMaxSentence
                            : key_ == "explanation" && place() == Place::skipped ? kMaxExplanationLine
                                                                                 : kMaxText;
        if (v.size() > most) return fail("a text field is " + std::to_string(v.size()) + " characters long, more than a trace holds");
        if (Place p = place(); p == Place::values) {
            // The writer spells the floats that are not finite as strings, since JSON has no literal for them.
            double d;
            if (v == "inf")
                d = std::numeric_limits<double>::infinity();
            else if (v == "-inf")
                d = -std::numeric_limits<double>::infinity();
            else if (v == "nan")
                d = std::numeric_limits<double>::quiet_NaN();
            else if (v == "-nan")
                d = -std::numeric_limits<double>::quiet_NaN();
            else
                return fail("an array of values holds the text '" + shown(v) + "'");
            return push_value(Number::of(d));
        }
        if (place() == Place::names) {
            if (int64_t(list_->size()) > kMaxElements) return fail("a list holds more names than any trace has blocks");
            if (!charge(1)) return false;
            std::optional<uint8_t> code;
            if (list_block_states_) {
                if (auto e = parse_block_state(v)) code = uint8_t(*e);
            } else if (auto e = parse_tile_status(v)) {
                code = uint8_t(*e);
            }
            if (!code && !list_->unknown_name) list_->unknown_name = std::move(v);
            return list_->codes.push_back(code.value_or(0)), true;
        }
        if (place() == Place::top && key_ == "type")
            if (auto t = parse_type(v)) type_ = *t;
        if (Scalar* s = scalar_slot()) return s->text = std::move(v), true;
        return place() == Place::skipped || fail("the text '" + shown(v) + "' stands where a trace has a number");
    }
    bool binary(binary_t&) override { return fail("it holds binary data"); }

    bool start_object(std::size_t) override {
        if (stack_.size() >= kMaxDepth) return fail("it nests deeper than a trace does");
        if (stack_.empty()) return stack_.push_back(Place::top), true;
        const Place p = place();
        if (p == Place::skipped) return stack_.push_back(Place::skipped), true;
        if (p == Place::steps) {
            // A step's own fields and the maps that hold them as read: about a KiB.
            if (!charge(sizeof(Step) + 1024)) return false;
            trace.steps.emplace_back();
            return stack_.push_back(Place::step), true;
        }
        if (p == Place::top && key_ == "sample") return trace.has_sample = true, stack_.push_back(Place::sample), true;
        if (p == Place::top && key_ == "counts") return stack_.push_back(Place::counts), true;
        if (p == Place::top && key_ == "work_bound") return trace.has_bound = true, stack_.push_back(Place::bound), true;
        if (p == Place::phases) {
            if (trace.phases.size() >= 64) return fail("it lists more phases than any run has");
            trace.phases.emplace_back();
            return stack_.push_back(Place::phase), true;
        }
        if (p == Place::step && key_ == "event") return trace.steps.back().has_event = true, stack_.push_back(Place::event), true;
        if (p == Place::step && key_ == "block_state")
            return trace.steps.back().has_snapshot = true, stack_.push_back(Place::block_state), true;
        if (p == Place::step && key_ == "tiles") return stack_.push_back(Place::tiles), true;
        if (is_unknown_key(p)) return stack_.push_back(Place::skipped), true;
        return fail(key_.empty() ? "an object stands where a trace has a number"
                                 : "\"" + shown(key_) + "\" is an object where a trace has a value");
    }
    bool end_object() override { return pop(); }
    bool start_array(std::size_t) override {
        if (stack_.size() >= kMaxDepth) return fail("it nests deeper than a trace does");
        if (stack_.empty()) return fail("it is a JSON array, not a trace object");
        const Place p = place();
        if (p == Place::skipped) return stack_.push_back(Place::skipped), true;
        if (p == Place::values || p == Place::hazards || p == Place::names || p == Place::numbers)
            return fail("an array of values holds another array");
        if (p == Place::block_state || p == Place::tiles) {
            RawStep& st = trace.steps.back();
            if (p == Place::tiles) {
                bool ignored = false;
                if (key_ == "aggregate") return open_values(&st.aggregate, ignored);
                if (key_ == "prefix") return open_values(&st.prefix, ignored);
                if (key_ == "exclusive") return open_values(&st.exclusive, ignored);
            }
            list_ = &st.lists[key_];
            *list_ = {};
            list_->of_names = key_ == "state" || key_ == "status";
            list_block_states_ = key_ == "state";
            return stack_.push_back(list_->of_names ? Place::names : Place::numbers), true;
        }
        if (p == Place::accesses) {
            if (!charge(sizeof(Access))) return false;
            trace.steps.back().accesses.emplace_back();
            access_field_ = 0;
            return stack_.push_back(Place::access), true;
        }
        if (p == Place::top) {
            if (!estimated_ && !estimate_need()) return false;
            if (key_ == "input") return open_values(&trace.input, trace.has_input);
            if (key_ == "result") return open_values(&trace.result, trace.has_result);
            if (key_ == "flags") return open_values(&trace.flags, ignored_, true);
            if (key_ == "steps") return trace.has_steps = true, stack_.push_back(Place::steps), true;
            if (key_ == "phases") return trace.has_phases = true, stack_.push_back(Place::phases), true;
        }
        if (p == Place::step) {
            bool ignored = false;
            if (key_ == "values") return open_values(&trace.steps.back().values, ignored);
            if (key_ == "flags") return open_values(&trace.steps.back().flags, ignored, true);
            if (key_ == "hazard_elements") return stack_.push_back(Place::hazards), true;
            if (key_ == "accesses") return stack_.push_back(Place::accesses), true;
        }
        if (is_unknown_key(p)) return stack_.push_back(Place::skipped), true;
        return fail(key_.empty() ? "an array stands where a trace has a number"
                                 : "\"" + shown(key_) + "\" is an array where a trace has a value");
    }
    bool end_array() override {
        if (place() == Place::access && access_field_ != 4) return fail("an access is not [thread, src, dst, op]");
        return pop();
    }
    bool key(string_t& k) override {
        if (k.size() > kMaxText) return fail("a field name is " + std::to_string(k.size()) + " characters long");
        // Values are stored as the type named first; a second name could contradict them.
        if (place() == Place::top && k == "type" && trace.fields.contains("type")) return fail("it gives the field \"type\" twice");
        key_ = std::move(k);
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
        // 406 is a number too large for a double (1e400): the JSON is well formed, the number is not usable.
        if (e.id == 406) return fail("a number at byte " + std::to_string(position) + " is too large for any type a trace holds");
        problem = "it is not valid JSON (at byte " + std::to_string(position) + ")";
        return false;
    }

private:
    std::vector<Place> stack_;
    std::string key_;
    RawValues* values_ = nullptr;
    RawList* list_ = nullptr;
    bool list_block_states_ = false;
    int access_field_ = 0;
    bool ignored_ = false;
    std::optional<ElementType> type_;  // the header's type, once read
    const OpenLimit& limit_;
    bool estimated_ = false;

    // Memory held, counted as it grows: past the limit the read stops with the sentence.
    bool charge(size_t bytes) {
        held += bytes;
        if (held <= limit_.bytes) return true;
        too_large = true;
        return fail("opening it takes more than the " + byte_size(limit_.bytes) + " of memory Scan Lab lets an opened trace take (" +
                    limit_.why + "): it held that much before its end");
    }
    // What opening the file will take, from its header, before any array is read: the steps of the
    // run it describes (as a run records them), its input and result, and the check's own input
    // and result. A file whose header comes after its arrays (an older one) is counted as it is read.
    bool estimate_need() {
        estimated_ = true;
        uint64_t need = 0;  // 64 bits: a header can describe a run far past what a 32-bit size_t counts
        try {
            const RunHeader h = read_header(trace.fields);
            const ResolvedRequest r = resolve_shape(request_of(h), h.n);
            const uint64_t values = uint64_t(h.n) * element_bytes(h.type);
            const uint64_t steps = h.detail == Detail::full ? estimate_trace(r).trace_bytes : 0;  // saturates, never wraps
            need = std::min(steps, UINT64_MAX - 4 * values) + 4 * values;
        } catch (const ScanError&) {
            return true;  // a header that describes no run is said once the trace is built
        }
        if (need <= limit_.bytes) return true;
        too_large = true;
        return fail("opening it takes about " + byte_size(need) + " of memory (the steps of the run its header describes, its input and " +
                    "its result, and the check's), more than the " + byte_size(limit_.bytes) + " Scan Lab lets an opened trace take (" +
                    limit_.why + ")");
    }

    Place place() const { return stack_.empty() ? Place::skipped : stack_.back(); }
    bool fail(const std::string& why) {
        if (problem.empty()) problem = why;
        return false;
    }
    bool pop() {
        if (!stack_.empty()) stack_.pop_back();
        return true;
    }
    // A key this version does not know is skipped (a later version may add fields), but a known
    // key with the wrong kind of value is refused.
    bool is_unknown_key(Place p) const {
        static const std::set<std::string, std::less<>> top{"format",
                                                            "version",
                                                            "algorithm",
                                                            "block_algorithm",
                                                            "n",
                                                            "section",
                                                            "coarsening",
                                                            "threads_per_block",
                                                            "grid",
                                                            "op",
                                                            "type",
                                                            "exclusive",
                                                            "backend",
                                                            "warp_width",
                                                            "schedule",
                                                            "detail",
                                                            "sample",
                                                            "input",
                                                            "steps",
                                                            "result",
                                                            "counts",
                                                            "phases",
                                                            "work_bound",
                                                            "flags",
                                                            "block_schedule",
                                                            "static_index",
                                                            "resident_blocks",
                                                            "deadlock",
                                                            "window"};
        static const std::set<std::string, std::less<>> step{
            "kernel",   "phase",           "level",      "coarsening",      "depth",
            "label",    "array",           "array_name", "blocks",          "threads_per_block",
            "values",   "offset",          "additions",  "active_threads",  "idle_threads",
            "barriers", "divergent_warps", "hazards",    "hazard_elements", "accesses",
            "flags",    "polls",           "waits",      "event",           "block_state",
            "tiles"};
        if (p == Place::top) return !top.contains(key_);
        if (p == Place::step) return !step.contains(key_);
        return p == Place::sample || p == Place::counts || p == Place::phase || p == Place::bound || p == Place::event ||
               p == Place::block_state || p == Place::tiles;
    }
    bool open_values(RawValues* v, bool& seen, bool head_flags = false) {
        seen = true;
        values_ = v;
        *v = {};
        if (head_flags)
            v->as = RawValues::As::flags;
        else if (type_)
            v->as = RawValues::As::typed, v->typed = empty_values(*type_);
        return stack_.push_back(Place::values), true;
    }
    bool push_value(const Number& x) {
        RawValues& v = *values_;
        if (int64_t(v.size()) > kMaxElements)
            return fail("an array holds more than " + std::to_string(kMaxElements) + " values, more than any trace");
        switch (v.as) {
            case RawValues::As::numbers: return charge(sizeof(Number)) && (v.numbers.push_back(x), true);
            case RawValues::As::flags: {
                int64_t f = 0;
                if (!whole_in(x, 0, 1, f) && !v.refused) v.refused = Refused{v.flags.size(), x};
                return charge(1) && (v.flags.push_back(uint8_t(f == 1)), true);
            }
            case RawValues::As::typed:
                return std::visit(
                    [&]<class T>(std::vector<T>& out) {
                        T value{};
                        if (!fits(x, value) && !v.refused) v.refused = Refused{out.size(), x};
                        return charge(sizeof(T)) && (out.push_back(value), true);
                    },
                    v.typed);
        }
        return false;
    }
    Scalar* scalar_slot() {
        switch (place()) {
            case Place::top: return &trace.fields[key_];
            case Place::sample: return &trace.sample[key_];
            case Place::counts: return &trace.counts[key_];
            case Place::phase: return &trace.phases.back()[key_];
            case Place::bound: return &trace.bound[key_];
            case Place::step: return &trace.steps.back().fields[key_];
            case Place::event: return &trace.steps.back().event[key_];
            default: return nullptr;
        }
    }
    bool number(const Number& x) {
        try {
            switch (place()) {
                case Place::values: return push_value(x);
                case Place::hazards: {
                    auto& h = trace.steps.back().hazards;
                    if (int64_t(h.size()) > kMaxElements) return fail("a step lists more hazards than any trace has elements");
                    if (!charge(sizeof(int32_t))) return false;
                    h.push_back(int32_t(whole(x, 0, kMaxElements, "a hazard element")));
                    return true;
                }
                case Place::access: {
                    Access& a = trace.steps.back().accesses.back();
                    const int f = access_field_++;
                    if (f == 0)
                        a.thread = int32_t(whole(x, -1, std::numeric_limits<int32_t>::max(), "an access's thread"));
                    else if (f == 1)
                        a.src = int32_t(whole(x, -1, std::numeric_limits<int32_t>::max(), "an access's source index"));
                    else if (f == 2)
                        a.dst = int32_t(whole(x, 0, std::numeric_limits<int32_t>::max(), "an access's destination index"));
                    else if (f == 3)
                        a.applies_op = whole(x, 0, 1, "an access's op flag") != 0;
                    else
                        return fail("an access is not [thread, src, dst, op]");
                    return true;
                }
                case Place::numbers: {
                    if (int64_t(list_->size()) > kMaxElements) return fail("a list holds more numbers than any trace has blocks");
                    int64_t v = 0;
                    if (!whole_in(x, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), v) && !list_->refused)
                        list_->refused = Refused{list_->numbers.size(), x};
                    return charge(sizeof(int64_t)) && (list_->numbers.push_back(v), true);
                }
                case Place::names: return fail("a list of names holds a number");
                case Place::accesses: return fail("an access is a number, not [thread, src, dst, op]");
                case Place::steps: return fail("a step is a number, not an object");
                case Place::phases: return fail("a phase is a number, not an object");
                case Place::skipped: return true;
                default:
                    if (Scalar* s = scalar_slot()) return s->number = x, true;
                    return fail("a number stands where a trace has none");
            }
        } catch (const ScanError& e) {
            return fail(e.what());
        }
    }
};

// The field `key` of `fields`, as a checked whole number, name or flag.
const Scalar& field(const std::map<std::string, Scalar, std::less<>>& fields, const std::string& key, const std::string& where) {
    auto it = fields.find(key);
    if (it == fields.end()) throw ScanError(where + "the field \"" + key + "\" is missing");
    return it->second;
}
int64_t whole_field(const std::map<std::string, Scalar, std::less<>>& f, const std::string& key, int64_t lo, int64_t hi,
                    const std::string& where = "") {
    const Scalar& s = field(f, key, where);
    if (!s.number) throw ScanError(where + "the field \"" + key + "\" is not a number");
    return whole(*s.number, lo, hi, where + "\"" + key + "\"");
}
std::string text_field(const std::map<std::string, Scalar, std::less<>>& f, const std::string& key, const std::string& where = "") {
    const Scalar& s = field(f, key, where);
    if (!s.text) throw ScanError(where + "the field \"" + key + "\" is not a name");
    return *s.text;
}

template <class E, class Range>
std::optional<E> parse_name(std::string_view s, const Range& all) {
    for (E e : all)
        if (name(e) == s) return e;
    return std::nullopt;
}
std::optional<Kernel> parse_kernel(std::string_view s) {
    return parse_name<Kernel>(s, std::array{Kernel::single, Kernel::k1, Kernel::k2, Kernel::k3, Kernel::host});
}
std::optional<Phase> parse_phase(std::string_view s) {
    return parse_name<Phase>(
        s, std::array{Phase::load, Phase::stride, Phase::reduction, Phase::distribution, Phase::sequential, Phase::block_sum_write,
                      Phase::host_scan, Phase::add_block_sums, Phase::thread_scan, Phase::add_predecessor, Phase::event, Phase::interval});
}
std::optional<ArrayKind> parse_array(std::string_view s) {
    return parse_name<ArrayKind>(s, std::array{ArrayKind::xy, ArrayKind::s, ArrayKind::y});
}

template <class E>
E enum_field(const std::map<std::string, Scalar, std::less<>>& f, const std::string& key, std::optional<E> (*parse)(std::string_view),
             const std::string& where = "") {
    const std::string s = text_field(f, key, where);
    auto e = parse(s);
    if (!e) throw ScanError(where + "the field \"" + key + "\" has an unknown value '" + shown(s) + "'");
    return *e;
}

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// A list of block_state or tiles, `count` long (blocks or tile slots), each a name or a number in range.
RawList& raw_list(RawStep& rs, const std::string& key, size_t count, const std::string& where) {
    auto it = rs.lists.find(key);
    if (it == rs.lists.end()) throw ScanError(where + "its snapshot has no \"" + key + "\"");
    const size_t got = it->second.size();
    if (got != count)
        throw ScanError(where + "its snapshot's \"" + key + "\" holds " + std::to_string(got) + " entries, not " + std::to_string(count));
    return it->second;
}
template <class V>
std::vector<V> whole_list(RawStep& rs, const std::string& key, size_t count, int64_t lo, int64_t hi, const std::string& where) {
    RawList& list = raw_list(rs, key, count, where);
    const std::string what = where + "\"" + key + "\"";
    std::vector<V> v;
    v.reserve(list.numbers.size());
    for (size_t k = 0; k < list.numbers.size(); ++k) {
        if (list.refused && list.refused->index == k) whole(list.refused->value, lo, hi, what);
        v.push_back(V(whole(Number::of(list.numbers[k]), lo, hi, what)));
    }
    std::vector<int64_t>().swap(list.numbers);
    return v;
}
template <class E>
std::vector<E> name_list(RawStep& rs, const std::string& key, size_t count, const std::string& where) {
    RawList& list = raw_list(rs, key, count, where);
    if (list.unknown_name)
        throw ScanError(where + "its snapshot's \"" + key + "\" holds the unknown name '" + shown(*list.unknown_name) + "'");
    std::vector<E> v(list.codes.size());
    for (size_t k = 0; k < v.size(); ++k) v[k] = E(list.codes[k]);
    std::vector<uint8_t>().swap(list.codes);
    return v;
}

// The event of a single-pass scan's step and, at full detail, the snapshot after it.
void read_event(RawStep& rs, const Trace& t, Step& s, const std::string& where) {
    const auto& f = rs.event;
    const std::string w = where + "its \"event\": ";
    Event e;
    e.seq = whole_field(f, "seq", 0, kMaxElements, w);
    e.kind = enum_field<EventKind>(f, "kind", parse_event_kind, w);
    e.block = int32_t(whole_field(f, "block", -1, t.grid - 1, w));
    e.tile = int32_t(whole_field(f, "tile", -1, t.grid - 1, w));
    e.polls = whole_field(f, "polls", 0, kInt64Max, w);
    if (f.contains("window_first")) {
        e.window_first = int32_t(whole_field(f, "window_first", -1, t.grid - 1, w));
        e.window_last = int32_t(whole_field(f, "window_last", -1, t.grid - 1, w));
        e.found = int32_t(whole_field(f, "found", -1, t.grid - 1, w));
    }
    s.event = e;
    if (!rs.has_snapshot) return;
    const size_t blocks = size_t(t.grid);
    EventSnapshot& b = s.snapshot;
    b.state = name_list<BlockState>(rs, "state", blocks, where);
    b.tile = whole_list<int32_t>(rs, "tile", blocks, -1, t.grid - 1, where);
    b.polls = whole_list<int64_t>(rs, "polls", blocks, 0, kInt64Max, where);
    b.waits_on = whole_list<int32_t>(rs, "waits_on", blocks, -1, t.grid, where);
    if (rs.lists.contains("window_first")) {
        b.window_first = whole_list<int32_t>(rs, "window_first", blocks, -1, t.grid - 1, where);
        b.window_last = whole_list<int32_t>(rs, "window_last", blocks, -1, t.grid - 1, where);
    }
    auto it = rs.lists.find("status");
    const size_t slots = it == rs.lists.end() ? 0 : it->second.codes.size();
    if (slots != blocks && slots != blocks + 1)
        throw ScanError(where + "its snapshot's \"status\" holds " + std::to_string(slots) + " tiles, but the run has " +
                        std::to_string(blocks));
    b.status = name_list<TileStatus>(rs, "status", slots, where);
    b.aggregate = typed_values(rs.aggregate, t.type, where + "\"aggregate\"");
    b.prefix = typed_values(rs.prefix, t.type, where + "\"prefix\"");
    b.exclusive = typed_values(rs.exclusive, t.type, where + "\"exclusive\"");
}

// What the file says of its counts by phase and its bound; checked against its steps once they
// are checked against the run (trace_check.hpp).
StatedCounts stated_counts(const RawTrace& raw) {
    StatedCounts c;
    c.has_phases = raw.has_phases;
    for (size_t i = 0; i < raw.phases.size(); ++i) {
        const auto& f = raw.phases[i];
        const std::string where = "phase " + std::to_string(i + 1) + ": ";
        PhaseCount p{text_field(f, "phase", where), whole_field(f, "additions", 0, kInt64Max, where),
                     whole_field(f, "padding", 0, kInt64Max, where)};
        if (f.contains("work") && whole_field(f, "work", 0, kInt64Max, where) != p.work())
            throw ScanError(where + "its work is not its additions less its padding");
        c.phases.push_back(std::move(p));
    }
    if (raw.has_bound) {
        const std::string where = "its \"work_bound\": ";
        c.bound = StatedBound{text_field(raw.bound, "formula", where), whole_field(raw.bound, "n", 0, kInt64Max, where),
                              whole_field(raw.bound, "value", std::numeric_limits<int64_t>::min(), kInt64Max, where),
                              whole_field(raw.bound, "work", 0, kInt64Max, where)};
    }
    return c;
}

// The run's fields, as core/trace_io/header_fields.hpp lists them, each checked.
RunHeader read_header(const std::map<std::string, Scalar, std::less<>>& f) {
    RunHeader h;
    const bool has_block_schedule = f.contains("block_schedule");
    visit_header_fields(h, [&]<class F>(std::string_view key_view, F& v, FieldRule rule) {
        const std::string key(key_view);
        if (rule.presence == Presence::unless_zero && !f.contains(key)) return;
        if (rule.presence == Presence::with_block_schedule && !has_block_schedule) return;
        if constexpr (std::is_same_v<F, bool>) {
            const Scalar& s = field(f, key, "");
            if (!s.flag) throw ScanError("the field \"" + key + "\" is not true or false");
            v = *s.flag;
        } else if constexpr (std::is_same_v<F, Detail>) {
            const std::string d = text_field(f, key);
            if (d != "full" && d != "counts") throw ScanError("the field \"" + key + "\" is '" + shown(d) + "', not full or counts");
            v = d == "full" ? Detail::full : Detail::counts;
        } else if constexpr (std::is_same_v<F, Algorithm>) {
            v = enum_field<Algorithm>(f, key, parse_algorithm);
        } else if constexpr (std::is_same_v<F, OpKind>) {
            v = enum_field<OpKind>(f, key, parse_op);
        } else if constexpr (std::is_same_v<F, ElementType>) {
            v = enum_field<ElementType>(f, key, parse_type);
        } else if constexpr (std::is_integral_v<F>) {
            v = F(whole_field(f, key, rule.lo, rule.hi));
        } else {
            v = text_field(f, key);
        }
    });
    return h;
}

Trace build(RawTrace& raw) {
    const auto& f = raw.fields;
    {
        auto it = f.find("format");
        if (it == f.end() || it->second.text != "scanlab-trace") throw ScanError("it has no \"format\": \"scanlab-trace\" field");
    }
    const int64_t version = whole_field(f, "version", 0, kInt32Max);
    if (version != kTraceFormatVersion)
        throw ScanError("it is format version " + std::to_string(version) + ", this Scan Lab reads version " +
                        std::to_string(kTraceFormatVersion));
    Trace t;
    t.run() = read_header(f);
    t.backend = text_field(f, "backend");
    if (t.backend != "cpu" && t.backend != "gpu") throw ScanError("the field \"backend\" is '" + shown(t.backend) + "', not cpu or gpu");
    t.schedule = text_field(f, "schedule");
    // A GPU's trace names no warp schedule of the emulation: its warps ran as the hardware ran them.
    if (!parse_schedule(t.schedule) && !(t.schedule == "hardware" && t.backend == "gpu"))
        throw ScanError("the field \"schedule\" is '" + shown(t.schedule) + "', not a warp schedule");
    if (!t.block_schedule.empty() && f.contains("deadlock")) t.deadlock = text_field(f, "deadlock");
    if (raw.has_sample) {
        t.sample.first_block = whole_field(raw.sample, "first_block", 0, t.grid - 1, "its \"sample\": ");
        t.sample.blocks = whole_field(raw.sample, "blocks", 1, t.grid - t.sample.first_block, "its \"sample\": ");
    }
    if (!raw.has_input) throw ScanError("the field \"input\" is missing");
    if (!raw.has_result) throw ScanError("the field \"result\" is missing");
    if (int64_t(raw.input.size()) != t.n || int64_t(raw.result.size()) != t.n)
        throw ScanError("\"input\" holds " + std::to_string(raw.input.size()) + " values and \"result\" " +
                        std::to_string(raw.result.size()) + ", but n = " + std::to_string(t.n));
    t.input = typed_values(raw.input, t.type, "\"input\"");
    t.result = typed_values(raw.result, t.type, "\"result\"");
    t.flags = flag_values(raw.flags, "\"flags\"");
    if (!t.flags.empty() && int64_t(t.flags.size()) != t.n)
        throw ScanError("\"flags\" holds " + std::to_string(t.flags.size()) + " head flags, but n = " + std::to_string(t.n));
    if (t.detail == Detail::counts && !raw.steps.empty()) throw ScanError("it keeps counts only, yet lists steps");
    if (t.detail == Detail::full && !raw.has_steps) throw ScanError("the field \"steps\" is missing");

    // Steps are cross-checked against the run later; here each is read with its own numbers in range.
    t.steps.reserve(raw.steps.size());
    for (size_t i = 0; i < raw.steps.size(); ++i) {
        RawStep& rs = raw.steps[i];
        const std::string where = "step " + std::to_string(i + 1) + ": ";
        Step s;
        s.kernel = enum_field<Kernel>(rs.fields, "kernel", parse_kernel, where);
        s.phase = enum_field<Phase>(rs.fields, "phase", parse_phase, where);
        s.array = enum_field<ArrayKind>(rs.fields, "array", parse_array, where);
        if (rs.fields.contains("array_name")) s.array_name = text_field(rs.fields, "array_name", where);
        s.level = int(whole_field(rs.fields, "level", 0, kMaxElements, where));
        s.coarsening = rs.fields.contains("coarsening") ? int(whole_field(rs.fields, "coarsening", 1, largest_section(), where)) : 0;
        s.depth = int(whole_field(rs.fields, "depth", 0, 64, where));
        s.blocks = int(whole_field(rs.fields, "blocks", 1, kMaxElements, where));
        s.threads_per_block = int(whole_field(rs.fields, "threads_per_block", 1, kMaxThreadsPerBlock, where));
        s.offset = rs.fields.contains("offset") ? whole_field(rs.fields, "offset", 0, kMaxElements, where) : 0;
        s.counts.additions = whole_field(rs.fields, "additions", 0, kInt64Max, where);
        s.counts.active_threads = whole_field(rs.fields, "active_threads", 0, kInt64Max, where);
        s.counts.idle_threads = whole_field(rs.fields, "idle_threads", 0, kInt64Max, where);
        s.counts.barriers = whole_field(rs.fields, "barriers", 0, kInt64Max, where);
        s.counts.divergent_warps = whole_field(rs.fields, "divergent_warps", 0, kInt64Max, where);
        s.counts.hazards = whole_field(rs.fields, "hazards", 0, kInt64Max, where);
        s.values = typed_values(rs.values, t.type, where + "\"values\"");
        s.flags = flag_values(rs.flags, where + "\"flags\"");
        if (!s.flags.empty() && s.flags.size() != size_of(s.values))
            throw ScanError(where + "\"flags\" holds " + std::to_string(s.flags.size()) + " flags beside " +
                            std::to_string(size_of(s.values)) + " values");
        s.hazards = std::move(rs.hazards);
        s.accesses = std::move(rs.accesses);
        if (rs.fields.contains("polls")) s.counts.polls = whole_field(rs.fields, "polls", 0, kInt64Max, where);
        if (rs.fields.contains("waits")) s.counts.waits = whole_field(rs.fields, "waits", 0, kInt64Max, where);
        if (rs.has_event != (s.phase == Phase::event))
            throw ScanError(where + (rs.has_event ? "it has an event but is not an event step" : "it is an event step without its event"));
        if (rs.has_event) read_event(rs, t, s, where);
        t.steps.push_back(std::move(s));
        rs = {};  // what was read is now the step's
    }
    const std::string where = "its \"counts\": ";
    if (!raw.counts.empty() || t.detail == Detail::counts) {
        t.counts = {whole_field(raw.counts, "additions", 0, kInt64Max, where), whole_field(raw.counts, "steps", 0, kInt64Max, where),
                    whole_field(raw.counts, "barriers", 0, kInt64Max, where),
                    whole_field(raw.counts, "divergent_warps", 0, kInt64Max, where),
                    whole_field(raw.counts, "hazards", 0, kInt64Max, where)};
        if (raw.counts.contains("polls")) t.counts.polls = whole_field(raw.counts, "polls", 0, kInt64Max, where);
        if (raw.counts.contains("waits")) t.counts.waits = whole_field(raw.counts, "waits", 0, kInt64Max, where);
    } else
        t.counts = total_counts(t.steps);
    return t;
}

}  // namespace

OpenLimit open_memory_limit() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return {size_t(2) << 30, "2 GiB, since this machine does not say its memory"};
    return {size_t(pages) * size_t(page) / 2, "half of this machine's memory"};
}

namespace {

// What a reader holds once its parse is done: the trace built and checked.
Trace checked_trace(TraceSax& reader) {
    Trace t = build(reader.trace);
    if (const std::string problem = first_inconsistency(t); !problem.empty()) throw ScanError(problem);
    if (const std::string problem = stated_counts_inconsistency(t, stated_counts(reader.trace)); !problem.empty()) throw ScanError(problem);
    return t;
}

}  // namespace

Trace read_trace_json(std::istream& in, const std::string& origin, const OpenLimit& limit) {
    try {
        TraceSax reader(limit);
        const bool ok = json::sax_parse(in, &reader, json::input_format_t::json, true);
        if (!ok && reader.too_large) throw TraceTooLarge(origin + " is too large to open: " + reader.problem);
        if (!ok) throw ScanError(reader.problem.empty() ? "it is not valid JSON" : reader.problem);
        if (in.bad()) throw ScanError("reading it failed partway");
        return checked_trace(reader);
    } catch (const TraceTooLarge&) {
        throw;
    } catch (const ScanError& e) {
        throw ScanError(origin + " is not a usable Scan Lab trace: " + e.what());
    } catch (const json::exception& e) {
        throw ScanError(origin + " is not a usable Scan Lab trace: it is not valid JSON");
    } catch (const std::ios_base::failure& e) {
        // A failed read(2) under the stream (a bad disk, /proc/self/mem): libstdc++'s file
        // buffer throws, with errno as its code.
        const bool has_reason = e.code().category() == std::generic_category() || e.code().category() == std::system_category();
        throw ScanError("reading " + origin + " failed partway" + (has_reason ? ": " + e.code().message() : std::string()));
    } catch (const std::bad_alloc&) {
        throw ScanError(origin + " is too large to load in the memory this machine has");
    }
}

struct TraceJsonReading::Parse {
    TraceSax reader;
    JsonSlices slices;
    Parse(std::string_view text, const OpenLimit& limit) : reader(limit), slices(text, &reader) {}
};

TraceJsonReading::TraceJsonReading(std::string text, std::string origin, OpenLimit limit)
    : text_(std::move(text)), origin_(std::move(origin)), limit_(std::move(limit)), parse_(std::make_unique<Parse>(text_, limit_)) {}

TraceJsonReading::~TraceJsonReading() = default;

bool TraceJsonReading::advance(size_t budget) {
    if (trace_) return true;
    if (!parsed_) {
        switch (parse_->slices.advance(budget)) {
            case JsonSlices::Status::more: return false;
            case JsonSlices::Status::done: parsed_ = true; return false;
            case JsonSlices::Status::stopped: {
                // Something is wrong with it: read whole, it says what, as it would on the desktop.
                parse_.reset();
                std::istringstream in(text_);
                trace_ = read_trace_json(in, origin_, limit_);
                text_ = {};
                return true;
            }
        }
    }
    // Then the trace is built, checked against its run and its stated counts checked, each in a
    // call of its own: the check repeats the run, as long as the building.
    try {
        if (!built_) {
            built_ = build(parse_->reader.trace);
            return false;
        }
        if (!checked_) {
            // A piece of the run a call (TraceCheck): a large recording's run takes as long as its
            // building, too long for one frame.
            if (!check_) check_ = std::make_unique<TraceCheck>(*built_);
            if (!check_->advance(1)) return false;
            if (const std::string problem = check_->problem(); !problem.empty()) throw ScanError(problem);
            check_.reset();
            checked_ = true;
            return false;
        }
        if (const std::string problem = stated_counts_inconsistency(*built_, stated_counts(parse_->reader.trace)); !problem.empty())
            throw ScanError(problem);
    } catch (const ScanError& e) {
        throw ScanError(origin_ + " is not a usable Scan Lab trace: " + e.what());
    } catch (const std::bad_alloc&) {
        throw ScanError(origin_ + " is too large to load in the memory this machine has");
    }
    trace_ = std::move(built_);
    built_.reset();
    parse_.reset();
    text_ = {};
    return true;
}

double TraceJsonReading::progress() const {
    if (trace_) return 1.0;
    if (!parse_) return 0.0;
    // Parsing is about two thirds of the work and repeating the run about a third.
    return 0.6 * parse_->slices.progress() + (parsed_ ? 0.05 : 0) + (built_ ? 0.05 : 0) +
           0.3 * (checked_ ? 1.0
                  : check_ ? check_->progress()
                           : 0.0);
}

Trace TraceJsonReading::take() { return std::move(*trace_); }

}  // namespace scanlab
