#include "app/gui/export/export_job.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

#include "core/error.hpp"
#include "core/input/run_header.hpp"
#include "core/input/run_link.hpp"
#include "core/trace_io/atomic_file.hpp"

extern char** environ;

namespace scanlab::gui {

std::vector<std::string> rerun_words(const Trace& t, std::string& why, BackendChoice backend) {
    if (!t.kernel.empty()) {
        why =
            "an animation is drawn from a run of the built-in algorithms; your kernel's run is exported from the command line "
            "(scanlab shot --your-kernel, one step at a time)";
        return {};
    }
    if (!t.sample.all()) {
        why = "a sampled trace is not drawn as an animation; export the whole run of a smaller N";
        return {};
    }
    try {
        RunSpec spec;
        spec.request = request_of(t.run(), t.flags);
        spec.request.sample = SampleWindow{};
        spec.backend = backend;
        spec.input.source = InputSpec::Source::text;
        for (size_t i = 0; i < size_of(t.input); ++i) spec.input.text.append(i ? " " : "").append(format_value(t.input, i));
        if (!t.flags.empty()) {
            spec.input.flags.clear();
            for (size_t i = 0; i < t.flags.size(); ++i) spec.input.flags.append(i ? "," : "").append(std::to_string(int(t.flags[i])));
        }
        return run_words(spec);
    } catch (const ScanError& e) {
        why = e.what();
        return {};
    }
}

std::vector<std::string> words_for_trace_on_screen(const Form& form, const Trace& t, std::string& why) {
    if (t.kernel.empty() && t.sample.all() && form.request.sample.all()) {
        try {
            const PreparedRun run = prepare(form, Voice::app);
            RunHeader h = run_header(run.resolved);
            // What the backend decides (its schedule's name, the detail kept) is the trace's.
            h.schedule = t.schedule, h.block_schedule = t.block_schedule, h.detail = t.detail;
            if (h == t.run() && bitwise_equal(run.input, t.input)) return run_words(form);
        } catch (const ScanError&) {}
    }
    return rerun_words(t, why, form.backend);
}

ExportJob::~ExportJob() {
    cancel();
    if (pid_ > 0) ::waitpid(pid_, nullptr, 0);
    if (fd_ >= 0) ::close(fd_);
}

bool ExportJob::start(const std::string& program, const std::vector<std::string>& words) {
    frames_done = frames_total = 0;
    last_step.clear(), result.clear(), error.clear(), pending_.clear();
    cancelled = false;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        error = std::string("could not start the export: ") + std::strerror(errno);
        return false;
    }
    std::vector<std::string> argv_words{program, "--export"};
    argv_words.insert(argv_words.end(), words.begin(), words.end());
    std::vector<char*> argv;
    for (std::string& w : argv_words) argv.push_back(w.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2);  // its progress and its sentences
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    const int r = ::posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (r != 0) {
        ::close(fds[0]);
        pid_ = -1;
        error = "could not start " + program + ": " + std::strerror(r);
        return false;
    }
    fd_ = fds[0];
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
    return true;
}

void ExportJob::take_line(const std::string& line) {
    const std::string frame = "scanlab: export: frame ", wrote = "scanlab: wrote ", err = "scanlab: error: ";
    if (line.rfind(frame, 0) == 0) {
        // "scanlab: export: frame 3 of 8 (#2 K1 · stride 1)"
        std::sscanf(line.c_str() + frame.size(), "%d of %d", &frames_done, &frames_total);
        if (const size_t open = line.find('('); open != std::string::npos) last_step = line.substr(open + 1, line.size() - open - 2);
    } else if (line.rfind(wrote, 0) == 0) {
        result = line.substr(std::string("scanlab: ").size());
    } else if (line.rfind(err, 0) == 0) {
        error = line.substr(err.size());
    }
}

void ExportJob::poll() {
    char buf[4096];
    for (ssize_t n; fd_ >= 0 && (n = ::read(fd_, buf, sizeof buf)) > 0;) pending_.append(buf, size_t(n));
    for (size_t nl; (nl = pending_.find('\n')) != std::string::npos; pending_.erase(0, nl + 1)) take_line(pending_.substr(0, nl));
    if (pid_ <= 0) return;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) != pid_) return;
    pid_ = -1;
    for (ssize_t n; fd_ >= 0 && (n = ::read(fd_, buf, sizeof buf)) > 0;) pending_.append(buf, size_t(n));
    for (size_t nl; (nl = pending_.find('\n')) != std::string::npos; pending_.erase(0, nl + 1)) take_line(pending_.substr(0, nl));
    ::close(fd_);
    fd_ = -1;
    const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (cancelled)
        error.clear(), result.clear();
    else if (!ok && error.empty())
        error = "the export stopped before its end";
}

void ExportJob::cancel() {
    if (pid_ <= 0) return;
    cancelled = true;
    ::kill(pid_, SIGTERM);  // its handler removes the file it was writing, then it ends
}

void SvgJob::start(TracePtr trace, SvgRequest request, std::string path) {
    path_ = path;
    request_ = request;
    future_ = std::async(std::launch::async, [trace, request, path] {
        try {
            const std::string svg = svg_figure(trace->trace, request);
            save_file_atomically(path, "the figure", [&](std::ostream& out) { out << svg; });
            return std::string();
        } catch (const ScanError& e) {
            return std::string(e.what());
        }
    });
}

bool SvgJob::poll(std::string& said, bool& failed) {
    if (!future_.valid() || future_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
    const std::string error = future_.get();
    failed = !error.empty();
    said = failed ? error : std::string("saved ") + figure_name(request_.figure) + " to " + path_;
    return true;
}

}  // namespace scanlab::gui
