#pragma once
#include <stdexcept>
#include <string>

namespace scanlab {

// Every refusal the user can cause (bad input, a size an algorithm cannot take, an overflow, a
// trace too large) is a ScanError whose message is a complete sentence for the user.
class ScanError : public std::runtime_error {
public:
    explicit ScanError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace scanlab
