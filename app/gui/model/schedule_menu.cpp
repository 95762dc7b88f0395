#include "app/gui/model/schedule_menu.hpp"

namespace scanlab::gui {
namespace {

const std::vector<std::string>& kinds() {
    static const std::vector<std::string> k{"in-order", "reverse", "random"};
    return k;
}

}  // namespace

ScheduleMenu schedule_menu(const Schedule& s) {
    ScheduleMenu m{kinds(), int(s.kind)};
    if (s.kind == Schedule::Kind::first) m.entries.push_back(s.text());
    return m;
}

ScheduleMenu schedule_menu(const BlockSchedule& s) {
    return {kinds(), s.kind == BlockSchedule::Kind::replay ? int(BlockSchedule::Kind::in_order) : int(s.kind)};
}

Schedule schedule_chosen(const Schedule& s, int chosen) {
    if (chosen < 0 || chosen >= int(kinds().size())) return s;  // the first: entry keeps its schedule
    Schedule r;
    r.kind = Schedule::Kind(chosen);
    r.seed = s.seed;
    return r;
}

BlockSchedule schedule_chosen(const BlockSchedule& s, int chosen) {
    if (chosen < 0 || chosen >= int(kinds().size())) return s;
    BlockSchedule r;
    r.kind = BlockSchedule::Kind(chosen);
    r.seed = s.seed;
    return r;
}

}  // namespace scanlab::gui
