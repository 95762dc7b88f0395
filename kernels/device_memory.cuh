#pragma once
// Device allocations for the GPU backend: an owning array (freed when it goes out of scope, so an
// exception mid-run leaks nothing) and the non-owning span the scan plans pass around.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernels/cuda_check.hpp"

namespace scanlab::gpu {

template <class T>
struct DeviceSpan {
    T* ptr = nullptr;
    int64_t size = 0;
};

template <class T>
class DeviceArray {
public:
    DeviceArray() = default;
    DeviceArray(int64_t size, const std::string& what) : size_(size) {
        if (size > 0)
            cuda_check(cudaMalloc(&ptr_, size_t(size) * sizeof(T)),
                       "cudaMalloc(" + what + ", " + std::to_string(size * int64_t(sizeof(T))) + " bytes)");
    }
    ~DeviceArray() {
        if (ptr_) cudaFree(ptr_);  // never throws: a destructor may run while another error unwinds
    }
    DeviceArray(DeviceArray&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), size_(std::exchange(o.size_, 0)) {}
    DeviceArray& operator=(DeviceArray&& o) noexcept {
        std::swap(ptr_, o.ptr_);
        std::swap(size_, o.size_);
        return *this;
    }
    DeviceArray(const DeviceArray&) = delete;
    DeviceArray& operator=(const DeviceArray&) = delete;

    T* data() const { return ptr_; }
    int64_t size() const { return size_; }
    DeviceSpan<T> span() const { return {ptr_, size_}; }

private:
    T* ptr_ = nullptr;
    int64_t size_ = 0;
};

template <class T>
void upload(DeviceSpan<T> to, const T* from, int64_t count, const std::string& what) {
    if (count > 0)
        cuda_check(cudaMemcpy(to.ptr, from, size_t(count) * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy(" + what + " to the GPU)");
}

template <class T>
std::vector<T> download(DeviceSpan<T> from, int64_t count, const std::string& what) {
    std::vector<T> out(static_cast<size_t>(count));
    if (count > 0)
        cuda_check(cudaMemcpy(out.data(), from.ptr, size_t(count) * sizeof(T), cudaMemcpyDeviceToHost),
                   "cudaMemcpy(" + what + " from the GPU)");
    return out;
}

}  // namespace scanlab::gpu
