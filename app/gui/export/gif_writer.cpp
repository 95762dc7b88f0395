#include "app/gui/export/gif_writer.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <unordered_map>

#include "core/error.hpp"

namespace scanlab::gui {
namespace {

GifFileType* as_gif(void* p) { return static_cast<GifFileType*>(p); }

void check(int result, GifFileType* gif, const char* what) {
    if (result != GIF_ERROR) return;
    throw ScanError(std::string("could not encode the GIF (") + what + "): " + (gif ? GifErrorString(gif->Error) : "giflib failed"));
}

int append_bytes(GifFileType* gif, const GifByteType* data, int size) {
    static_cast<std::string*>(gif->UserData)->append(reinterpret_cast<const char*>(data), size_t(size));
    return size;
}

uint32_t rgb_at(const std::vector<uint8_t>& rgb, size_t i) {
    return uint32_t(rgb[3 * i]) << 16 | uint32_t(rgb[3 * i + 1]) << 8 | rgb[3 * i + 2];
}

// The rectangle's colours: all of them where they fit a GIF's 256, else the 256 most frequent.
std::vector<uint32_t> frame_palette(const std::unordered_map<uint32_t, uint32_t>& counts) {
    std::vector<std::pair<uint32_t, uint32_t>> by_count(counts.begin(), counts.end());
    // Most frequent first; equal counts by colour, so the same frame always gives the same file.
    std::sort(by_count.begin(), by_count.end(),
              [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
    std::vector<uint32_t> palette;
    for (size_t i = 0; i < by_count.size() && i < 256; ++i) palette.push_back(by_count[i].first);
    return palette;
}

uint8_t nearest(const std::vector<uint32_t>& palette, uint32_t c) {
    auto channel = [](uint32_t x, int shift) { return int(x >> shift & 0xff); };
    size_t best = 0;
    int best_d = 1 << 30;
    for (size_t i = 0; i < palette.size(); ++i) {
        const int dr = channel(c, 16) - channel(palette[i], 16), dg = channel(c, 8) - channel(palette[i], 8),
                  db = channel(c, 0) - channel(palette[i], 0);
        const int d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;  // green weighs most to the eye
        if (d < best_d) best_d = d, best = i;
    }
    return uint8_t(best);
}

}  // namespace

GifAnimation::GifAnimation(int width, int height, int delay_ms)
    : width_(width), height_(height), delay_cs_(std::max(2, (delay_ms + 5) / 10)) {
    int err = 0;
    GifFileType* gif = EGifOpen(&bytes_, append_bytes, &err);
    if (!gif) throw ScanError(std::string("could not start the GIF: ") + GifErrorString(err));
    gif_ = gif;
    EGifSetGifVersion(gif, true);  // GIF89a: frame delays and looping
    check(EGifPutScreenDesc(gif, width, height, 8, 0, nullptr), gif, "screen");
    // The NETSCAPE2.0 block every viewer reads as "loop for ever".
    check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif, "loop");
    check(EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0"), gif, "loop");
    const unsigned char forever[3] = {1, 0, 0};
    check(EGifPutExtensionBlock(gif, 3, forever), gif, "loop");
    check(EGifPutExtensionTrailer(gif), gif, "loop");
}

GifAnimation::~GifAnimation() {
    if (gif_) EGifCloseFile(as_gif(gif_), nullptr);
}

void GifAnimation::add_frame(const std::vector<uint8_t>& rgb) {
    if (!gif_) throw ScanError("the GIF is already finished");
    if (rgb.size() != size_t(width_) * size_t(height_) * 3)
        throw ScanError("a frame of the GIF is not " + std::to_string(width_) + "x" + std::to_string(height_));
    int x0 = 0, y0 = 0, x1 = width_ - 1, y1 = height_ - 1;
    if (!previous_.empty()) {
        // The rectangle that changed; a frame that changed nothing is one pixel, for its delay.
        x0 = width_, y0 = height_, x1 = -1, y1 = -1;
        for (int y = 0; y < height_; ++y)
            for (int x = 0; x < width_; ++x) {
                const size_t i = (size_t(y) * size_t(width_) + size_t(x)) * 3;
                if (rgb[i] == previous_[i] && rgb[i + 1] == previous_[i + 1] && rgb[i + 2] == previous_[i + 2]) continue;
                x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
            }
        if (x1 < 0) x0 = x1 = y0 = y1 = 0;
    }
    put_frame(rgb, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    previous_ = rgb;
    ++frames_;
}

void GifAnimation::put_frame(const std::vector<uint8_t>& rgb, int x0, int y0, int w, int h) {
    GifFileType* gif = as_gif(gif_);
    std::unordered_map<uint32_t, uint32_t> counts;
    for (int y = y0; y < y0 + h; ++y)
        for (int x = x0; x < x0 + w; ++x) ++counts[rgb_at(rgb, size_t(y) * size_t(width_) + size_t(x))];
    const std::vector<uint32_t> palette = frame_palette(counts);
    std::unordered_map<uint32_t, uint8_t> index;
    for (size_t i = 0; i < palette.size(); ++i) index[palette[i]] = uint8_t(i);
    int size = 2;  // a GIF's colour table has a power of two entries, 2 at least
    while (size < int(palette.size())) size *= 2;
    std::vector<GifColorType> colours(size_t(size), GifColorType{0, 0, 0});
    for (size_t i = 0; i < palette.size(); ++i)
        colours[i] = {GifByteType(palette[i] >> 16), GifByteType(palette[i] >> 8 & 0xff), GifByteType(palette[i] & 0xff)};
    ColorMapObject* map = GifMakeMapObject(size, colours.data());
    if (!map) throw ScanError("out of memory while encoding the GIF");
    struct MapDown {
        ColorMapObject* m;
        ~MapDown() { GifFreeMapObject(m); }
    } map_down{map};

    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;  // each frame is drawn over the last
    gcb.DelayTime = delay_cs_;
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType ext[4];
    const size_t ext_len = EGifGCBToExtension(&gcb, ext);
    check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(ext_len), ext), gif, "frame delay");
    check(EGifPutImageDesc(gif, x0, y0, w, h, false, map), gif, "frame");
    std::vector<GifPixelType> line(static_cast<size_t>(w));
    for (int y = y0; y < y0 + h; ++y) {
        for (int x = x0; x < x0 + w; ++x) {
            const uint32_t c = rgb_at(rgb, size_t(y) * size_t(width_) + size_t(x));
            auto it = index.find(c);
            if (it == index.end()) it = index.emplace(c, nearest(palette, c)).first;
            line[size_t(x - x0)] = it->second;
        }
        check(EGifPutLine(gif, line.data(), w), gif, "pixels");
    }
}

const std::string& GifAnimation::finish() {
    if (gif_) {
        int err = 0;
        const int r = EGifCloseFile(as_gif(gif_), &err);
        gif_ = nullptr;
        if (r == GIF_ERROR) throw ScanError(std::string("could not finish the GIF: ") + GifErrorString(err));
    }
    return bytes_;
}

}  // namespace scanlab::gui
