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

// That thread's arrival, with no bytes to wait for (a phase with no copy).
__device__ __forceinline__ void mbarrier_arrive(uint64_t* bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(shared_address(bar)) : "memory");
}

// Orders this thread's earlier accesses to shared memory before later ones of the copy engine (the
// async proxy): a buffer the threads read and wrote, refilled by a bulk copy.
__device__ __forceinline__ void fence_proxy_async_shared() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }

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
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(shared_address(shared_dst)),
                 "l"(__cvta_generic_to_global(global_src)), "r"(bytes), "r"(shared_address(bar))
                 : "memory");
}

// An L2 policy that evicts these lines first: data touched once, so that it does not push out of L2
// what is read again (the look-back's status words).
__device__ __forceinline__ uint64_t l2_evict_first() {
    uint64_t policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
    return policy;
}

// bulk_load with an L2 policy (l2_evict_first).
__device__ __forceinline__ void bulk_load(void* shared_dst, const void* global_src, uint32_t bytes, uint64_t* bar, uint64_t policy) {
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(
                     shared_address(shared_dst)),
                 "l"(__cvta_generic_to_global(global_src)), "r"(bytes), "r"(shared_address(bar)), "l"(policy)
                 : "memory");
}

// `bytes` (a multiple of 16; both addresses 16-byte aligned) from shared to global memory, by the
// copy engine, in this thread's current bulk group; `policy`: an L2 policy, or 0 for none.
__device__ __forceinline__ void bulk_store(void* global_dst, const void* shared_src, uint32_t bytes, uint64_t policy) {
    if (policy)
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%0], [%1], %2, %3;" ::"l"(__cvta_generic_to_global(global_dst)),
                     "r"(shared_address(shared_src)), "r"(bytes), "l"(policy)
                     : "memory");
    else
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(__cvta_generic_to_global(global_dst)),
                     "r"(shared_address(shared_src)), "r"(bytes)
                     : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}

// Waits until this thread's bulk stores have read their shared memory (the buffer may be reused;
// the writes to global memory may still be on their way).
__device__ __forceinline__ void bulk_store_wait_read() { asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory"); }

}  // namespace scanlab::production
