#include "kernel_tracer/runtime/kernel_image.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <elf.h>
#include <link.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

#include "kernel_tracer/shim/scanlab_shim_abi.h"

namespace scanlab::kernel_tracer {
namespace {

constexpr size_t kDynamicSharedCapacity = SCANLAB_DYNAMIC_SHARED_CAPACITY;

std::string demangle(const char* mangled) {
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> d(abi::__cxa_demangle(mangled, nullptr, nullptr, &status), &std::free);
    return status == 0 && d ? std::string(d.get()) : std::string(mangled);
}

// "f(float*, float*, int)::XY" -> "XY"; "f(float*, float*, int)" -> "f".
std::string short_name(const std::string& demangled, bool function) {
    if (function) {
        std::string head = demangled.substr(0, demangled.find('('));
        const size_t colon = head.rfind("::");
        return colon == std::string::npos ? head : head.substr(colon + 2);
    }
    const size_t colon = demangled.rfind("::");
    return colon == std::string::npos ? demangled : demangled.substr(colon + 2);
}

}  // namespace

KernelImage load_kernel_image(const std::string& path) {
    KernelImage image;
    image.handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!image.handle) throw std::runtime_error(std::string("the compiled kernel could not be loaded: ") + dlerror());
    link_map* map = nullptr;
    if (dlinfo(image.handle, RTLD_DI_LINKMAP, &map) != 0 || !map) throw std::runtime_error("the compiled kernel's load address is unknown");
    image.base = uintptr_t(map->l_addr);

    std::ifstream in(path, std::ios::binary);
    const std::string elf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (elf.size() < sizeof(Elf64_Ehdr)) throw std::runtime_error("the compiled kernel is not a library this runner reads");
    const auto* eh = reinterpret_cast<const Elf64_Ehdr*>(elf.data());
    if (std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shoff + size_t(eh->e_shnum) * sizeof(Elf64_Shdr) > elf.size())
        throw std::runtime_error("the compiled kernel is not a library this runner reads");
    const auto* sh = reinterpret_cast<const Elf64_Shdr*>(elf.data() + eh->e_shoff);
    auto section_name = [&](const Elf64_Shdr& s) { return elf.data() + sh[eh->e_shstrndx].sh_offset + s.sh_name; };
    int kernels_index = -1, shared_index = -1;
    for (int i = 0; i < eh->e_shnum; ++i) {
        if (sh[i].sh_flags & SHF_ALLOC) image.end = std::max<uintptr_t>(image.end, image.base + sh[i].sh_addr + sh[i].sh_size);
        if (std::strcmp(section_name(sh[i]), "scanlab_kernels") == 0) kernels_index = i;
        if ((std::strcmp(section_name(sh[i]), ".data") == 0 || std::strcmp(section_name(sh[i]), ".bss") == 0) && sh[i].sh_size > 0)
            image.data.push_back({image.base + sh[i].sh_addr, size_t(sh[i].sh_size)});
        if (std::strcmp(section_name(sh[i]), "scanlab_shared") == 0) {
            shared_index = i;
            image.shared_begin = image.base + sh[i].sh_addr;
            image.shared_end = image.shared_begin + sh[i].sh_size;
        }
    }
    for (int i = 0; i < eh->e_shnum; ++i) {
        if (sh[i].sh_type != SHT_SYMTAB) continue;
        const auto* syms = reinterpret_cast<const Elf64_Sym*>(elf.data() + sh[i].sh_offset);
        const char* names = elf.data() + sh[sh[i].sh_link].sh_offset;
        for (size_t k = 0; k < sh[i].sh_size / sizeof(Elf64_Sym); ++k) {
            const Elf64_Sym& s = syms[k];
            if (s.st_shndx == 0 || s.st_name == 0) continue;
            const std::string d = demangle(names + s.st_name);
            if (int(s.st_shndx) == kernels_index && ELF64_ST_TYPE(s.st_info) == STT_FUNC)
                image.kernels.push_back({short_name(d, true), d, reinterpret_cast<void*>(image.base + s.st_value)});
            else if (ELF64_ST_TYPE(s.st_info) == STT_FUNC && d.find("scanlab") == std::string::npos && d.find("::") == std::string::npos)
                image.functions.push_back({short_name(d, true), d, reinterpret_cast<void*>(image.base + s.st_value)});
            if (int(s.st_shndx) == shared_index && ELF64_ST_TYPE(s.st_info) == STT_OBJECT && s.st_size > 0)
                image.shared.push_back(
                    {short_name(d, false), image.base + s.st_value, size_t(s.st_size), s.st_size == kDynamicSharedCapacity});
            else if (ELF64_ST_TYPE(s.st_info) == STT_OBJECT && s.st_size > 0 && s.st_shndx < eh->e_shnum)
                image.variables.push_back({image.base + s.st_value, size_t(s.st_size)});
        }
    }
    std::sort(image.shared.begin(), image.shared.end(), [](const SharedArray& a, const SharedArray& b) { return a.address < b.address; });
    std::sort(image.variables.begin(), image.variables.end(), [](const Range& a, const Range& b) { return a.address < b.address; });
    if (const auto* section = static_cast<const int*>(dlsym(image.handle, "scanlab_section_size"))) image.section_size = *section;
    return image;
}

}  // namespace scanlab::kernel_tracer
