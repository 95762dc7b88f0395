#pragma once
// The real order of a single-pass scan's events on the device, with no clocks: thread 0 of a block
// takes the next number of one global event counter (atomicAdd) and writes its event there in the
// log. The host sorts nothing: entry seq of the log is the seq-th event. The emulation replays that
// order (core/emulation/block_scheduler.hpp), so the GPU's trace is the emulation's under the order
// the hardware really took.
//
// Why the order is one the model can replay: an event that sets a flag takes its number before the
// fence and the flag's store, and a block that saw a flag set fences before it takes its next
// number; so the event after a wait always numbers after the event that ended it.
#include <cstdint>
#include <cstring>

#include "core/events.hpp"

namespace scanlab::gpu {

// One event as the device writes it; `kind` is core/events.hpp's EventKind, as a number.
struct DeviceEvent {
    int32_t block, kind, tile;
    uint32_t polls;  // failed polls just before the event
    uint64_t value_bits;  // the event's value (see RecordedEvent), its bits in the low bytes
    int32_t window_first = -1, window_last = -1, found = -1;  // a look-back's window (RecordedEvent)
    int32_t unused = 0;  // written too: a log entry has no uninitialized padding for the copy to the host
};

static_assert(sizeof(DeviceEvent) == 40, "every byte of a log entry is a field the device writes");

struct EventLog {
    unsigned long long* counter = nullptr;  // zeroed before the launch
    DeviceEvent* log = nullptr;  // room for every event of the launch
    unsigned long long capacity = 0;

    template <class T>
    __device__ void record(int32_t kind, int32_t tile, uint32_t polls, T value) const {
        const unsigned long long seq = atomicAdd(counter, 1ull);
        if (seq >= capacity) return;  // cannot happen: the log has a slot for every event
        uint64_t bits = 0;
        memcpy(&bits, &value, sizeof(T));
        log[seq] = {int32_t(blockIdx.x), kind, tile, polls, bits};
    }

    // The decoupled look-back's look_back event: the window it read and where it met a prefix.
    template <class T>
    __device__ void record_window(int32_t tile, uint32_t polls, int32_t first, int32_t last, int32_t found, T value) const {
        const unsigned long long seq = atomicAdd(counter, 1ull);
        if (seq >= capacity) return;  // the host sees the counter past the capacity and runs again
        uint64_t bits = 0;
        memcpy(&bits, &value, sizeof(T));
        log[seq] = {int32_t(blockIdx.x), int32_t(EventKind::look_back), tile, polls, bits, first, last, found};
    }
};

// The host's copy of a logged event. Every event but a start carries the device's value.
inline RecordedEvent recorded_event(const DeviceEvent& e) {
    const EventKind kind = EventKind(e.kind);
    RecordedEvent r{e.block, kind, e.tile, int64_t(e.polls), e.window_first, e.window_last, e.value_bits, kind != EventKind::start};
    r.found = e.found;
    return r;
}

}  // namespace scanlab::gpu
