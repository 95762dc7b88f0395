#include "core/input/run_words.hpp"

#include <algorithm>

#include "core/algorithms/lookback_window.hpp"
#include "core/algorithms/table.hpp"
#include "core/input/input.hpp"
#include "core/whole_number.hpp"

namespace scanlab {
namespace {

std::string names_of_algorithms() {
    std::string s;
    for (Algorithm a : all_algorithms()) s += (s.empty() ? "" : ", ") + std::string(name(a));
    return s;
}

// "  kogge-stone   9.2 Kogge-Stone, ..." for every row of the algorithm table.
std::string algorithm_lines() {
    size_t width = 0;
    for (const AlgorithmInfo& row : algorithm_table()) width = std::max(width, row.name.size());
    std::string s;
    for (const AlgorithmInfo& row : algorithm_table())
        s += "  " + std::string(row.name) + std::string(width + 2 - row.name.size(), ' ') + std::string(row.summary) + "\n";
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

// " (and the phase 2 scan of --algo three-phase)": where else --block-algo applies.
std::string coarsened_phase2_words() {
    std::string s;
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.takes_coarsening && row.takes_block_algorithm)
            s += (s.empty() ? " (and the phase 2 scan of --algo " : " or ") + std::string(row.name);
    return s.empty() ? s : s + ")";
}

// "hierarchical or segmented": the multi-block scans whose block scan --block-algo chooses, from the
// table, so a new one is named in the refusal without touching it.
std::string block_algo_scans() {
    std::string s;
    for (const AlgorithmInfo& row : algorithm_table())
        if (row.takes_block_algorithm && row.reach == Reach::multi_block) s += (s.empty() ? "" : " or ") + std::string(row.name);
    return s;
}

std::string names_of_presets() {
    std::string s;
    for (const Preset& p : presets()) s += (s.empty() ? "" : ", ") + std::string(p.name);
    return s;
}

}  // namespace

std::string run_words_usage() {
    return "INPUT (exactly one):\n"
           "  --preset fig9.10|slides|slides-t0   the book's Figure 9.10 or a slide-deck example\n"
           "  --input \"2,1,3,1\"                   values separated by commas or spaces\n"
           "  --input-file PATH                   a file of values ('-' reads standard input; '#' starts a comment)\n"
           "  --random N [--seed S]               N values from 0..9, reproducible from the seed\n"
           "  --flags \"1,0,0,1\"|every:K          head flags for --algo segmented (required): 1 starts a segment, one per\n"
           "                                      value; every:K starts one every K values; or, with --input-file and no\n"
           "                                      --flags, the file's second column (value flag per line)\n"
           "\n"
           "OPTIONS:\n"
           "  --algo ALGO              " +
           names_of_algorithms() +
           "\n"
           "                           (default hierarchical; kogge-stone-racy is WRONG ON PURPOSE, a lesson on barriers)\n"
           "  --section K              elements per block, a power of two (hierarchical/slides: up to " +
           block_capacities() +
           ")\n"
           "  --block-algo A           " +
           multi_kernel_block_names("|", "|") +
           ", the block scan inside hierarchical\n"
           "                           (default kogge-stone" +
           phase2_choices() +
           ")\n"
           "  --coarsening C           elements each thread scans alone, a power of two (" +
           coarsened_names() +
           ",\n"
           "                           also as hierarchical's --block-algo; default 4)\n"
           "                           " +
           block_algorithm_names_for(Algorithm::segmented, "|", "|") +
           " inside segmented\n"
           "  --op sum|max|min         the scan operator (default sum)\n"
           "  --type int32|int64|float|double   element type (default int32)\n"
           "  --exclusive              exclusive scan (default inclusive)\n"
           "  --backend auto|cpu|gpu   auto uses a GPU when one is usable, else the CPU emulation (default auto)\n"
           "  --schedule in-order|reverse|random[:SEED]   warp order in the emulation (matters for kogge-stone-racy)\n"
           "  --warp-width W           threads per warp in the emulation, a power of two up to 32 (default 32)\n"
           "  --max-trace-mb M         refuse a full trace larger than this (default 512)\n"
           "  --sample-block B[:K]     a sampled trace: only blocks B..B+K-1 of the input's scan kept in full, S whole\n"
           "                           (hierarchical and slides; for N too large to trace whole)\n"
           "  --block-schedule in-order|reverse|random[:SEED]   single-pass scans: the order blocks start in and\n"
           "                           their pace in the emulation (default in-order)\n"
           "  --resident-blocks K      single-pass scans: blocks resident at once in the emulation, its SM slots (default " +
           std::to_string(kDefaultResidentBlocks) +
           ")\n"
           "  --window W               decoupled-lookback: the predecessors one look-back reads at once, 1 to 32 (default 32,\n"
           "                           one warp as in CUB; 1 makes the look-back a chain)\n"
           "  --static-index           domino: each block takes its tile from blockIdx instead of drawing it; the emulation shows\n"
           "                           the deadlock this can cause (refused on the GPU, where it could hang)\n"
           "\n"
           "ALGORITHMS:\n" +
           algorithm_lines() + "\n";
}

RunSpec parse_run_words(const std::vector<std::string>& args, const OwnWord& own) {
    RunSpec o;
    ScanRequest& q = o.request;
    q.algorithm = Algorithm::hierarchical;
    int inputs = 0;
    bool block_algo_given = false, block_words_given = false;
    bool coarsening_given = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& flag = args[i];
        const std::function<const std::string&()> value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw UsageError(flag + " needs a value");
            return args[++i];
        };
        if (flag == "--algo") {
            const std::string& v = value();
            auto a = parse_algorithm(v);
            if (!a) throw UsageError("unknown algorithm " + quoted_word(v) + "; choose one of " + names_of_algorithms());
            q.algorithm = *a;
        } else if (flag == "--block-algo") {
            const std::string& v = value();
            auto a = parse_algorithm(v);
            if (!a || !algorithm_info(*a).multi_kernel_block)
                throw UsageError("unknown block algorithm " + quoted_word(v) + "; choose " + multi_kernel_block_names());
            q.block_algorithm = *a;
            block_algo_given = true;
        } else if (flag == "--coarsening") {
            q.coarsening = whole_number<int>(flag, value());
            if (q.coarsening <= 0) throw UsageError("--coarsening must be a power of two of at least 1");
            coarsening_given = true;
        } else if (flag == "--op") {
            const std::string& v = value();
            auto op = parse_op(v);
            if (!op) throw UsageError("unknown operator " + quoted_word(v) + "; choose sum, max or min");
            q.op = *op;
        } else if (flag == "--type") {
            const std::string& v = value();
            auto t = parse_type(v);
            if (!t) throw UsageError("unknown type " + quoted_word(v) + "; choose int32, int64, float or double");
            q.type = *t;
        } else if (flag == "--exclusive") {
            q.exclusive = true;
        } else if (flag == "--inclusive") {
            q.exclusive = false;
        } else if (flag == "--section") {
            q.section = whole_number<int>(flag, value());
            if (q.section <= 0) throw UsageError("--section must be a positive power of two");
        } else if (flag == "--warp-width") {
            q.warp_width = whole_number<int>(flag, value());
        } else if (flag == "--schedule") {
            const std::string& v = value();
            auto s = parse_schedule(v);
            if (!s) throw UsageError("unknown schedule " + quoted_word(v) + "; choose in-order, reverse or random[:SEED]");
            q.schedule = *s;
        } else if (flag == "--block-schedule") {
            const std::string& v = value();
            auto s = parse_block_schedule(v);
            if (!s) throw UsageError("unknown block schedule " + quoted_word(v) + "; choose in-order, reverse or random[:SEED]");
            q.block_schedule = *s;
            block_words_given = true;
        } else if (flag == "--resident-blocks") {
            q.resident_blocks = whole_number<int>(flag, value());
            block_words_given = true;
        } else if (flag == "--window") {
            q.lookback_window = whole_number<int>(flag, value());
        } else if (flag == "--static-index") {
            q.static_index = true;
        } else if (flag == "--backend") {
            const std::string& v = value();
            auto b = parse_backend_choice(v);
            if (!b) throw UsageError("unknown backend " + quoted_word(v) + "; choose auto, cpu or gpu");
            o.backend = *b;
        } else if (flag == "--sample-block") {
            // B or B:COUNT: keep only these blocks of the input's scan in full (S stays whole).
            const std::string& v = value();
            const size_t colon = v.find(':');
            q.sample.first_block = whole_number<int64_t>(flag, v.substr(0, colon));
            q.sample.blocks = colon == std::string::npos ? 1 : whole_number<int64_t>(flag, v.substr(colon + 1));
            if (q.sample.first_block < 0 || q.sample.blocks < 1)
                throw UsageError("--sample-block takes a block number B >= 0, or B:COUNT with COUNT >= 1");
        } else if (flag == "--max-trace-mb") {
            const auto mb = whole_number<int64_t>(flag, value());
            if (mb <= 0 || mb > (int64_t(1) << 20)) throw UsageError("--max-trace-mb must be from 1 to 1048576");
            q.max_trace_bytes = size_t(mb) << 20;
        } else if (flag == "--preset") {
            const std::string& v = value();
            if (!find_preset(v)) throw UsageError("unknown preset " + quoted_word(v) + "; choose one of " + names_of_presets());
            o.input.source = InputSpec::Source::preset;
            o.input.preset = v;
            ++inputs;
        } else if (flag == "--input") {
            o.input.source = InputSpec::Source::text;
            o.input.text = value();
            ++inputs;
        } else if (flag == "--input-file") {
            o.input.source = InputSpec::Source::file;
            o.input.file = value();
            ++inputs;
        } else if (flag == "--random") {
            const std::string& v = value();
            const WholeNumber<int64_t> w = read_whole<int64_t>(v);
            if (w.out_of_range || (w.value && (*w.value < 1 || *w.value > kMaxElements)))
                throw UsageError("--random " + (v.size() <= 40 ? v : quoted_word(v)) + " is out of range: give N from 1 to " + std::to_string(kMaxElements) + " (2^28)");
            if (!w.value) throw UsageError("--random expects a whole number N, got " + quoted_word(v));
            const int64_t n = *w.value;
            o.input.source = InputSpec::Source::random;
            o.input.random_n = n;
            ++inputs;
        } else if (flag == "--flags") {
            o.input.flags = value();
            if (o.input.flags.empty()) throw UsageError("--flags is empty; give one head flag (0 or 1) per value, or every:K");
        } else if (flag == "--seed") {
            o.input.seed = whole_number<uint64_t>(flag, value());
        } else if (!own || !own(flag, value)) {
            throw UsageError("unknown option " + quoted_word(flag) + " (see scanlab --help)");
        }
    }
    // An option that does not apply is refused, never silently ignored.
    if (const AlgorithmInfo& info = algorithm_info(q.algorithm); block_algo_given && !info.takes_block_algorithm)
        throw UsageError("--block-algo chooses the block scan inside --algo " + block_algo_scans() + coarsened_phase2_words() + ", and " +
                         std::string(info.name) +
                         (info.reach == Reach::one_thread    ? " has no blocks"
                          : info.reach == Reach::multi_block ? " always scans its blocks with its own kernel"
                          : info.reach == Reach::single_pass
                              ? " scans each section with " + std::string(algorithm_info(info.fixed_block).title)
                              : " is itself the block scan") +
                         "; leave --block-algo out");
    if (const AlgorithmInfo& info = algorithm_info(q.algorithm); coarsening_given && !takes_coarsening(q.algorithm, q.block_algorithm)) {
        const bool blocks_chosen = info.reach == Reach::multi_block && info.takes_block_algorithm;
        throw UsageError("--coarsening sets how many elements each thread of a coarsened block scans (" + coarsened_names() + "), and " +
                         std::string(info.name) +
                         (blocks_chosen ? " scans its blocks with " + std::string(name(q.block_algorithm)) + "; add --block-algo " +
                                              coarsened_names() + ", or leave --coarsening out"
                                        : " does not coarsen; leave --coarsening out"));
    }
    if (const AlgorithmInfo& info = algorithm_info(q.algorithm); !o.input.flags.empty() && !info.takes_flags)
        throw UsageError("--flags gives the head flags of --algo segmented, and " + std::string(info.name) +
                         " scans the whole input as one segment; leave --flags out");
    if (const AlgorithmInfo& info = algorithm_info(q.algorithm); block_words_given && info.reach != Reach::single_pass)
        throw UsageError(
            "--block-schedule and --resident-blocks are for the single-pass scans (domino, decoupled-lookback), whose blocks run at their "
            "own pace; " +
            std::string(info.name) + (info.reach == Reach::one_thread ? " has no blocks" : " runs its blocks in lock-step steps") +
            "; leave them out");
    if (const AlgorithmInfo& info = algorithm_info(q.algorithm); q.static_index && !info.takes_static_index)
        throw UsageError("--static-index is for --algo domino (a blockIdx-ordered wait, to show its deadlock); " + std::string(info.name) +
                         " draws no index; leave it out");
    if (const AlgorithmInfo& info = algorithm_info(q.algorithm); q.lookback_window != kDefaultLookbackWindow && !info.takes_window)
        throw UsageError("--window is for --algo decoupled-lookback (the predecessors one look-back reads at once); " +
                         std::string(info.name) + " has no look-back; leave it out");
    if (inputs == 0) throw UsageError("no input: give one of --preset, --input, --input-file or --random N");
    if (inputs > 1) throw UsageError("give only one input: --preset, --input, --input-file or --random N");
    return o;
}

}  // namespace scanlab
