#pragma once
// Screenshots: the pixels of the current GL framebuffer, written as a PNG with stb_image_write.
#include <string>
#include <vector>

namespace scanlab::gui {

// Reads width x height pixels of the bound read framebuffer (flipped to top-down rows) and writes
// them to `path`. Returns an empty string on success, else a sentence saying what went wrong.
std::string write_framebuffer_png(const std::string& path, int width, int height);
// The same pixels as RGB, rows top-down, into `rgb`: empty on success, else the sentence.
std::string read_framebuffer_rgb(int width, int height, std::vector<unsigned char>& rgb);

// A fresh file name for an F12 screenshot: ~/Pictures/scanlab-YYYYMMDD-HHMMSS.png (or the
// working folder when there is no ~/Pictures).
std::string screenshot_path();

}  // namespace scanlab::gui
