// Opening a trace file: its reading and check on a worker (on the web, in slices with its progress
// and a Cancel), the comparison run on the file's own input, and how the open takes its result in.
#include <filesystem>
#include <fstream>
#include <optional>

#include "app/gui/model/session_job.hpp"
#include "app/gui/model/worker_runs.hpp"
#include "core/input/resolve.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/trace_json.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab::gui {
namespace {

// A path that can be read as a trace file, or the sentence why not.
void check_openable(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw ScanError("cannot open trace " + quoted_path(path) + ": it is a directory");
    // A device or a named pipe may never end (or never start).
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw ScanError("cannot open trace " + quoted_path(path) + ": it is not a regular file");
}

// The comparison run on an opened trace's own input and operator (a full trace's only).
void compare_opened(RunResult& r, const Trace& t, const std::string& origin, Algorithm compare_algo, BackendChoice choice) {
    if (t.detail == Detail::full) compare_beside(r, t, origin, compare_algo, choice);
}

std::string opened_origin(const std::string& path) { return "file " + std::filesystem::path(path).filename().string(); }

// An opened trace, with the comparison run on the file's own input and operator.
void show_opened(RunResult& r, Trace t, const std::string& path, Algorithm compare_algo, BackendChoice choice) {
    compare_opened(r, t, opened_origin(path), compare_algo, choice);
    r.main = make_shown(std::move(t), opened_origin(path));
}

#if defined(__EMSCRIPTEN__)
// The page reads the file's JSON a slice at a time (TraceJsonReading, which then builds the trace
// and holds it against its run in slices of their own), with its progress and a Cancel on screen;
// the comparison runs in a slice of its own.
std::future<RunResult> start_open_job(const std::string& path, Algorithm compare_algo, BackendChoice choice,
                                      std::shared_ptr<JobProgress> progress) {
    struct State {
        std::ifstream in;
        std::string text;
        size_t size = 0;
        std::optional<TraceJsonReading> reading;
        std::optional<Trace> trace;  // read and checked, before its comparison
        RunResult compared;
        std::string error;
    };
    auto state = std::make_shared<State>();
    auto advance = [state, path, compare_algo, choice, progress] {
        constexpr size_t kPiece = size_t(4) << 20;  // bytes read from the page's file system a slice
        try {
            if (state->trace) {
                state->compared =
                    guarded([&](RunResult& r) { compare_opened(r, *state->trace, opened_origin(path), compare_algo, choice); });
                progress->fraction = 1.0f;
                return true;
            }
            if (!state->in.is_open() && !state->reading) {
                check_openable(path);
                state->in.open(path, std::ios::binary | std::ios::ate);
                if (!state->in) throw ScanError("cannot open trace " + quoted_path(path) + ": it does not exist or is not readable");
                state->size = size_t(state->in.tellg());
                state->in.seekg(0);
                state->text.reserve(state->size);
                return false;
            }
            if (!state->reading) {
                const size_t at = state->text.size(), piece = std::min(kPiece, state->size - at);
                state->text.resize(at + piece);
                if (!state->in.read(state->text.data() + at, std::streamsize(piece)))
                    throw ScanError("reading " + quoted_path(path) + " failed partway");
                progress->fraction = float(0.1 * double(state->text.size()) / double(std::max<size_t>(state->size, 1)));
                if (state->text.size() < state->size) return false;
                state->in.close();
                std::error_code ec;
                std::filesystem::remove(path, ec);  // the page's copy of the file, read: its memory back
                state->reading.emplace(std::move(state->text), quoted_path(path));
                return false;
            }
            const bool read = state->reading->advance(4096);
            progress->fraction = float(0.1 + 0.85 * state->reading->progress());
            if (read) {
                state->trace = state->reading->take();
                state->reading.reset();
            }
            return false;
        } catch (const ScanError& e) {
            state->error = e.what();
        } catch (const std::bad_alloc&) {
            state->error = quoted_path(path) + " is too large to load in the memory this page has";
        }
        return true;
    };
    auto finish = [state, path, progress] {
        return guarded([&](RunResult& r) {
            if (progress->cancelled) throw ScanError("opening was cancelled");
            if (!state->error.empty()) throw ScanError(state->error);
            r.compare = std::move(state->compared.compare);
            r.compare_error = state->compared.error.empty() ? state->compared.compare_error : state->compared.error;
            r.main = make_shown(std::move(*state->trace), opened_origin(path));
        });
    };
    return start_sliced_job(std::move(advance), std::move(finish), std::move(progress));
}
#endif

// An open of a trace file: its trace replaces the one on screen, unless the open was cancelled or
// a newer request came since; a failure is said in the dialog that asked, and the status line.
class OpenJob final : public SessionJob {
public:
    using SessionJob::SessionJob;
    void finish(Session& s, RunResult r) override {
        if (!s.newest(generation)) return;  // cancelled, or a newer request superseded it
        s.open_task.pending = false;
        s.open_task.failure = r.error.empty() ? "" : as_sentence(r.error) + " The trace on screen is unchanged.";
        if (!r.error.empty()) {
            s.status = s.open_task.failure;
            s.status_failed = true;
            return;
        }
        show_traces(s, r, true);
    }
    void cancelled(Session& s) override { s.cancel_open(); }  // the trace on screen stays
};

}  // namespace

void Session::open_trace(const std::string& path) {
    const uint64_t g = new_request();
    const Algorithm compare_algo = form.compare_algorithm;
    const BackendChoice choice = form.backend;
    open_task = {true, ""};
#if defined(__EMSCRIPTEN__)
    auto progress = std::make_shared<JobProgress>();
    start(std::make_unique<OpenJob>(g, "opening " + quoted_path(path), start_open_job(path, compare_algo, choice, progress), progress));
#else
    start(std::make_unique<OpenJob>(g, "opening " + quoted_path(path), start_job([path, compare_algo, choice] {
                                        return guarded([&](RunResult& r) {
                                            check_openable(path);
                                            std::ifstream in(path, std::ios::binary);
                                            if (!in)
                                                throw ScanError("cannot open trace " + quoted_path(path) +
                                                                ": it does not exist or is not readable");
                                            // The path quoted, as the other failures say it: a sentence begins with its quote mark,
                                            // never with a path capitalised into another one ("M/x.json").
                                            show_opened(r, read_trace_json(in, quoted_path(path)), path, compare_algo, choice);
                                        });
                                    })));
#endif
}

void Session::cancel_open() {
    if (!open_task.pending) return;
    new_request();  // its result, when it comes, is for an older request and is dropped
    open_task = {false, ""};
    status = "Opening was cancelled; the trace on screen is unchanged.";
    status_failed = false;
}

}  // namespace scanlab::gui
