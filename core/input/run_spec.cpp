#include "core/input/run_spec.hpp"

#include "core/algorithms/table.hpp"
#include "core/error.hpp"
#include "core/input/head_flags.hpp"
#include "core/input/input.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_memory.hpp"
#include "core/input/run_options.hpp"
#include "core/input/trace_budget.hpp"
#include "core/number_text.hpp"

namespace scanlab {

std::optional<BackendChoice> parse_backend_choice(std::string_view s) {
    if (s == "auto") return BackendChoice::automatic;
    if (s == "cpu") return BackendChoice::cpu;
    if (s == "gpu") return BackendChoice::gpu;
    return std::nullopt;
}

ValueArray load_input(const InputSpec& in, ElementType type, std::string& origin, Voice voice, bool flag_column) {
    switch (in.source) {
        case InputSpec::Source::preset: {
            const std::optional<Preset> p = find_preset(in.preset);
            if (!p) throw ScanError("unknown preset " + quoted_word(in.preset));
            origin = "preset " + std::string(p->name);
            return parse_values(p->values, type, origin, voice);
        }
        case InputSpec::Source::text:
            origin = "typed input";
            return parse_values(in.text, type, control_name(voice, Control::input), voice);
        case InputSpec::Source::file: origin = "file " + quoted_path(in.file); return read_values_file(in.file, type, {}, flag_column);
        case InputSpec::Source::random:
            if (in.random_n < 1 || in.random_n > kMaxElements)
                throw ScanError(subject(voice, Control::random, std::to_string(in.random_n)) + " is out of range: give N from 1 to " +
                                std::to_string(kMaxElements) + " (2^28)");
            origin = "random N = " + std::to_string(in.random_n) + ", seed " + std::to_string(in.seed);
            return random_values(in.random_n, in.seed, type);
    }
    return empty_values(type);
}

std::vector<uint8_t> load_flags(const InputSpec& in, ValueArray& values, const std::string& origin, Voice voice) {
    if (!in.flags.empty()) return parse_flags(in.flags, int64_t(size_of(values)), voice);
    if (in.source == InputSpec::Source::file) return split_flag_column(values, origin);
    throw ScanError(missing_flags_sentence(voice));
}

ScanRequest request_for(const RunSpec& spec, Algorithm algorithm) {
    ScanRequest q = spec.request;
    q.algorithm = algorithm;
    // The block schedule belongs to the single-pass scans (the window to the look-back, the static
    // index to domino); a comparison (or the app's algorithm menu) moving to another algorithm
    // leaves it behind rather than refusing the run. The CLI refuses the words themselves where
    // they do not apply (parse_run_words).
    for (const RunOption& option : run_options())
        if (option.leave && !option.takes(q)) option.leave(q);
    if (spec.input.source == InputSpec::Source::preset && q.section == 0)
        if (const std::optional<Preset> p = find_preset(spec.input.preset))
            if (const int section = preset_section(*p, algorithm)) q.section = section;
    return q;
}

ResolvedRequest resolve_for(const RunSpec& spec, Algorithm algorithm, const ValueArray& input, Voice voice,
                            const std::vector<uint8_t>& flags) {
    ScanRequest q = request_for(spec, algorithm);
    if (algorithm_info(algorithm).takes_flags) {
        if (!flags.empty())
            q.flags = flags;
        else if (!spec.input.flags.empty())
            q.flags = parse_flags(spec.input.flags, int64_t(size_of(input)), voice);
        else
            throw ScanError(missing_flags_sentence(voice));
    }
    return resolve(q, input, voice);
}

namespace {

// How many values the input will hold, known before one is made: random N, the values typed
// counted, a regular file's counted (halved where its second column is the head flags). A preset
// is a few values; standard input or a pipe can be read only once, and is refused as it is read.
std::optional<int64_t> planned_count(const InputSpec& in, bool flag_column) {
    switch (in.source) {
        case InputSpec::Source::random:
            if (in.random_n < 1 || in.random_n > kMaxElements) return std::nullopt;  // load_input's sentence
            return in.random_n;
        case InputSpec::Source::text: return count_values(in.text);
        case InputSpec::Source::file:
            if (const std::optional<int64_t> n = count_values_file(in.file)) return flag_column ? *n / 2 : *n;
            return std::nullopt;
        case InputSpec::Source::preset: return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

PreparedRun prepare(const RunSpec& spec, Voice voice, bool emulated) {
    PreparedRun run;
    const bool takes_flags = algorithm_info(spec.request.algorithm).takes_flags;
    const bool flag_column = takes_flags && spec.input.flags.empty();
    // Every size check comes before a value (or a head flag) is made: 2^28 random values are a
    // gigabyte, and making them held a browser's page for seconds before the refusal. The request
    // is refused from its N first, its trace's size and its emulation's cost where the emulation
    // will run it.
    if (const std::optional<int64_t> n = planned_count(spec.input, flag_column)) {
        const ResolvedRequest shape = resolve_size(request_for(spec, spec.request.algorithm), *n, voice);
        require_within_budget(shape, estimate_trace(shape));
        if (emulated) {
            if (const std::string problem = emulation_cost_problem(shape); !problem.empty()) throw ScanError(problem);
            require_within_memory(shape);
        }
    }
    run.input = load_input(spec.input, spec.request.type, run.origin, voice, flag_column);
    std::vector<uint8_t> flags;
    if (takes_flags) flags = load_flags(spec.input, run.input, run.origin, voice);
    run.resolved = resolve_for(spec, spec.request.algorithm, run.input, voice, flags);
    return run;
}

}  // namespace scanlab
