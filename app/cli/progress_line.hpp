#pragma once
// A one-line progress report on stderr for work that takes more than a second (reading a large
// input, a long run): nothing for quick work, and nothing when stderr is not a terminal, so logs
// and tests see only the sentences.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace scanlab::cli {

class ProgressLine {
public:
    // `what` is shown with the seconds elapsed, once a second has passed.
    explicit ProgressLine(std::string what);
    ~ProgressLine();  // clears the line
    void detail(std::string text);  // e.g. "123 MiB, 4,567,890 values"

private:
    void tick();
    std::string what_, detail_;
    bool shown_ = false, done_ = false;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::thread ticker_;
};

// Ctrl-C (and SIGTERM) end the command at once with a sentence and exit status 130, removing a
// file save that was under way; the files Scan Lab writes are never left half written. The
// sentence says "nothing was written" until output_begins() marks the first byte of the answer
// going to standard output, and "the output ... is incomplete" after it.
void end_cleanly_on_interrupt();
void output_begins();

}  // namespace scanlab::cli
