#pragma once
// The step view of an event-scheduled scan (tiles_view.cpp).
#include <cstddef>
#include <string>

#include "app/gui/model/session.hpp"

namespace scanlab::gui {

struct App;

// An event-scheduled scan's step view (tiles_view.cpp): the flags or status words, the sections
// with the blocks that drew them, Y filling in, the event's reads; the timeline of every event.
float tiles_view_height(const App& app, const Trace& t);
float tiles_view_min_height(const App& app);  // its rows a line of text tall (presenting: its values legible)
void draw_tiles_view(App& app, const ShownTrace& st, size_t step, float height);
// smallest: two pixels a lane; largest: a lane a line and a half high, each block named
float event_timeline_height(const Trace& t, bool smallest = false, bool largest = false);
void draw_event_timeline(App& app, const ShownTrace& st, size_t step, float height);
void draw_tiles_legend(App& app, const Trace& t);
void draw_timeline_legend(App& app, const Trace& t);
// "SM slots: blocks 2, 0 · not started: blocks 1, 3" after a step of an event trace.
std::string sm_slots_note(const Trace& t, size_t step);
// Over the tiles view: the SM slots at a deadlock, what the current look-back window combined.
void draw_tiles_notes(App& app, const Trace& t, size_t step);

}  // namespace scanlab::gui
