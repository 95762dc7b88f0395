// Exercise 4: an exclusive scan with the Kogge-Stone kernel. Trace it with
//   scanlab trace --kernel ex4-exclusive-kogge-stone.cu --preset fig9.10 --exclusive
// Y[i] is X[0] op ... op X[i - 1], and Y[0] the identity. T, op(a, b) and IDENTITY are the run's
// --type and --op. As it is, the kernel loads X unshifted and scans inclusively: WRONG.
__global__ void exclusive_kogge_stone_scan(T *X, T *Y, int InputSize) {
    __shared__ T XY[SECTION_SIZE];
    unsigned int t = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + t;
    // TODO: load the input shifted right by one: thread i takes X[i - 1], and thread 0 (and every
    // thread past the input) the identity, IDENTITY.
    XY[t] = i < InputSize ? X[i] : IDENTITY;
    // END TODO
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        T temp;
        if (t >= stride) temp = op(XY[t - stride], XY[t]);
        __syncthreads();
        if (t >= stride) XY[t] = temp;
    }
    if (i < InputSize) Y[i] = XY[t];
}
