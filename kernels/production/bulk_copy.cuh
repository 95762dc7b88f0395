#pragma once
// Hopper's bulk copy engine, 1-D form (cp.async.bulk, sm_90 and later), and the shared-memory
// barriers (mbarrier) its copies complete on. One thread asks for a whole tile with a single
// instruction; the engine writes it into shared memory and counts its bytes on the barrier; every
// thread waits on the barrier's phase. No registers hold the bytes in flight.
//
// Use only in device code compiled for sm_90 or later (the staged kernel guards its body).
#include <cstdint>

namespace scanlab::production {

__device__ __forceinline__ uint32_t shared_address(const void* p) { return uint32_t(__cvta_generic_to_shared(p)); }

// One arrival expected per phase (the thread that asks for the copy).
__device__ __forceinline__ void mbarrier_init(uint64_t* bar, uint32_t arrivals) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(shared_address(bar)), "r"(arrivals) : "memory");
}

// Makes the initialised barriers visible to the copy engine (the async proxy).
__device__ __forceinline__ void fence_mbarrier_init() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }

// That thread's arrival, for a phase that also waits on `bytes` from the copy engine.
__device__ __forceinline__ void mbarrier_arrive_expect_bytes(uint64_t* bar, uint32_t bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(bar)), "r"(bytes) : "memory");
}

// Waits until the phase of the given parity has completed (acquire: the copy's bytes are visible
// afterwards).
__device__ __forceinline__ void mbarrier_wait(uint64_t* bar, uint32_t parity) {
    uint32_t done = 0;
    do {
        asm volatile(
            "{\n\t.reg .pred p;\n\t"
            "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
            "selp.u32 %0, 1, 0, p;\n\t}"
            : "=r"(done)
            : "r"(shared_address(bar)), "r"(parity)
            : "memory");
    } while (!done);
}

// `bytes` (a multiple of 16; both addresses 16-byte aligned) from global to shared memory,
// completing on `bar`.
__device__ __forceinline__ void bulk_load(void* shared_dst, const void* global_src, uint32_t bytes, uint64_t* bar) {
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(shared_address(shared_dst)),
        "l"(__cvta_generic_to_global(global_src)), "r"(bytes), "r"(shared_address(bar))
        : "memory");
}

}  // namespace scanlab::production
