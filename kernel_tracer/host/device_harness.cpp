#include "kernel_tracer/host/device_harness.hpp"

#include <unistd.h>

#include <algorithm>

#include "kernel_tracer/host/child_process.hpp"
#include "kernel_tracer/host/compile_cache.hpp"

namespace scanlab::kernel_tracer {

namespace {

// T, op(a, b) and IDENTITY as the CPU run's shim has them: the shim's own definition, its text
// carried into the harness (nvcc's box holds a copy of the file's folder, not the shim's).
std::string any_type_definitions(ElementType type, OpKind op) {
    return "#define SCANLAB_ELEMENT " + std::string(c_type(type)) + "\n#define SCANLAB_OP " + std::to_string(int(op)) + "\n" +
           read_file(std::string(SCANLAB_KERNEL_SHIM_DIR) + "/scanlab_any_type.h");
}

}  // namespace

const char* c_type(ElementType t) {
    switch (t) {
        case ElementType::int32: return "int";
        case ElementType::int64: return "long";
        case ElementType::float32: return "float";
        case ElementType::float64: return "double";
    }
    return "int";
}

std::string device_harness(const HarnessShape& h) {
    std::string s =
        "// Scan Lab's device check: the file below, run on the GPU with the CPU run's input.\n"
        "#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n#include <limits>\n#include <cuda_runtime.h>\n"
        "#define SECTION_SIZE " +
        std::to_string(h.section) + "\n";
    if (h.any_type) s += any_type_definitions(h.type, h.op);
    s += "typedef " + std::string(c_type(h.type)) + " scanlab_element;\n";
    s += "#include \"" + h.file + "\"\n";
    s += R"(
static void scanlab_check(cudaError_t e, const char* what) {
    if (e == cudaSuccess) return;
    std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(e));
    std::exit(4);
}

int main(int argc, char** argv) {
    int devices = 0;
    const cudaError_t found = cudaGetDeviceCount(&devices);
    if (found != cudaSuccess || devices == 0) {
        std::fprintf(stderr, "%s\n", found != cudaSuccess ? cudaGetErrorString(found) : "the CUDA driver sees no device");
        return 5;
    }
    if (argc != 3) return 2;
    long long n = 0;
    FILE* in = std::fopen(argv[1], "rb");
    if (!in || std::fread(&n, sizeof n, 1, in) != 1 || n < 0) return 2;
    const size_t bytes = size_t(n) * sizeof(scanlab_element);
    // Managed memory: X and Y serve host code that copies from them and kernels that read them alike.
    scanlab_element *X = nullptr, *Y = nullptr;
    scanlab_check(cudaMallocManaged(&X, bytes ? bytes : 1), "cudaMallocManaged");
    scanlab_check(cudaMallocManaged(&Y, bytes ? bytes : 1), "cudaMallocManaged");
    if (std::fread(X, 1, bytes, in) != bytes) return 2;
    std::fclose(in);
    std::memset(Y, 0, bytes);  // as the CPU run's Y starts
)";
    if (h.entry.host)
        s += "    " + h.entry.name + "(X, Y, int(n));\n";
    else
        // Dynamic shared memory of one section, as the CPU run gives an `extern __shared__` array.
        s += "    " + h.entry.name + "<<<" + std::to_string(h.grid_dim) + ", " + std::to_string(h.block_dim) + ", " +
             std::to_string(std::max(h.section, h.block_dim)) + " * sizeof(scanlab_element)>>>(X, Y, int(n));\n";
    s += R"(    scanlab_check(cudaGetLastError(), "the launch");
    scanlab_check(cudaDeviceSynchronize(), "the kernel");
    FILE* out = std::fopen(argv[2], "wb");
    if (!out || std::fwrite(&n, sizeof n, 1, out) != 1 || std::fwrite(Y, 1, bytes, out) != bytes || std::fclose(out) != 0) return 2;
    return 0;
}
)";
    return s;
}

std::string find_nvcc() {
    if (::access("/usr/local/cuda/bin/nvcc", X_OK) == 0) return "/usr/local/cuda/bin/nvcc";
    return find_on_path({"nvcc"});
}

std::vector<std::string> nvcc_flags(int arch) {
    // -lineinfo: compute-sanitizer's reports name the file's lines (it changes no code).
    return {"-std=c++17",
            "-O2",
            "-lineinfo",
            "--fmad=false",
            "--expt-relaxed-constexpr",
            "-x",
            "cu",
            arch > 0 ? "-arch=sm_" + std::to_string(arch) : "-arch=native"};
}

}  // namespace scanlab::kernel_tracer
