#pragma once
// How a front end names its own controls in a sentence: the CLI by its flags ("--type int64"),
// the app by its menus ("int64 in the type menu"), a link by its keys ("type=int64"). The core's refusals are written once and take
// the voice of the front end the user is looking at.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/request.hpp"

namespace scanlab {

enum class Control : uint8_t {
    algorithm,
    block_algorithm,
    coarsening,
    type,
    section,
    warp_width,
    sample_block,
    input,
    random,
    flags,
    block_schedule,
    static_index,
    resident_blocks,
    window
};

// The control set to `value`, as advice: "--type int64" | "int64 in the type menu" | "type=int64".
std::string setting(Voice voice, Control control, std::string_view value);
// The control holding `value`, as the subject of a sentence: "--section 3" | "section 3" | "section=3".
std::string subject(Voice voice, Control control, std::string_view value);
// The control itself: "--section" | "the section menu" | "section".
std::string control_name(Voice voice, Control control);

}  // namespace scanlab
