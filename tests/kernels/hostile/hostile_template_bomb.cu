// A compile bomb: each level instantiates two of the next, 2^40 instantiations in all.
template <int N, int M> struct Bomb {
    static constexpr long value = Bomb<N - 1, 2 * M>::value + Bomb<N - 1, 2 * M + 1>::value;
};
template <int M> struct Bomb<0, M> {
    static constexpr long value = M;
};
constexpr long boom = Bomb<40, 0>::value;

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i] + int(boom & 0);
}
