// A kernel written for every element type and operator: a file whose kernels take `T*` names the
// element type T, the operator op(a, b) and its identity IDENTITY (0 for a sum, the lowest value for
// a max, the highest for a min). The run's --type and --op choose them, as SCANLAB_ELEMENT (a C type)
// and SCANLAB_OP (OpKind's number: 0 sum, 1 max, 2 min).
// One definition for both compilers: the CPU run's shim includes this file (clang++, where the shim
// makes __host__ and __device__ empty), and the device check's harness carries its text (nvcc).
#ifndef SCANLAB_ANY_TYPE_H
#define SCANLAB_ANY_TYPE_H
#include <limits>
typedef SCANLAB_ELEMENT T;
#if SCANLAB_OP == 1
__host__ __device__ inline T op(T a, T b) { return a > b ? a : b; }
#define IDENTITY (std::numeric_limits<T>::lowest())
#elif SCANLAB_OP == 2
__host__ __device__ inline T op(T a, T b) { return a < b ? a : b; }
#define IDENTITY (std::numeric_limits<T>::max())
#else
__host__ __device__ inline T op(T a, T b) { return a + b; }
#define IDENTITY (T(0))
#endif
#endif
