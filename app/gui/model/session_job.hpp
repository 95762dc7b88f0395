#pragma once
// A job the Session runs off the UI thread (background.hpp): its work's future, and what it does
// with the result once the work has ended. Each kind of job is a type of its own beside the
// command that starts it (a run, an open, a save, a sampled trace, a kernel's run, ...), and
// finishes itself: the Session only starts jobs, polls them, cancels them and hands each its
// result. Tracy's workers own their jobs the same way.
#include <cstdint>
#include <future>
#include <memory>
#include <string>

#include "app/gui/model/background.hpp"
#include "app/gui/model/session.hpp"

namespace scanlab::gui {

class SessionJob {
public:
    // How the views see a job while it runs. `awaited`: the trace on screen waits on it (busy(), the
    // spinner, its `what` named) while it is the newest request; `named`: it is named while it runs
    // but nothing waits on it (a save); `quiet`: neither (the Figure 9.10 run, an estimate, a check).
    enum class Presence { awaited, named, quiet };

    SessionJob(uint64_t generation, std::string what, std::future<RunResult> future, std::shared_ptr<JobProgress> progress = {})
        : generation(generation), what(std::move(what)), future(std::move(future)), progress(std::move(progress)) {}
    SessionJob(const SessionJob&) = delete;
    SessionJob& operator=(const SessionJob&) = delete;
    virtual ~SessionJob() = default;

    const uint64_t generation;  // the request it answers (Session::new_request), or the job kind's own count
    const std::string what;  // "running Kogge-Stone", "saving \"x.json\""
    std::future<RunResult> future;
    const std::shared_ptr<JobProgress> progress;  // a sliced job's: its progress bar and Cancel; else null

    // On the UI thread, once the work has ended: its result taken into the session, or dropped
    // where a newer request superseded it.
    virtual void finish(Session& session, RunResult result) = 0;
    virtual Presence presence() const { return Presence::awaited; }
    // Quitting waits for it (a save: a few writes, and nothing half-written is left).
    virtual bool ends_before_quit() const { return false; }
    // Its Cancel was pressed (a sliced job's): what the session says and drops. The job's slices
    // stop by themselves (progress->cancelled).
    virtual void cancelled(Session&) {}
};

// A finished run's or opened file's traces on screen in place of the last (run_jobs.cpp): the
// comparison beside it, the status line, the step kept where the new trace has as many steps.
void show_traces(Session& s, const RunResult& r, bool opened);

}  // namespace scanlab::gui
