#include "app/cli/progress_line.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>

#include "core/trace_io/atomic_file.hpp"

namespace scanlab::cli {

ProgressLine::ProgressLine(std::string what) : what_(std::move(what)) {
    if (::isatty(STDERR_FILENO)) ticker_ = std::thread([this] { tick(); });
}

ProgressLine::~ProgressLine() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
    }
    wake_.notify_all();
    if (ticker_.joinable()) ticker_.join();
    if (shown_) std::fprintf(stderr, "\r\033[K");
}

void ProgressLine::detail(std::string text) {
    std::lock_guard<std::mutex> lock(mutex_);
    detail_ = std::move(text);
}

void ProgressLine::tick() {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock<std::mutex> lock(mutex_);
    // Quick work finishes before the first report.
    if (wake_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; })) return;
    while (!done_) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "\r\033[Kscanlab: %s%s%s (%.0f s)", what_.c_str(), detail_.empty() ? "" : ": ", detail_.c_str(), s);
        std::fflush(stderr);
        shown_ = true;
        wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return done_; });
    }
}

namespace {

std::atomic<bool> output_started{false};

extern "C" void on_interrupt(int) {
    remove_unfinished_save();
    static const char nothing[] = "\nscanlab: interrupted; nothing was written\n";
    static const char partial[] = "\nscanlab: interrupted; the output on standard output is incomplete\n";
    const bool started = output_started.load();
    [[maybe_unused]] auto n = ::write(STDERR_FILENO, started ? partial : nothing, (started ? sizeof partial : sizeof nothing) - 1);
    ::_exit(130);
}

}  // namespace

void output_begins() { output_started = true; }

void end_cleanly_on_interrupt() {
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
}

}  // namespace scanlab::cli
