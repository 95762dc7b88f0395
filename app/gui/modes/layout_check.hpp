#pragma once
// The layout test's eye: reads a frame's draw data and finds text that the user cannot read whole,
// cut by the edge of its window, or drawn over other text.
#include <string>
#include <vector>

struct ImDrawData;

namespace scanlab::gui {

struct TextProblem {
    std::string window;  // the Dear ImGui window that drew it
    std::string what;  // "clipped" or "overlaps"
    std::string text;  // the glyphs involved, as far as they can be read back
    float x = 0, y = 0;  // where, in pixels
};

// Text is clipped when a glyph runs past its window's edge (a window that scrolls that way is
// exempt: the user scrolls to it); text overlaps when glyphs of different text share much of
// their area. Call between ImGui::Render() and the next frame.
std::vector<TextProblem> find_text_problems(const ImDrawData* draw_data);

// What a window drawn in the last frame shows: whether it scrolls each way (its content did not
// fit) and how many lines of text its inside holds. `name` is a window's name, or the start of a
// child window's ("Trace/array_": Dear ImGui names a child "Parent/id_HASH").
struct WindowRoom {
    bool drawn = false;
    bool scrolls_x = false, scrolls_y = false;
    float lines = 0;
    float x = 0, y = 0, width = 0, height = 0;  // where it is drawn, in pixels
};
// (Presenting, the panels are windows of their own, "Trace##presenting": the name matches either.)
WindowRoom window_room(const std::string& name);

// How tall each value a view laid out this frame is drawn, measured from the frame's draw data: the
// ink of its digits (the rows of each digit's glyph in the font atlas with at least half coverage,
// scaled to the quad it is drawn in; the smallest digit of the value), the pixels a class sees,
// not the font size the view asked for. Call between ImGui::Render() and the next frame.
struct ValueSize {
    std::string text;
    float x = 0, y = 0;  // the cell's top left
    float laid_out = 0;  // the font size the view asked for (0: its digits left out for want of room)
    float measured = 0;  // the height of its digits on screen, in pixels (0: none in sight, clipped or scrolled away)
};
std::vector<ValueSize> measure_values(const ImDrawData* draw_data);

}  // namespace scanlab::gui
