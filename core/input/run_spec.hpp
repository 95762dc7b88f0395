#pragma once
// One run as a front end states it: the request, where its input comes from, and the backend
// asked for. The CLI parses its words into one, the app's controls edit one, `scanlab shot`
// parses the CLI's words into the app's; all three load and resolve it here, once.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/input/wording.hpp"
#include "core/request.hpp"
#include "core/values.hpp"

namespace scanlab {

// The backend a front end asks for: the GPU where one is usable (automatic), or either one.
enum class BackendChoice : uint8_t { automatic, cpu, gpu };
std::optional<BackendChoice> parse_backend_choice(std::string_view s);

struct InputSpec {
    enum class Source : uint8_t { preset, text, file, random };
    Source source = Source::preset;
    std::string preset = "fig9.10";
    std::string text;  // values as typed
    std::string file;  // a path; "-" is standard input
    std::string flags;  // the segmented scan's head flags: "1,0,0,1,...", "every:K", or empty (a file's second column)
    int64_t random_n = 64;
    uint64_t seed = 1;
};

struct RunSpec {
    ScanRequest request;  // request.section 0: the preset's section, else the algorithm's default
    InputSpec input;
    BackendChoice backend = BackendChoice::automatic;
};

// The input's values, parsed in the spec's type; `origin` says where they came from ("preset
// fig9.10", "typed input", ...). Throws ScanError naming the bad token in `voice`. `flag_column`:
// a file must hold two values on each line, the value and its head flag.
ValueArray load_input(const InputSpec& input, ElementType type, std::string& origin, Voice voice = Voice::cli, bool flag_column = false);

// The head flags of a segmented run of `values`: the spec's flags text, else (for a file) its
// second column, which is then taken out of `values`. Throws ScanError when there are none.
std::vector<uint8_t> load_flags(const InputSpec& input, ValueArray& values, const std::string& origin, Voice voice = Voice::cli);

// The spec's request for `algorithm` (its own, or a comparison's on the same input): a preset's
// section applies to the multi-block algorithms unless a section was chosen.
ScanRequest request_for(const RunSpec& spec, Algorithm algorithm);

// A spec loaded and resolved: what a backend runs.
struct PreparedRun {
    ValueArray input;
    std::string origin;
    ResolvedRequest resolved;
};
// Throws ScanError with the sentence for `voice`. `emulated`: the CPU emulation will run it, so a
// single-pass scan's emulation cost is refused before its input is made.
PreparedRun prepare(const RunSpec& spec, Voice voice = Voice::cli, bool emulated = false);
// The same input resolved for another algorithm (the app's comparison). A segmented one takes
// `flags` (the main run's), else the spec's flags text.
ResolvedRequest resolve_for(const RunSpec& spec, Algorithm algorithm, const ValueArray& input, Voice voice = Voice::cli,
                            const std::vector<uint8_t>& flags = {});

}  // namespace scanlab
