#pragma once
// Small widgets the panels share (widgets.cpp; col() in theme.cpp).
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/model/palette.hpp"
#include "core/types.hpp"

namespace scanlab::gui {

struct App;

// A palette colour as ImGui draws it.
ImU32 col(Rgb c, int alpha = 255);
// Text that reads on a fill: dark on the light ones (yellow, orange), white on the others.
ImU32 text_on(Rgb bg);

void spinner(float radius, ImU32 color);
void legend_swatch(Rgb c, const char* label);
// A legend entry for a mark drawn as an outline: an empty square with that outline.
void legend_outline(Rgb c, int alpha, float thickness, const char* label);
bool vertical_splitter(const char* id, float* width, float min_width, float max_width, float height, bool grow_left);
// "t" + 3 -> "t3", written so that GCC 12 raises no false -Wrestrict warning about it.
std::string prefixed(const char* prefix, long long number);
// A cell's value is drawn at this fraction of the cell's height (its digits' ink then about 0.43 of
// it): cells only as tall as legible digits need, so a projector's rows keep room for the rest.
inline constexpr float kValueOfCell = 0.68f;
// A cell's value, centred, at kValueOfCell of the cell's height, shrunk to fit a narrow cell; a value that
// would be smaller than `legible` pixels is left out (the cell's tooltip has it). Noted in
// values_drawn().
void cell_text(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, const std::string& text, float legible = 7);
// The smallest size a value is drawn at: presenting, the size whose digits are 14 px tall at the
// 22 px text of 1280x720 and in proportion at other sizes (20 px at 1920x1080), so the numbers are
// read from the back of the room, else 7 px.
float legible_value_size(const App& app);
// legible_value_size while presenting with text of `text_size` px (the window's, before Ctrl+=).
float presenting_value_size(float text_size);
// How tall a digit of the current font is, as a fraction of the font's size.
float digit_height_ratio();
// The height of one array-view cell at the current font size.
float cell_height();
// Every value a view laid out this frame: its cell, the size its digits were drawn at (0: left
// out for want of room), and the text. The layout check measures the digits drawn inside each.
struct DrawnValue {
    ImVec2 a, b;
    float size = 0;
    std::string text;
};
std::vector<DrawnValue>& values_drawn();  // cleared as each frame starts (draw_frame)
// Notes a value in values_drawn(), while the layout check has asked for them
// (note_values_drawn(true)): the app's own frames copy no cell's text.
void note_value_drawn(DrawnValue v);
void note_values_drawn(bool on);
// ImPlot's tick labels as the app writes numbers: 4,194,304.
int grouped_tick(double value, char* buffer, int size, void*);
// +/- and Ctrl+wheel: the array view's zoom, kept from now on (no more fitting) until "fit".
void zoom_by_hand(App& app, float factor);
// N as an exact number (1 .. max_n), with halve / double buttons and its power of two beside it.
void n_input(const char* id, int64_t* n, int64_t max_n);
// Lays the next item beside the last, or on a new line when its `width` would not fit.
void flow(float width);
// The width of a widget of `item_width` with its label (the part before "##").
float labelled_width(float item_width, const char* label);
// Words for the element types and operators, as the controls and the live tab show them.
const char* type_text(ElementType t);
const char* op_text(OpKind o);
// Whether a combo of the current item width cuts its longest choice (a narrow column).
bool combo_cuts(const std::vector<const char*>& choices);
// Draws the visible part of a label (before "##") on its own line and makes the next item the
// column's full width, under an id of the label's own; returns that id.
std::string label_above(const char* label);
// A combo over `choices` of an enum; true when the user picked another one. In a column too
// narrow for its longest choice beside its label, the label goes above and the combo takes the
// whole width, so a choice is never cut.
template <class E>
bool enum_combo(const char* label, E* value, const std::vector<E>& choices, const char* (*text)(E), const char* (*tip)(E) = nullptr) {
    bool changed = false;
    std::vector<const char*> texts;
    for (E e : choices) texts.push_back(text(e));
    const std::string id = combo_cuts(texts) ? label_above(label) : std::string(label);
    if (ImGui::BeginCombo(id.c_str(), text(*value))) {
        for (E e : choices) {
            if (ImGui::Selectable(text(e), e == *value)) {
                *value = e;
                changed = true;
            }
            if (tip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip(e));
        }
        ImGui::EndCombo();
    }
    return changed;
}

}  // namespace scanlab::gui
