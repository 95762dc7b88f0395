// The schedule menus' entries (app/gui/model/schedule_menu.hpp): what the Controls and the Your
// kernel panel show for the schedule the run has, whichever way it came.
#include <gtest/gtest.h>

#include "app/gui/model/schedule_menu.hpp"
#include "app/gui/model/settings.hpp"

using namespace scanlab;
using namespace scanlab::gui;

// A race finding's schedule kept in the settings comes back as the run's schedule: its menu names
// it, in its own words, rather than showing an empty entry.
TEST(ScheduleMenu, AFirstScheduleLoadedFromTheSettingsIsNamedInTheMenu) {
    const Settings s = parse_settings("schedule=first:1@2,0\n");
    ASSERT_EQ(s.form.request.schedule.kind, Schedule::Kind::first) << (s.notes.empty() ? "" : s.notes.front());
    const ScheduleMenu m = schedule_menu(s.form.request.schedule);
    ASSERT_GE(m.current, 0);
    ASSERT_LT(size_t(m.current), m.entries.size());
    EXPECT_EQ(m.entries[size_t(m.current)], "first:1@2,0");
    // Picking its own entry keeps it; picking a kind leaves the race finder's form.
    EXPECT_EQ(schedule_chosen(s.form.request.schedule, m.current).text(), "first:1@2,0");
    EXPECT_EQ(schedule_chosen(s.form.request.schedule, 1).text(), "reverse");
}

TEST(ScheduleMenu, ThreeKindsAndAPickKeepsTheSeed) {
    Schedule random;
    random.kind = Schedule::Kind::random;
    random.seed = 7;
    const ScheduleMenu m = schedule_menu(random);
    EXPECT_EQ(m.entries, (std::vector<std::string>{"in-order", "reverse", "random"}));
    EXPECT_EQ(m.current, 2);
    EXPECT_EQ(schedule_chosen(random, 2).text(), "random:7");
    BlockSchedule replay;
    replay.kind = BlockSchedule::Kind::replay;
    EXPECT_EQ(schedule_menu(replay).current, 0);  // a device's order shows as the in-order it falls back to
    EXPECT_EQ(schedule_chosen(replay, 1).text(), "reverse");
}
