#pragma once
// The single-pass scan's temporary storage, as both the host (sizes) and the kernel (addresses)
// see it. One layout for every element type and tuning variant, so one prepared buffer serves any
// scan whose tile count fits it:
//
//   [header: 128 B][narrow words: 8 B x capacity, padded to 16 B][wide words: 16 B x capacity]
//
// The header holds, at byte 0, the ticket counter (high 32 bits: the epoch of the next launch, low
// 32 bits: the next tile in ticket order, the blocks arrived so far in blockIdx order; 0 at rest);
// at byte 8, the count of finished blocks used once per epoch period. Every kernel leaves the
// counter at (next epoch, 0), so one buffer serves every kernel and tile order. A status word's
// high 32 bits are (tag << 1 | inclusive), tag = epoch + 1, so a word left by an earlier launch (or
// the zeros of a fresh buffer) never reads as ready. For 4-byte types the low 32 bits hold the value
// itself (the narrow words); 8-byte types use the wide words: that 64-bit word, then the value. The
// two never alias, so a value of one type can never read as another type's flag.
#include <cstddef>
#include <cstdint>

namespace scanlab::production {

inline constexpr size_t kTempHeaderBytes = 128;
inline constexpr size_t kTempBytesPerTile = 8 + 16;
// Epochs run 0 .. kEpochPeriod-1, so tags run 1 .. kEpochPeriod and (tag << 1 | 1) fits 32 bits.
// The launch with the last epoch clears every status word before the tags repeat.
inline constexpr uint32_t kEpochPeriod = 0x7fffffffu;

// Tiles a buffer of temp_bytes can track (0 if it is smaller than the header).
inline constexpr uint64_t temp_tile_capacity(size_t temp_bytes) {
    return temp_bytes < kTempHeaderBytes + 8 ? 0 : (temp_bytes - kTempHeaderBytes - 8) / kTempBytesPerTile;
}

// Where the wide words start (16-byte aligned), and the bytes of both arrays of words.
inline constexpr size_t temp_wide_words_offset(uint64_t capacity) { return kTempHeaderBytes + size_t(capacity + 1) / 2 * 16; }
inline constexpr size_t temp_words_bytes(uint64_t capacity) { return temp_wide_words_offset(capacity) - kTempHeaderBytes + size_t(capacity) * 16; }

// Bytes for `tiles` tiles, rounded up to 256 so consecutive buffers stay aligned.
inline constexpr size_t temp_bytes_for_tiles(uint64_t tiles) {
    const size_t bytes = kTempHeaderBytes + 8 + size_t(tiles) * kTempBytesPerTile;
    return (bytes + 255) / 256 * 256;
}

}  // namespace scanlab::production
