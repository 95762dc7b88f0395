#include "core/emulation/emulate.hpp"
#include "core/engine/backend.hpp"

namespace scanlab {
namespace {

class CpuBackend final : public Backend {
public:
    std::string name() const override { return "cpu"; }
    std::string description() const override { return "CPU emulation"; }
    Trace run(const ResolvedRequest& request, const ValueArray& input) override { return emulate(request, input); }
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend() { return std::make_unique<CpuBackend>(); }

}  // namespace scanlab
