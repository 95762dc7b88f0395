#pragma once
// Where the app's long work runs (scans, trace files, the Figure 9.10 run, exercise answers): off
// the UI thread, so the window never freezes. The desktop starts a thread for each job; the web
// edition has none (wasm threads need headers a static file server does not send), so its jobs
// wait in a queue and the page's frame loop runs them between frames (run_queued_job), after the
// frame that shows the spinner. Either way the caller polls the future, as the Session does.
#include <functional>
#include <future>
#include <memory>
#include <type_traits>
#include <utility>

namespace scanlab::gui {

// The web edition's queue (background_web.cpp); unused on the desktop.
void queue_job(std::function<void()> job);
// Runs the oldest queued job, if any; says whether it ran one.
bool run_queued_job();

template <class F> std::future<std::invoke_result_t<F&>> start_job(F job) {
#if defined(__EMSCRIPTEN__)
    auto task = std::make_shared<std::packaged_task<std::invoke_result_t<F&>()>>(std::move(job));
    auto result = task->get_future();
    queue_job([task] { (*task)(); });
    return result;
#else
    return std::async(std::launch::async, std::move(job));
#endif
}

}  // namespace scanlab::gui
