#include "app/gui/model/save_job.hpp"

#include <sstream>

#include "app/gui/model/session_job.hpp"

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"
#include "core/trace_io/trace_json.hpp"

namespace scanlab::gui {
namespace {

// A failure as the save dialog and the status line say it.
RunResult failed(const std::string& why) {
    RunResult r;
    r.error = why;
    return r;
}

RunResult saved(const std::string& path) {
    RunResult r;
    r.status = "saved the trace to " + quoted_path(path);
    return r;
}

struct Cancelled {};

// A save of the trace on screen: how it went is said in the dialog that asked and the status line.
class SaveJob final : public SessionJob {
public:
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        s.save_task.pending = false;
        if (progress && progress->cancelled) {
            s.save_task.failure = s.status = kSaveCancelled;
            s.status_failed = false;
            return;
        }
        if (r.error.empty()) {
            s.save_task.failure.clear();
            s.status = r.status;
        } else {
            // The atomic save leaves an existing file as it was and no half-written one.
            s.save_task.failure = as_sentence(r.error) + " Nothing was written.";
            s.status = s.save_task.failure;
        }
        s.status_failed = !r.error.empty();
    }
    Presence presence() const override { return Presence::named; }
    bool ends_before_quit() const override { return true; }
};

}  // namespace

void Session::save_trace(const std::string& path) {
    if (!trace) {
        save_task = {false, "There is no trace to save yet."};
        return;
    }
    save_task = {true, ""};
    auto progress = std::make_shared<JobProgress>();
    start(std::make_unique<SaveJob>(newest_request(), "saving " + quoted_path(path), start_save_job(trace, path, progress), progress));
}

#if defined(__EMSCRIPTEN__)
// The page writes the JSON into memory a step a slice, then the file (its memory file system) at once.
std::future<RunResult> start_save_job(TracePtr trace, const std::string& path, std::shared_ptr<JobProgress> progress) {
    struct State {
        TracePtr trace;
        std::ostringstream out;
        TraceJsonWriter writer;
        explicit State(TracePtr t) : trace(std::move(t)), writer(trace->trace) {}
    };
    auto state = std::make_shared<State>(std::move(trace));
    auto advance = [state, progress] {
        const bool done = state->writer.write_some(state->out, 1);
        progress->fraction = float(state->writer.progress());
        return done;
    };
    auto finish = [state, path, progress]() -> RunResult {
        if (progress->cancelled) return failed(kSaveCancelled);
        try {
            save_file_atomically(path, "the trace", [&](std::ostream& out) { out << state->out.str(); });
            return saved(path);
        } catch (const ScanError& e) {
            return failed(e.what());
        } catch (const std::bad_alloc&) {
            return failed("out of memory while saving the trace");
        }
    };
    return start_sliced_job(std::move(advance), std::move(finish), std::move(progress));
}
#else
// The desktop streams the JSON into the file as it is written (a trace of 256 MiB is over a GB
// of text), on a thread of its own; Cancel stops it between two steps and the file stays as it was.
std::future<RunResult> start_save_job(TracePtr trace, const std::string& path, std::shared_ptr<JobProgress> progress) {
    return start_job([trace, path, progress]() -> RunResult {
        try {
            save_file_atomically(path, "the trace", [&](std::ostream& out) {
                TraceJsonWriter writer(trace->trace);
                while (!writer.write_some(out, 1)) {
                    progress->fraction = float(writer.progress());
                    if (progress->cancelled) throw Cancelled{};
                }
            });
            return saved(path);
        } catch (const Cancelled&) {
            return failed(kSaveCancelled);
        } catch (const ScanError& e) {
            return failed(e.what());
        } catch (const std::bad_alloc&) {
            return failed("out of memory while saving the trace");
        }
    });
}
#endif

}  // namespace scanlab::gui
