#pragma once
// Where an item is on the page, for the browser tests: they click what they find by its label
// (View, Counts, brent-kung, ##values), so a change of layout moves their clicks with it.
// It uses Dear ImGui's item hooks (IMGUI_ENABLE_TEST_ENGINE, third_party/web.cmake), which cost
// one test of a flag per item until a test first asks.
#include <string>

namespace scanlab::gui::item_finder {

// From the next frame on, the items labelled `label` are looked for: the whole label, its text
// before "##", or for a box whose label is drawn above it ("##algorithm"), the text after. Asking for another label forgets the last one's rectangle.
void look_for(const std::string& label);

// After each frame: the frontmost item of that label drawn in it becomes the one found.
void frame_drawn();

// The item found, as JSON in CSS pixels ({"x": .., "y": .., "w": .., "h": ..}), or "null" when the
// last frame drew none.
std::string found_json();

}  // namespace scanlab::gui::item_finder
