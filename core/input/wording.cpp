#include "core/input/wording.hpp"

namespace scanlab {
namespace {

struct Names {
    std::string_view flag;  // the CLI's
    std::string_view label;  // the app's control, as its panel labels it
    bool menu;  // the app's control is a menu (else a field)
};

Names names(Control c) {
    switch (c) {
        case Control::algorithm: return {"--algo", "algorithm", true};
        case Control::block_algorithm: return {"--block-algo", "block algorithm", true};
        case Control::coarsening: return {"--coarsening", "coarsening", true};
        case Control::type: return {"--type", "type", true};
        case Control::section: return {"--section", "section", true};
        case Control::warp_width: return {"--warp-width", "warp width", true};
        case Control::sample_block: return {"--sample-block", "sampled block", false};
        case Control::input: return {"--input", "typed values", false};
        case Control::random: return {"--random", "random N", false};
        case Control::flags: return {"--flags", "head flags", false};
        case Control::block_schedule: return {"--block-schedule", "block schedule", true};
        case Control::static_index: return {"--static-index", "static index", false};
        case Control::resident_blocks: return {"--resident-blocks", "resident blocks", false};
        case Control::window: return {"--window", "look-back window", true};
    }
    return {"", "", false};
}

}  // namespace

std::string setting(Voice voice, Control control, std::string_view value) {
    const Names n = names(control);
    if (voice == Voice::cli) return std::string(n.flag) + " " + std::string(value);
    return std::string(value) + " in the " + std::string(n.label) + (n.menu ? " menu" : " field");
}

std::string subject(Voice voice, Control control, std::string_view value) {
    const Names n = names(control);
    return std::string(voice == Voice::cli ? n.flag : n.label) + " " + std::string(value);
}

std::string control_name(Voice voice, Control control) {
    const Names n = names(control);
    if (voice == Voice::cli) return std::string(n.flag);
    if (control == Control::input) return "the typed values";
    return "the " + std::string(n.label) + (n.menu ? " menu" : " field");
}

}  // namespace scanlab
