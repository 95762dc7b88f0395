#pragma once
// The trace file format (`scanlab trace --format json`): record on a machine with a GPU, replay
// on a projector laptop without one.
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/explain_kernel.hpp"
#include "core/trace.hpp"

namespace scanlab {

class TraceCheck;  // core/trace_io/trace_check.hpp

inline constexpr int kTraceFormatVersion = 1;

// Each step carries its explanation; a student's kernel's names the findings its run made
// (`findings`), where the caller has them.
void write_trace_json(std::ostream& out, const Trace& trace, const std::vector<StepFinding>* findings = nullptr);

// The same file written a few steps at a time, so that a page with one thread can write a large
// trace between its frames (and stop when asked). The trace and findings must outlive the writer.
class TraceJsonWriter {
public:
    explicit TraceJsonWriter(const Trace& trace, const std::vector<StepFinding>* findings = nullptr);
    // Writes the head (on the first call), else up to max_steps steps, and the tail after the
    // last; says whether the file is whole.
    bool write_some(std::ostream& out, size_t max_steps);
    bool done() const { return finished_; }
    double progress() const;  // 0 to 1

private:
    const Trace& t_;
    const std::vector<StepFinding>* findings_;
    bool started_ = false, finished_ = false, explained_ = false;
    size_t next_ = 0;
    FinalSteps finals_;
    std::optional<Formula> chapter_;
};

// The most memory opening a trace file may take (the trace held and checked): half of this
// machine's, so opening never pushes the app out of memory. Values are held as their type (an
// int32 trace's in 4 bytes each), an access in 16 bytes, a snapshot in 18 bytes a block (26 for a
// look-back) and three values a tile.
struct OpenLimit {
    size_t bytes = 0;
    std::string why;  // "half of this machine's memory"
};
OpenLimit open_memory_limit();
// A file that would take more than the limit: one sentence naming the limit and the file's need.
struct TraceTooLarge : ScanError {
    using ScanError::ScanError;
};

// Throws ScanError naming what is wrong with a malformed, truncated or foreign file, and
// TraceTooLarge for one that would take more than `limit` to open.
Trace read_trace_json(std::istream& in, const std::string& origin, const OpenLimit& limit = open_memory_limit());

// The same reading a slice at a time, for a page with one thread: each advance() parses about
// `budget` values of the text and says whether the trace is read; then one call builds the trace,
// each of the next holds it against a piece of its run (TraceCheck) and one checks its stated counts. The trace and every refusal are
// read_trace_json's (a malformed file is read whole once it is found to be, for its sentence);
// advance() throws them. A file refused by its header's estimate is refused before its arrays.
class TraceJsonReading {
public:
    TraceJsonReading(std::string text, std::string origin, OpenLimit limit = open_memory_limit());
    ~TraceJsonReading();
    bool advance(size_t budget);
    double progress() const;  // 0 to 1: how much of the text is read
    Trace take();  // once advance() said it is read

private:
    struct Parse;
    std::string text_;
    std::string origin_;
    OpenLimit limit_;
    std::unique_ptr<Parse> parse_;
    bool parsed_ = false;
    std::optional<Trace> built_;  // parsed and built, before its check
    std::unique_ptr<TraceCheck> check_;  // built_ held against its run, a piece a call
    bool checked_ = false;  // built_ is held against its run
    std::optional<Trace> trace_;
};

}  // namespace scanlab
