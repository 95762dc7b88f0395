#include "app/gui/export/mp4_writer.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/trace_io/atomic_file.hpp"

namespace scanlab::gui {
namespace {

std::string quoted_for_shell(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// The temporaries of the video under way, for remove_video_temporaries() (fixed buffers: a signal
// handler may not allocate).
char pending_folder[1024], pending_file[1100], pending_log[1100];
std::atomic<bool> has_pending{false};

void mark_pending(const std::string& folder, const std::string& file, const std::string& log) {
    if (log.size() >= sizeof pending_log || file.size() >= sizeof pending_file || folder.size() >= sizeof pending_folder) return;
    std::memcpy(pending_folder, folder.c_str(), folder.size() + 1);
    std::memcpy(pending_file, file.c_str(), file.size() + 1);
    std::memcpy(pending_log, log.c_str(), log.size() + 1);
    has_pending = true;
}

std::string last_lines(const std::string& path) {
    std::ifstream in(path);
    std::string line, last;
    while (std::getline(in, line))
        if (!line.empty()) last = line;
    return last;
}

}  // namespace

void remove_video_temporaries() {
    if (!has_pending.exchange(false)) return;
    ::unlink(pending_file);
    ::unlink(pending_log);
    ::rmdir(pending_folder);
}

std::string ffmpeg_program() {
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/ffmpeg";
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return "";
}

std::string ffmpeg_missing_sentence() {
    return "MP4 export needs the ffmpeg program, which is not installed: install Debian's ffmpeg package "
           "(sudo apt-get install ffmpeg), or export a GIF (--format gif)";
}

Mp4Video::Mp4Video(int width, int height, int frame_ms) : frame_bytes_(size_t(width) * size_t(height) * 3) {
    const std::string ffmpeg = ffmpeg_program();
    if (ffmpeg.empty()) throw ScanError(ffmpeg_missing_sentence());
    std::string templ = (std::filesystem::temp_directory_path() / "scanlab-mp4-XXXXXX").string();
    if (!::mkdtemp(templ.data())) throw ScanError("could not make a temporary folder for the video");
    folder_ = templ;
    file_ = folder_ + "/video.mp4";
    log_ = folder_ + "/ffmpeg.log";
    mark_pending(folder_, file_, log_);
    // Each step one frame at 1000/frame_ms frames a second; yuv420p and +faststart, so every
    // player and slide program plays it; the lossless-looking quality of CRF 18.
    const std::string cmd = quoted_for_shell(ffmpeg) + " -hide_banner -loglevel error -nostdin -y -f rawvideo -pix_fmt rgb24 -s " +
                            std::to_string(width) + "x" + std::to_string(height) + " -framerate 1000/" + std::to_string(frame_ms) +
                            " -i - -c:v libx264 -preset medium -crf 18 -tune stillimage -pix_fmt yuv420p -movflags +faststart " +
                            quoted_for_shell(file_) + " 2>" + quoted_for_shell(log_);
    pipe_ = ::popen(cmd.c_str(), "w");
    if (!pipe_) throw ScanError("could not start ffmpeg (" + ffmpeg + ")");
}

Mp4Video::~Mp4Video() {
    if (pipe_) ::pclose(pipe_);
    std::error_code ec;
    has_pending = false;
    if (!folder_.empty()) std::filesystem::remove_all(folder_, ec);
}

void Mp4Video::add_frame(const std::vector<uint8_t>& rgb) {
    if (rgb.size() != frame_bytes_) throw ScanError("a frame of the video has the wrong size");
    if (std::fwrite(rgb.data(), 1, rgb.size(), pipe_) != rgb.size()) {
        const std::string said = last_lines(log_);
        throw ScanError("ffmpeg stopped taking frames" + (said.empty() ? std::string() : ": " + said));
    }
}

void Mp4Video::finish(const std::string& path) {
    const int status = ::pclose(pipe_);
    pipe_ = nullptr;
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        const std::string said = last_lines(log_);
        throw ScanError("ffmpeg could not make the video" + (said.empty() ? std::string() : ": " + said));
    }
    std::ifstream in(file_, std::ios::binary);
    if (!in) throw ScanError("ffmpeg wrote no video");
    save_file_atomically(path, "the video", [&](std::ostream& out) { out << in.rdbuf(); });
}

}  // namespace scanlab::gui
