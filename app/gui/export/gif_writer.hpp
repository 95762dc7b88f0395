#pragma once
// An animated GIF of RGB frames, encoded by giflib as the frames come: each frame is the rectangle
// that changed since the one before (the first is whole), with a colour table of its own made from
// its own colours. A frame of 256 colours or fewer is exact; past 256 (the edges of anti-aliased
// text), its 256 most frequent colours are kept exactly and each other pixel takes the nearest of
// them, so the flat colours of cells, lines and backgrounds never change.
// Only two frames are held at once; the encoded file is kept in memory and written whole, by the
// caller, with save_file_atomically.
#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::gui {

class GifAnimation {
public:
    // `delay_ms` per frame, kept to the hundredth of a second a GIF counts in. Loops for ever.
    GifAnimation(int width, int height, int delay_ms);
    ~GifAnimation();
    GifAnimation(const GifAnimation&) = delete;
    GifAnimation& operator=(const GifAnimation&) = delete;

    // A frame of width * height * 3 bytes, rows top-down. Throws ScanError where giflib fails.
    void add_frame(const std::vector<uint8_t>& rgb);
    // The finished file's bytes (the encoder is closed; no frame can follow).
    const std::string& finish();
    int frames() const { return frames_; }

private:
    void put_frame(const std::vector<uint8_t>& rgb, int x0, int y0, int w, int h);
    int width_, height_, delay_cs_;
    int frames_ = 0;
    void* gif_ = nullptr;  // GifFileType*
    std::string bytes_;
    std::vector<uint8_t> previous_;
};

}  // namespace scanlab::gui
