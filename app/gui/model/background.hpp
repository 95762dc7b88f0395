#pragma once
// Where the app's long work runs (scans, trace files, the Figure 9.10 run, exercise answers): off
// the UI thread, so the window never freezes. The desktop starts a thread for each job; the web
// edition has none (wasm threads need headers a static file server does not send), so its jobs
// wait in a queue and the page's frame loop runs them between frames (run_queued_job), after the
// frame that shows the spinner. Either way the caller polls the future, as the Session does.
//
// A job that could hold a page past a frame's worth of time is written in slices (start_sliced_job):
// each call of `advance` does a little of it (a few steps of a trace written), so that the page runs
// slices for about a frame's time, draws the job's progress and its Cancel, and goes on in the next
// frame. The desktop's thread runs the same slices one after another.
#include <algorithm>
#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <type_traits>
#include <utility>

namespace scanlab::gui {

// How far a sliced job has come, and whether it was asked to stop: shared between the job and the
// views that draw its progress bar and Cancel.
struct JobProgress {
    std::atomic<float> fraction{0};  // 0 to 1
    std::atomic<bool> cancelled{false};
};

// The web edition's queue (background_web.cpp); unused on the desktop. A queued job is run by
// slices: each call says whether it has ended.
void queue_job(std::function<bool()> slice);
// Runs queued work for about one frame's time (kSliceBudgetMs): the oldest job's slices until it
// ends or the time is spent. Says whether it ran any.
bool run_queued_job();
inline constexpr double kSliceBudgetMs = 20;

template <class F>
std::future<std::invoke_result_t<F&>> start_job(F job) {
#if defined(__EMSCRIPTEN__)
    auto task = std::make_shared<std::packaged_task<std::invoke_result_t<F&>()>>(std::move(job));
    auto result = task->get_future();
    queue_job([task] {
        (*task)();
        return true;
    });
    return result;
#else
    return std::async(std::launch::async, std::move(job));
#endif
}

// A job in slices: `advance()` does a slice and says whether the work is done; then `finish()` makes
// the result. Once `progress->cancelled` is set no slice runs: `finish()` is called at once and
// should say the job was cancelled. Both run on the job's thread (the page's, between frames).
template <class Advance, class Finish>
std::future<std::invoke_result_t<Finish&>> start_sliced_job(Advance advance, Finish finish, std::shared_ptr<JobProgress> progress) {
#if defined(__EMSCRIPTEN__)
    auto promise = std::make_shared<std::promise<std::invoke_result_t<Finish&>>>();
    auto result = promise->get_future();
    auto advanced = std::make_shared<bool>(false);
    queue_job([promise, advance = std::move(advance), finish = std::move(finish), progress, advanced]() mutable {
        try {
            if (!progress->cancelled && !*advanced) {
                // The result is made in a slice of its own: the last slice of the work may have
                // taken its whole share of the frame's time.
                *advanced = advance();
                return false;
            }
            promise->set_value(finish());
        } catch (...) {
            promise->set_exception(std::current_exception());
        }
        return true;
    });
    return result;
#else
    return std::async(std::launch::async, [advance = std::move(advance), finish = std::move(finish), progress]() mutable {
        while (!progress->cancelled && !advance()) {}
        return finish();
    });
#endif
}

}  // namespace scanlab::gui
