#pragma once
// Saving the trace on screen as a file, in slices of a few steps (background.hpp): a large trace's
// JSON takes a page a few hundred milliseconds to write, so the page writes it between frames with
// its progress and a Cancel on screen. A cancelled save writes nothing.
#include <future>
#include <memory>
#include <string>

#include "app/gui/model/background.hpp"
#include "app/gui/model/session.hpp"

namespace scanlab::gui {

// The sentence a cancelled save leaves.
inline constexpr const char* kSaveCancelled = "Saving was cancelled; nothing was written.";

std::future<RunResult> start_save_job(TracePtr trace, const std::string& path, std::shared_ptr<JobProgress> progress);

}  // namespace scanlab::gui
