#pragma once
// The entries of the schedule menus (the Controls' warp and block schedules, the Your kernel
// panel's block schedule): in-order, reverse and random, in the order of the Kind enums; and for a
// warp schedule of the race finder's form (first:..., from a finding, a link or the settings), that
// schedule in its own words, so the menu shows what will run, never a blank entry.
#include <string>
#include <vector>

#include "core/schedules.hpp"

namespace scanlab::gui {

struct ScheduleMenu {
    std::vector<std::string> entries;
    int current = 0;  // the entry of the schedule as it is
};
ScheduleMenu schedule_menu(const Schedule& s);
// A replay (a device's recorded order) is not chosen from words: it shows as in-order, which a
// run of words falls back to.
ScheduleMenu schedule_menu(const BlockSchedule& s);

// The schedule once entry `chosen` is picked: that kind (its seed kept), or, for the entry of a
// first: schedule, that schedule as it is.
Schedule schedule_chosen(const Schedule& s, int chosen);
BlockSchedule schedule_chosen(const BlockSchedule& s, int chosen);

}  // namespace scanlab::gui
