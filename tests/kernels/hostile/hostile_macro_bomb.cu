// A compile bomb: each macro is the one below it four times over, 4^13 tokens in all.
#define L0 1+
#define L1 L0 L0 L0 L0
#define L2 L1 L1 L1 L1
#define L3 L2 L2 L2 L2
#define L4 L3 L3 L3 L3
#define L5 L4 L4 L4 L4
#define L6 L5 L5 L5 L5
#define L7 L6 L6 L6 L6
#define L8 L7 L7 L7 L7
#define L9 L8 L8 L8 L8
#define L10 L9 L9 L9 L9
#define L11 L10 L10 L10 L10
#define L12 L11 L11 L11 L11
#define L13 L12 L12 L12 L12
static const int boom = L13 0;

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i] + (boom & 0);
}
