#include "core/input/run_options.hpp"

#include <algorithm>

#include "core/algorithms/lookback_window.hpp"
#include "core/algorithms/table.hpp"
#include "core/input/input.hpp"
#include "core/input/run_words.hpp"
#include "core/warp.hpp"
#include "core/whole_number.hpp"

namespace scanlab {
namespace {

std::string names_of_algorithms() {
    std::string s;
    for (Algorithm a : all_algorithms()) s += (s.empty() ? "" : ", ") + std::string(name(a));
    return s;
}

// "kogge-stone 1024, brent-kung 2048": the largest section of each block algorithm.
std::string block_capacities() {
    std::string s;
    for (Algorithm b : multi_kernel_block_algorithms())
        s += (s.empty() ? "" : ", ") + std::string(name(b)) + " " + std::to_string(algorithm_info(b).capacity()) +
             (algorithm_info(b).takes_coarsening ? " at C = " + std::to_string(algorithm_info(b).elements_per_thread) : "");
    return s;
}

// "three-phase": the algorithms whose blocks --coarsening shapes.
std::string coarsened_names() {
    std::string s;
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.takes_coarsening) s += (s.empty() ? "" : ", ") + std::string(row.name);
    return s;
}

// The coarsened algorithm's phase 2 choices, "three-phase's phase 2 scan: kogge-stone|brent-kung".
std::string phase2_choices() {
    std::string s;
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.takes_coarsening && row.takes_block_algorithm)
            s += "; " + std::string(row.name) + "'s phase 2 scan: " + block_algorithm_names_for(row.id, "|", "|");
    return s;
}

// Another option named in a sentence, in the sentence's voice: w("--block-algo", v).
std::string w(std::string_view flag, Voice voice) { return option_word(flag, voice); }
// An option set to a value, as advice in the sentence's voice: "--algo domino" | "algo=domino".
std::string w(std::string_view flag, Voice voice, std::string_view value) {
    return voice == Voice::app ? std::string(value) + " in the " + option_word(flag, voice) : named_value(option_word(flag, voice), value);
}

// " (and the phase 2 scan of --algo three-phase)": where else --block-algo applies.
std::string coarsened_phase2_words(Voice v) {
    std::string s;
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.takes_coarsening && row.takes_block_algorithm)
            s += (s.empty() ? " (and the phase 2 scan of " + w("--algo", v, row.name) : " or " + std::string(row.name));
    return s.empty() ? s : s + ")";
}

std::string names_of_presets() {
    std::string s;
    for (const Preset& p : presets()) s += (s.empty() ? "" : ", ") + std::string(p.name);
    return s;
}

const AlgorithmInfo& info_of(const ScanRequest& q) { return algorithm_info(q.algorithm); }
bool single_pass(const ScanRequest& q) { return info_of(q).reach == Reach::single_pass; }
std::string on_off(bool b) { return b ? "1" : "0"; }
bool read_int(const std::string& v, int& out) { return parse_number_into(v, out); }

// A section the app's form can hold: 0 (the default) or a power of two a block can scan.
bool usable_section(int i) { return i == 0 || (i >= 2 && i <= largest_section() && is_pow2(i)); }

// The sentence for --block-schedule and --resident-blocks, which share it.
std::string block_words_refusal(const ScanRequest& q, Voice v) {
    const AlgorithmInfo& info = info_of(q);
    return w("--block-schedule", v) + " and " + w("--resident-blocks", v) +
           " are for the single-pass scans (domino, decoupled-lookback), whose blocks run at "
           "their own pace; " +
           std::string(info.name) + (info.reach == Reach::one_thread ? " has no blocks" : " runs its blocks in lock-step steps") +
           "; leave them out";
}

// "hierarchical or segmented": the multi-block scans whose block scan --block-algo chooses, from the
// table, so a new one is named in the refusal without touching it.
std::string block_algo_scans() {
    std::string s;
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.takes_block_algorithm && row.reach == Reach::multi_block) s += (s.empty() ? "" : " or ") + std::string(row.name);
    return s;
}

std::string block_algo_refusal(const ScanRequest& q, Voice v) {
    const AlgorithmInfo& info = info_of(q);
    return w("--block-algo", v) + " chooses the block scan inside " + w("--algo", v, block_algo_scans()) + coarsened_phase2_words(v) +
           ", and " + std::string(info.name) +
           (info.reach == Reach::one_thread    ? " has no blocks"
            : info.reach == Reach::multi_block ? " always scans its blocks with its own kernel"
            : info.reach == Reach::single_pass ? " scans each section with " + std::string(algorithm_info(info.fixed_block).title)
                                               : " is itself the block scan") +
           "; leave " + w("--block-algo", v) + " out";
}

std::string coarsening_refusal(const ScanRequest& q, Voice v) {
    const AlgorithmInfo& info = info_of(q);
    const bool blocks_chosen = info.reach == Reach::multi_block && info.takes_block_algorithm;
    const std::string coarsening = w("--coarsening", v);
    return coarsening + " sets how many elements each thread of a coarsened block scans (" + coarsened_names() + "), and " +
           std::string(info.name) +
           (blocks_chosen ? " scans its blocks with " + std::string(name(q.block_algorithm)) + "; add " +
                                w("--block-algo", v, coarsened_names()) + ", or leave " + coarsening + " out"
                          : " does not coarsen; leave " + coarsening + " out");
}

// "unknown algorithm 'nope'", naming the option where the words are a link's, whose keys a
// reader may not connect with the thing they choose: "... (the link's algo)".
std::string unknown(const std::string& flag, std::string_view what, const std::string& v) {
    return "unknown " + std::string(what) + " " + quoted_word(v) + (flag.starts_with("--") ? "" : " (the link's " + flag + ")");
}

// A schedule's words: "in-order", "reverse" or "random[:SEED]".
template <class S>
void read_schedule(S& out, const std::string& flag, const std::string& v, const char* what) {
    const auto s = [&] {
        if constexpr (std::is_same_v<S, Schedule>)
            return parse_schedule(v);
        else
            return parse_block_schedule(v);
    }();
    if (!s) {
        // A warp schedule may also be the race finder's form: the warps listed run first in their steps.
        const std::string first = std::is_same_v<S, Schedule> ? ", random[:SEED] or first:STEP@W,W[/STEP@W]" : " or random[:SEED]";
        throw UsageError(unknown(flag, what, v) + "; choose in-order, reverse" + first);
    }
    out = *s;
}

void read_input(RunSpec& o, InputSpec::Source source) { o.input.source = source; }
std::string source_value(const RunSpec& o, InputSpec::Source source, const std::string& v) { return o.input.source == source ? v : ""; }

// constexpr: the table is whole before any static initializer of another file could read it.
constexpr RunOption kOptions[] = {
    {.flag = "--algo",
     .control = Control::algorithm,
     .label = "algorithm",
     .menu = true,
     .value_word = "ALGO",
     .settings_key = "algorithm",
     .stated = Stated::always,
     .help =
         [] {
             return names_of_algorithms() + "\n(default " + std::string(name(kWordsDefaultAlgorithm)) +
                    "; kogge-stone-racy is WRONG ON PURPOSE, a lesson on barriers)";
         },
     .value = [](const RunSpec& o) { return std::string(name(o.request.algorithm)); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             auto a = parse_algorithm(v);
             if (!a) throw UsageError(unknown(flag, "algorithm", v) + "; choose one of " + names_of_algorithms());
             o.request.algorithm = *a;
         },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             auto a = parse_algorithm(v);
             return a && (o.request.algorithm = *a, true);
         }},
    {.flag = "--block-algo",
     .control = Control::block_algorithm,
     .label = "block algorithm",
     .menu = true,
     .value_word = "A",
     .settings_key = "block_algorithm",
     .takes = [](const ScanRequest& q) { return info_of(q).takes_block_algorithm; },
     .help =
         [] {
             return multi_kernel_block_names("|", "|") + ", the block scan inside hierarchical\n(default kogge-stone" + phase2_choices() +
                    ")\n" + block_algorithm_names_for(Algorithm::segmented, "|", "|") + " inside segmented";
         },
     .value = [](const RunSpec& o) { return std::string(name(o.request.block_algorithm)); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             auto a = parse_algorithm(v);
             if (!a || !algorithm_info(*a).multi_kernel_block)
                 throw UsageError(unknown(flag, "block algorithm", v) + "; choose " + multi_kernel_block_names());
             o.request.block_algorithm = *a;
         },
     .refusal = block_algo_refusal,
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             auto a = parse_algorithm(v);
             return a && algorithm_info(*a).multi_kernel_block && (o.request.block_algorithm = *a, true);
         }},
    {.flag = "--coarsening",
     .control = Control::coarsening,
     .label = "coarsening",
     .menu = true,
     .value_word = "C",
     .settings_key = "coarsening",
     .takes = [](const ScanRequest& q) { return takes_coarsening(q.algorithm, q.block_algorithm); },
     .help =
         [] {
             return "elements each thread scans alone, a power of two (" + coarsened_names() +
                    ",\nalso as hierarchical's --block-algo; default 4)";
         },
     .value = [](const RunSpec& o) { return std::to_string(o.request.coarsening); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             o.request.coarsening = whole_number<int>(flag, v);
             if (o.request.coarsening <= 0) throw UsageError(flag + " must be a power of two of at least 1");
         },
     .refusal = coarsening_refusal,
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             int i = 0;
             return read_int(v, i) && i >= 0 && i <= 64 && (i & (i - 1)) == 0 && (o.request.coarsening = i, true);
         }},
    {.flag = "--op",
     .value_word = "sum|max|min",
     .settings_key = "op",
     .help = [] { return std::string("the scan operator (default sum)"); },
     .value = [](const RunSpec& o) { return std::string(name(o.request.op)); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             auto op = parse_op(v);
             if (!op) throw UsageError(unknown(flag, "operator", v) + "; choose sum, max or min");
             o.request.op = *op;
         },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             auto op = parse_op(v);
             return op && (o.request.op = *op, true);
         }},
    {.flag = "--type",
     .control = Control::type,
     .label = "type",
     .menu = true,
     .value_word = "int32|int64|float|double",
     .settings_key = "type",
     .help = [] { return std::string("element type (default int32)"); },
     .value = [](const RunSpec& o) { return std::string(name(o.request.type)); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             auto t = parse_type(v);
             if (!t) throw UsageError(unknown(flag, "type", v) + "; choose int32, int64, float or double");
             o.request.type = *t;
         },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             auto t = parse_type(v);
             return t && (o.request.type = *t, true);
         }},
    {.flag = "--exclusive",
     .settings_key = "exclusive",
     .help = [] { return std::string("exclusive scan (default inclusive)"); },
     .value = [](const RunSpec& o) { return on_off(o.request.exclusive); },
     .read = [](RunSpec& o, const std::string&, const std::string&) { o.request.exclusive = true; },
     .read_setting = [](RunSpec& o, const std::string& v) { return o.request.exclusive = v == "1", true; }},
    // The default, accepted so a script may say it; never written.
    {.flag = "--inclusive",
     .stated = Stated::never,
     .value = [](const RunSpec&) { return std::string(""); },
     .read = [](RunSpec& o, const std::string&, const std::string&) { o.request.exclusive = false; }},
    {.flag = "--section",
     .control = Control::section,
     .label = "section",
     .menu = true,
     .value_word = "K",
     .settings_key = "section",
     .help = [] { return "elements per block, a power of two (hierarchical/slides: up to " + block_capacities() + ")"; },
     .value = [](const RunSpec& o) { return std::to_string(o.request.section); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             o.request.section = whole_number<int>(flag, v);
             if (o.request.section <= 0) throw UsageError(flag + " must be a positive power of two");
         },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             int i = 0;
             return read_int(v, i) && usable_section(i) && (o.request.section = i, true);
         }},
    {.flag = "--warp-width",
     .control = Control::warp_width,
     .label = "warp width",
     .menu = true,
     .value_word = "W",
     .settings_key = "warp_width",
     .help =
         [] {
             return "threads per warp in the emulation, a power of two up to " + std::to_string(kWarpSize) + " (default " +
                    std::to_string(ScanRequest{}.warp_width) + ")";
         },
     .value = [](const RunSpec& o) { return std::to_string(o.request.warp_width); },
     .read = [](RunSpec& o, const std::string& flag, const std::string& v) { o.request.warp_width = whole_number<int>(flag, v); },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             int i = 0;
             return read_int(v, i) && is_warp_width(i) && (o.request.warp_width = i, true);
         }},
    {.flag = "--schedule",
     .value_word = "in-order|reverse|random[:SEED]",
     .settings_key = "schedule",
     .help =
         [] {
             return std::string(
                 "warp order in the emulation (matters for kogge-stone-racy); first:STEP@W,W/STEP@W\nruns warps W first in step STEP, "
                 "the rest in order (a race finding's schedule)");
         },
     .value = [](const RunSpec& o) { return o.request.schedule.text(); },
     .read = [](RunSpec& o, const std::string& flag, const std::string& v) { read_schedule(o.request.schedule, flag, v, "schedule"); },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             auto s = parse_schedule(v);
             return s && (o.request.schedule = *s, true);
         }},
    {.flag = "--block-schedule",
     .control = Control::block_schedule,
     .label = "block schedule",
     .menu = true,
     .value_word = "in-order|reverse|random[:SEED]",
     .takes = single_pass,
     .help = [] { return std::string("single-pass scans: the order blocks start in and\ntheir pace in the emulation (default in-order)"); },
     // A replay comes from a device's record, never from words.
     .value =
         [](const RunSpec& o) {
             return o.request.block_schedule.kind == BlockSchedule::Kind::replay ? BlockSchedule{}.text() : o.request.block_schedule.text();
         },
     .read = [](RunSpec& o, const std::string& flag,
                const std::string& v) { read_schedule(o.request.block_schedule, flag, v, "block schedule"); },
     .refusal = block_words_refusal,
     .leave = [](ScanRequest& q) { q.block_schedule = {}; }},
    {.flag = "--resident-blocks",
     .control = Control::resident_blocks,
     .label = "resident blocks",
     .menu = false,
     .value_word = "K",
     .takes = single_pass,
     .help =
         [] {
             return "single-pass scans: blocks resident at once in the emulation, its SM slots (default " +
                    std::to_string(kDefaultResidentBlocks) + ")";
         },
     .value = [](const RunSpec& o) { return std::to_string(o.request.resident_blocks); },
     .read = [](RunSpec& o, const std::string& flag, const std::string& v) { o.request.resident_blocks = whole_number<int>(flag, v); },
     .refusal = block_words_refusal,
     .leave = [](ScanRequest& q) { q.resident_blocks = kDefaultResidentBlocks; }},
    {.flag = "--static-index",
     .control = Control::static_index,
     .label = "static index",
     .menu = false,
     .takes = [](const ScanRequest& q) { return info_of(q).takes_static_index; },
     .help =
         [] {
             return std::string(
                 "domino: each block takes its tile from blockIdx instead of drawing it; the emulation shows\n"
                 "the deadlock this can cause (refused on the GPU, where it could hang)");
         },
     .value = [](const RunSpec& o) { return on_off(o.request.static_index); },
     .read = [](RunSpec& o, const std::string&, const std::string&) { o.request.static_index = true; },
     .refusal =
         [](const ScanRequest& q, Voice v) {
             return w("--static-index", v) + " is for " + w("--algo", v, "domino") + " (a blockIdx-ordered wait, to show its deadlock); " +
                    std::string(info_of(q).name) + " draws no index; leave it out";
         },
     .leave = [](ScanRequest& q) { q.static_index = false; }},
    {.flag = "--window",
     .control = Control::window,
     .label = "look-back window",
     .menu = true,
     .value_word = "W",
     .takes = [](const ScanRequest& q) { return info_of(q).takes_window; },
     .help =
         [] {
             return "decoupled-lookback: the predecessors one look-back reads at once, 1 to " + std::to_string(kMaxLookbackWindow) +
                    " (default " + std::to_string(kDefaultLookbackWindow) + ",\none warp as in CUB; 1 makes the look-back a chain)";
         },
     .value = [](const RunSpec& o) { return std::to_string(o.request.lookback_window); },
     .read = [](RunSpec& o, const std::string& flag, const std::string& v) { o.request.lookback_window = whole_number<int>(flag, v); },
     // "--window 32" (the default) is accepted for any algorithm: it changes nothing.
     .refusal =
         [](const ScanRequest& q, Voice v) {
             if (q.lookback_window == kDefaultLookbackWindow) return std::string("");
             return w("--window", v) + " is for " + w("--algo", v, "decoupled-lookback") +
                    " (the predecessors one look-back reads at once); " + std::string(info_of(q).name) + " has no look-back; leave it out";
         },
     .leave = [](ScanRequest& q) { q.lookback_window = kDefaultLookbackWindow; }},
    {.flag = "--sample-block",
     .control = Control::sample_block,
     .label = "sampled block",
     .menu = false,
     .value_word = "B[:K]",
     .help =
         [] {
             return std::string(
                 "a sampled trace: only blocks B..B+K-1 of the input's scan kept in full, S whole\n"
                 "(hierarchical and slides; for N too large to trace whole)");
         },
     .value =
         [](const RunSpec& o) {
             const SampleWindow& s = o.request.sample;
             return s.all() ? std::string("") : std::to_string(s.first_block) + (s.blocks > 1 ? ":" + std::to_string(s.blocks) : "");
         },
     // B or B:COUNT: keep only these blocks of the input's scan in full (S stays whole).
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             const size_t colon = v.find(':');
             SampleWindow& s = o.request.sample;
             s.first_block = whole_number<int64_t>(flag, v.substr(0, colon));
             s.blocks = colon == std::string::npos ? 1 : whole_number<int64_t>(flag, v.substr(colon + 1));
             if (s.first_block < 0 || s.blocks < 1) throw UsageError(flag + " takes a block number B >= 0, or B:COUNT with COUNT >= 1");
         }},
    {.flag = "--backend",
     .value_word = "auto|cpu|gpu",
     .settings_key = "backend",
     .help = [] { return std::string("auto uses a GPU when one is usable, else the CPU emulation (default auto)"); },
     .value =
         [](const RunSpec& o) {
             return std::string(o.backend == BackendChoice::cpu ? "cpu" : o.backend == BackendChoice::gpu ? "gpu" : "auto");
         },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             auto b = parse_backend_choice(v);
             if (!b) throw UsageError(unknown(flag, "backend", v) + "; choose auto, cpu or gpu");
             o.backend = *b;
         },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             auto b = parse_backend_choice(v);
             return b && (o.backend = *b, true);
         }},
    // The page keeps its own limit, so a link does not carry it.
    {.flag = "--max-trace-mb",
     .value_word = "M",
     .in_link = false,
     .help = [] { return "refuse a full trace larger than this (default " + std::to_string(kDefaultMaxTraceBytes >> 20) + ")"; },
     .value = [](const RunSpec& o) { return std::to_string(o.request.max_trace_bytes >> 20); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             const auto mb = whole_number<int64_t>(flag, v);
             if (mb <= 0 || mb > (int64_t(1) << 20)) throw UsageError(flag + " must be from 1 to 1048576");
             o.request.max_trace_bytes = size_t(mb) << 20;
         }},
    {.flag = "--preset",
     .value_word = "fig9.10|slides|slides-t0",
     .group = OptionGroup::input,
     .source = true,
     .settings_key = "preset",
     .stated = Stated::when_set,
     .help = [] { return std::string("the book's Figure 9.10 or a slide-deck example"); },
     .value = [](const RunSpec& o) { return source_value(o, InputSpec::Source::preset, o.input.preset); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             if (!find_preset(v)) throw UsageError(unknown(flag, "preset", v) + "; choose one of " + names_of_presets());
             read_input(o, InputSpec::Source::preset);
             o.input.preset = v;
         },
     // A preset the core no longer has is refused when the run is made, in the run's sentence.
     .read_setting = [](RunSpec& o, const std::string& v) { return o.input.preset = v, true; },
     .setting = [](const RunSpec& o) { return o.input.preset; }},
    {.flag = "--input",
     .control = Control::input,
     .label = "typed values",
     .menu = false,
     .value_word = "\"2,1,3,1\"",
     .group = OptionGroup::input,
     .source = true,
     .settings_key = "text",
     .stated = Stated::when_set,
     .help = [] { return std::string("values separated by commas or spaces"); },
     .value = [](const RunSpec& o) { return source_value(o, InputSpec::Source::text, o.input.text); },
     .read =
         [](RunSpec& o, const std::string&, const std::string& v) {
             read_input(o, InputSpec::Source::text);
             o.input.text = v;
         },
     .read_setting = [](RunSpec& o, const std::string& v) { return o.input.text = v, true; },
     .setting = [](const RunSpec& o) { return o.input.text; }},
    {.flag = "--input-file",
     .value_word = "PATH",
     .group = OptionGroup::input,
     .source = true,
     .stated = Stated::when_set,
     .help = [] { return std::string("a file of values ('-' reads standard input; '#' starts a comment)"); },
     .value = [](const RunSpec& o) { return source_value(o, InputSpec::Source::file, o.input.file); },
     .read =
         [](RunSpec& o, const std::string&, const std::string& v) {
             read_input(o, InputSpec::Source::file);
             o.input.file = v;
         }},
    {.flag = "--random",
     .control = Control::random,
     .label = "random N",
     .menu = false,
     .value_word = "N [--seed S]",
     .group = OptionGroup::input,
     .source = true,
     .settings_key = "random_n",
     .stated = Stated::when_set,
     .help = [] { return std::string("N values from 0..9, reproducible from the seed"); },
     .value = [](const RunSpec& o) { return source_value(o, InputSpec::Source::random, std::to_string(o.input.random_n)); },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             const WholeNumber<int64_t> n = read_whole<int64_t>(v);
             if (n.out_of_range || (n.value && (*n.value < 1 || *n.value > kMaxElements)))
                 throw UsageError(named_value(flag, v.size() <= 40 ? v : quoted_word(v)) + " is out of range: give N from 1 to " +
                                  std::to_string(kMaxElements) + " (2^28)");
             if (!n.value) throw UsageError(flag + " expects a whole number N, got " + quoted_word(v));
             read_input(o, InputSpec::Source::random);
             o.input.random_n = *n.value;
         },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             const std::optional<int64_t> n = read_whole<int64_t>(v).value;
             return n && *n >= 1 && *n <= kMaxElements && (o.input.random_n = *n, true);
         },
     .setting = [](const RunSpec& o) { return std::to_string(o.input.random_n); },
     .least = 1,
     .most = kMaxElements},
    // Listed with --random in the help.
    {.flag = "--seed",
     .value_word = "S",
     .group = OptionGroup::input,
     .settings_key = "seed",
     .stated = Stated::when_set,
     .value =
         [](const RunSpec& o) {
             return source_value(o, InputSpec::Source::random, o.input.seed != InputSpec{}.seed ? std::to_string(o.input.seed) : "");
         },
     .read = [](RunSpec& o, const std::string& flag, const std::string& v) { o.input.seed = whole_number<uint64_t>(flag, v); },
     .read_setting =
         [](RunSpec& o, const std::string& v) {
             const std::optional<uint64_t> seed = read_whole<uint64_t>(v).value;
             return seed && (o.input.seed = *seed, true);
         },
     .setting = [](const RunSpec& o) { return std::to_string(o.input.seed); }},
    {.flag = "--flags",
     .control = Control::flags,
     .label = "head flags",
     .menu = false,
     .value_word = "\"1,0,0,1\"|every:K",
     .group = OptionGroup::input,
     .settings_key = "flags",
     .stated = Stated::when_set,
     .takes = [](const ScanRequest& q) { return info_of(q).takes_flags; },
     .help =
         [] {
             return std::string(
                 "head flags for --algo segmented (required): 1 starts a segment, one per\n"
                 "value; every:K starts one every K values; or, with --input-file and no\n"
                 "--flags, the file's second column (value flag per line)");
         },
     .value = [](const RunSpec& o) { return o.input.flags; },
     .read =
         [](RunSpec& o, const std::string& flag, const std::string& v) {
             o.input.flags = v;
             if (v.empty()) throw UsageError(flag + " is empty; give one head flag (0 or 1) per value, or every:K");
         },
     .refusal =
         [](const ScanRequest& q, Voice v) {
             const std::string flags = w("--flags", v);
             return flags + " gives the head flags of " + w("--algo", v, "segmented") + ", and " + std::string(info_of(q).name) +
                    " scans the whole input as one segment; leave " + flags + " out";
         },
     .read_setting = [](RunSpec& o, const std::string& v) { return o.input.flags = v, true; }},
};

}  // namespace

std::span<const RunOption> run_options() { return kOptions; }

std::string_view source_word(InputSpec::Source source) {
    switch (source) {
        case InputSpec::Source::preset: return "preset";
        case InputSpec::Source::text: return "text";
        case InputSpec::Source::file: return "file";
        case InputSpec::Source::random: return "random";
    }
    return "preset";
}

std::optional<InputSpec::Source> parse_source_word(std::string_view word) {
    for (InputSpec::Source s : {InputSpec::Source::preset, InputSpec::Source::text, InputSpec::Source::file, InputSpec::Source::random})
        if (source_word(s) == word) return s;
    return std::nullopt;
}

std::string RunOption::word(Voice voice) const {
    if (voice == Voice::cli) return std::string(flag);
    if (voice == Voice::app && !label.empty()) return std::string(label) + (control ? (menu ? " menu" : " field") : "");
    return std::string(link_key());
}

std::string option_word(std::string_view flag, Voice voice) {
    const RunOption* o = find_option_by_flag(flag);
    return o ? o->word(voice) : std::string(flag);
}

const RunOption* find_option_by_flag(std::string_view flag) {
    for (const RunOption& o : kOptions)
        if (o.flag == flag) return &o;
    return nullptr;
}

const RunOption* find_option_by_control(Control control) {
    for (const RunOption& o : kOptions)
        if (o.control == control) return &o;
    return nullptr;
}

const RunOption* find_option_by_link_key(std::string_view key) {
    for (const RunOption& o : kOptions)
        if (o.in_link && o.link_key() == key) return &o;
    return nullptr;
}

std::optional<std::string> stated_value(const RunOption& option, const RunSpec& spec) {
    if (option.stated == Stated::never || (option.takes && !option.takes(spec.request))) return std::nullopt;
    const std::string v = option.value(spec);
    const bool stated = option.stated == Stated::always || (option.stated == Stated::when_set ? !v.empty() : v != option.value(RunSpec{}));
    if (!stated) return std::nullopt;
    return option.is_switch() ? "" : v;
}

}  // namespace scanlab
