#pragma once
// The text a frame drew, read back from its draw data: each glyph is a textured quad whose place in
// the font atlas names its character. The layout check finds clipped and overlapping text with it
// and measures values' digits; the page's tests read what a panel shows (a slide's prose as drawn,
// its Markdown marks gone). Call between ImGui::Render() and the next frame.
#include <cstddef>
#include <string>
#include <vector>

#include <imgui.h>

struct ImDrawData;
struct ImDrawList;

namespace scanlab::gui {

struct DrawnGlyph {
    ImVec2 a, b;  // on screen
    ImVec2 uv;  // top-left texture coordinate: which character it is
    ImVec2 uv1;  // bottom-right: with uv, the glyph's rectangle in the atlas
    ImVec4 clip;  // the draw command's clip rectangle
    size_t run;  // consecutive glyphs of one line of text
};

// Learns the characters of every glyph the font atlas has baked: once a frame, before the rest.
void learn_drawn_characters();

// The glyph quads of one draw list, in the order drawn.
std::vector<DrawnGlyph> glyphs_of(const ImDrawList* dl);

// The character a glyph draws (after learn_drawn_characters), '?' where unknown.
unsigned character_of(const DrawnGlyph& g);

// The glyphs first..last as UTF-8.
std::string read_back(const std::vector<DrawnGlyph>& glyphs, size_t first, size_t last);

// The text the windows whose names begin with `window` (child windows included: "Lesson/slide_...")
// drew in sight in the last frame: a line of text a line, top to bottom, a space where glyphs stand apart.
std::string drawn_text(const ImDrawData* draw_data, const std::string& window);

}  // namespace scanlab::gui
