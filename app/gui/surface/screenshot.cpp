#include "app/gui/surface/screenshot.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <vector>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"

namespace scanlab::gui {

std::string read_framebuffer_rgb(int width, int height, std::vector<unsigned char>& flipped) {
    if (width <= 0 || height <= 0) return "the window has no pixels to save";
    // Read as RGBA, the one format OpenGL ES (the web edition's WebGL2) always reads.
    std::vector<unsigned char> pixels(size_t(width) * size_t(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    if (glGetError() != GL_NO_ERROR) return "OpenGL could not read the window's pixels";
    // OpenGL's rows run bottom-up; a picture's run top-down. Red, green and blue are kept.
    const size_t row = size_t(width) * 3;
    flipped.assign(size_t(width) * size_t(height) * 3, 0);
    for (int y = 0; y < height; ++y) {
        const unsigned char* from = &pixels[size_t(height - 1 - y) * size_t(width) * 4];
        unsigned char* to = &flipped[size_t(y) * row];
        for (int x = 0; x < width; ++x) std::memcpy(to + size_t(x) * 3, from + size_t(x) * 4, 3);
    }
    return "";
}

std::string write_framebuffer_png(const std::string& path, int width, int height) {
    std::vector<unsigned char> flipped;
    if (std::string why = read_framebuffer_rgb(width, height, flipped); !why.empty()) return why;
    const size_t row = size_t(width) * 3;
    try {
        save_file_atomically(path, "the picture", [&](std::ostream& out) {
            auto to_stream = [](void* context, void* data, int size) {
                static_cast<std::ostream*>(context)->write(static_cast<const char*>(data), size);
            };
            if (!stbi_write_png_to_func(to_stream, &out, width, height, 3, flipped.data(), int(row)))
                throw ScanError("could not encode " + quoted_path(path) + " as a PNG");
        });
    } catch (const ScanError& e) {
        return e.what();
    }
    return "";
}

std::string screenshot_path() {
    std::filesystem::path dir = ".";
    if (const char* h = std::getenv("HOME"); h && *h) {
        std::error_code ec;
        const std::filesystem::path pics = std::filesystem::path(h) / "Pictures";
        if (std::filesystem::is_directory(pics, ec)) dir = pics;
    }
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    // Absolute, so the status line says where the file is whatever the app's working folder.
    std::error_code ec;
    const std::filesystem::path path = dir / ("scanlab-" + std::string(stamp) + ".png");
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    return (ec ? path : absolute.lexically_normal()).string();
}

}  // namespace scanlab::gui
