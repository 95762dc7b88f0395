// Cooperative groups: a tile of 32 scans with its shuffles, the block syncs through this_thread_block().
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_scan(float *X, float *Y, int n) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? X[i] : 0.0f;
    for (int d = 1; d < 32; d *= 2) {
        float up = tile.shfl_up(v, d);
        if (tile.thread_rank() >= d) v += up;
    }
    block.sync();
    if (i < n) Y[i] = v;
}
