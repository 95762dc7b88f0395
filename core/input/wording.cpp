#include "core/input/wording.hpp"

#include "core/input/run_options.hpp"

namespace scanlab {
namespace {

// The control's row in the table of run options: its flag, its label, whether it is a menu.
const RunOption& option_of(Control c) {
    static const RunOption none;
    const RunOption* o = find_option_by_control(c);
    return o ? *o : none;
}

}  // namespace

std::string setting(Voice voice, Control control, std::string_view value) {
    const RunOption& n = option_of(control);
    if (voice != Voice::app) return subject(voice, control, value);
    return std::string(value) + " in the " + std::string(n.label) + (n.menu ? " menu" : " field");
}

std::string subject(Voice voice, Control control, std::string_view value) {
    const RunOption& n = option_of(control);
    if (voice == Voice::link) return std::string(n.link_key()) + "=" + std::string(value);
    return std::string(voice == Voice::cli ? n.flag : n.label) + " " + std::string(value);
}

std::string control_name(Voice voice, Control control) {
    const RunOption& n = option_of(control);
    if (voice == Voice::cli) return std::string(n.flag);
    if (voice == Voice::link) return std::string(n.link_key());
    if (control == Control::input) return "the typed values";
    return "the " + std::string(n.label) + (n.menu ? " menu" : " field");
}

}  // namespace scanlab
