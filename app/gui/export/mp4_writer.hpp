#pragma once
// An MP4 (H.264) of RGB frames, made by the ffmpeg program: the frames go down a pipe as raw
// video, ffmpeg writes into a folder of our own, and the finished file is then saved whole with
// save_file_atomically, so a failed or interrupted export leaves nothing half written at the path.
// Where ffmpeg is not installed, opening says so in one sentence naming the package.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace scanlab::gui {

class Mp4Video {
public:
    // Starts ffmpeg for frames of width x height (both even), each shown `frame_ms`. Throws
    // ScanError with the sentence where ffmpeg is missing or will not start.
    Mp4Video(int width, int height, int frame_ms);
    ~Mp4Video();
    Mp4Video(const Mp4Video&) = delete;
    Mp4Video& operator=(const Mp4Video&) = delete;

    void add_frame(const std::vector<uint8_t>& rgb);  // width * height * 3 bytes, rows top-down
    // Ends the video and saves it to `path`; throws ScanError with ffmpeg's last words on failure.
    void finish(const std::string& path);

private:
    std::string folder_, file_, log_;
    FILE* pipe_ = nullptr;
    size_t frame_bytes_;
};

// Removes the temporary folder of a video under way (ffmpeg's file and log), if any. Safe to call
// from a signal handler, so an interrupted or cancelled export leaves nothing behind.
void remove_video_temporaries();

// The ffmpeg program on PATH, or empty.
std::string ffmpeg_program();
// "MP4 export needs the ffmpeg program: install Debian's ffmpeg package (sudo apt-get install ffmpeg)."
std::string ffmpeg_missing_sentence();

}  // namespace scanlab::gui
