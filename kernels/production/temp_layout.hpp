#pragma once
// The single-pass scan's temporary storage, as both the host (sizes) and the kernel (addresses)
// see it. One layout for every element type and tuning variant, so one prepared buffer serves any
// scan whose tile count fits it:
//
//   [header: 128 B][slots: 64 B x capacity]
//
// The header holds, at byte 0, the ticket counter (high 32 bits: the epoch of the next launch, low
// 32 bits: the next tile in ticket order, the blocks arrived so far in blockIdx order; 0 at rest);
// at byte 8, the count of finished blocks used once per epoch period. Every kernel leaves the
// counter at (next epoch, 0), so one buffer serves every kernel and tile order.
//
// Tile t's status word lives at the start of slot t. Its first 64-bit word always has the flag in
// its high 32 bits, (tag << 1 | inclusive) with tag = epoch + 1, so a word left by an earlier launch
// of any type (or the zeros of a fresh buffer) never reads as ready. 4-byte types keep the value in
// that word's low 32 bits; 8-byte types in the next 64-bit word.
//
// One word per 64 bytes, two tiles to a 128-byte line: every tile's look-back polls its
// predecessors' lines while they are being written, and with words packed 16 (4-byte types) or 8 to
// a line, those reads and writes queued behind one another on the same few lines of L2. On an H100
// the sparser slots took the scan at 2^28 from 0.90 to 0.97 of the copy's bandwidth for 4-byte types
// and from 0.95 to 0.97 for 8-byte ones (docs/performance.md, fifth round).

#include <cstddef>
#include <cstdint>

namespace scanlab::production {

inline constexpr size_t kTempHeaderBytes = 128;
inline constexpr size_t kTempSlotBytes = 64;
// Epochs run 0 .. kEpochPeriod-1, so tags run 1 .. kEpochPeriod and (tag << 1 | 1) fits 32 bits.
// The launch with the last epoch clears every status word before the tags repeat.
inline constexpr uint32_t kEpochPeriod = 0x7fffffffu;

// Tiles a buffer of temp_bytes can track (0 if it is smaller than the header and one slot).
inline constexpr uint64_t temp_tile_capacity(size_t temp_bytes) {
    return temp_bytes < kTempHeaderBytes + kTempSlotBytes ? 0 : (temp_bytes - kTempHeaderBytes) / kTempSlotBytes;
}

// The bytes of the slots.
inline constexpr size_t temp_words_bytes(uint64_t capacity) { return size_t(capacity) * kTempSlotBytes; }

// Bytes for `tiles` tiles (at least one), rounded up to 256 so consecutive buffers stay aligned.
inline constexpr size_t temp_bytes_for_tiles(uint64_t tiles) {
    const size_t bytes = kTempHeaderBytes + size_t(tiles > 0 ? tiles : 1) * kTempSlotBytes;
    return (bytes + 255) / 256 * 256;
}

}  // namespace scanlab::production
