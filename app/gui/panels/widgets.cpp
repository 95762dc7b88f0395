// Small widgets the panels share: a busy spinner, legend swatches, column splitters, the words
// for types and operators.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {

std::string prefixed(const char* prefix, long long number) {
    std::string s(prefix);
    s += std::to_string(number);
    return s;
}

std::vector<DrawnValue>& values_drawn() {
    static std::vector<DrawnValue> drawn;
    return drawn;
}

namespace {
bool noting_values = false;
}  // namespace

void note_values_drawn(bool on) { noting_values = on; }

void note_value_drawn(DrawnValue v) {
    if (noting_values) values_drawn().push_back(std::move(v));
}

void cell_text(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, const std::string& text, float legible) {
    // The font follows the cell: its height sets the size, a narrow cell shrinks it; too small to
    // read, no digits at all (the cell's tooltip has the value).
    ImFont* font = ImGui::GetFont();
    float size = (b.y - a.y) * kValueOfCell;
    const float width = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
    if (width > b.x - a.x - 3) size *= (b.x - a.x - 3) / width;
    if (size < std::max(7.0f, legible)) {
        note_value_drawn({a, b, 0, text});
        return;
    }
    const ImVec2 sz = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
    dl->AddText(font, size, ImVec2(std::floor((a.x + b.x - sz.x) * 0.5f), std::floor((a.y + b.y - sz.y) * 0.5f)), c, text.c_str());
    note_value_drawn({a, b, size, text});
}

float digit_height_ratio() {
    // Dear ImGui's font size is a line's height; a digit's ink is about 0.63 of it in DejaVu Sans.
    // Measured on the font itself (the shortest digit's glyph at a large size), so another font
    // gets its own ratio.
    ImFont* font = ImGui::GetFont();
    ImFontBaked* baked = font ? font->GetFontBaked(100.0f) : nullptr;
    float shortest = 0;
    for (ImWchar c = '0'; baked && c <= '9'; ++c)
        if (const ImFontGlyph* g = baked->FindGlyphNoFallback(c); g && g->Y1 > g->Y0)
            shortest = shortest == 0 ? g->Y1 - g->Y0 : std::min(shortest, g->Y1 - g->Y0);
    return shortest > 0 ? shortest / 100.0f : 0.63f;
}

float legible_value_size(const App& app) {
    // (The window's presentation text size before Ctrl+=, not the font pushed now: the trace keeps
    // its own text size, draw_frame.)
    return app.layout.presentation ? presenting_value_size(app.font_size / std::max(app.layout.presentation_font_scale, 0.5f)) : 7.0f;
}

float presenting_value_size(float text_size) {
    // Digits 14 px tall at the presentation's 22 px text (1280x720), in proportion at other window
    // sizes (20 px at 1920x1080's 33 px): half a pixel to spare for the rows a glyph's edge leaves
    // faint. Ctrl+= makes the text larger, not this floor (`text_size` is the size before it): values
    // already drawn larger where there is room, and the views keep their values in sight rather
    // than leave them out.
    const float digits = std::round(text_size * 0.62f);
    return std::ceil((digits + 0.5f) / digit_height_ratio());
}

int grouped_tick(double value, char* buffer, int size, void*) {
    if (std::fabs(value) >= 1000 || value == std::floor(value))
        return std::snprintf(buffer, size_t(size), "%s", grouped(int64_t(std::llround(value))).c_str());
    return std::snprintf(buffer, size_t(size), "%g", value);
}

void zoom_by_hand(App& app, float factor) {
    app.layout.cell_width = std::clamp(app.layout.cell_width * factor, 2.0f, 200.0f);
    app.step_view.zoom_fixed = true;  // kept until "fit", whatever the window does
}

float cell_height() { return std::round(ImGui::GetFontSize() * 1.9f); }

void flow(float width) {
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
}

float labelled_width(float item_width, const char* label) {
    return item_width + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

bool combo_cuts(const std::vector<const char*>& choices) {
    float widest = 0;
    for (const char* c : choices) widest = std::max(widest, ImGui::CalcTextSize(c).x);
    return ImGui::CalcItemWidth() < widest + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x;
}

std::string label_above(const char* label) {
    const char* end = std::strstr(label, "##");
    ImGui::TextDisabled("%.*s", int(end ? end - label : std::strlen(label)), label);
    ImGui::SetNextItemWidth(-FLT_MIN);
    return std::string("##") + label;
}

void n_input(const char* id, int64_t* n, int64_t max_n) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputScalar(id, ImGuiDataType_S64, n);
    *n = std::clamp<int64_t>(*n, 1, max_n);
    ImGui::SameLine(0, 4);
    ImGui::PushID(id);
    if (ImGui::SmallButton("\xC3\xB7"
                           "2"))
        *n = std::max<int64_t>(1, *n / 2);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("halve N");
    ImGui::SameLine(0, 4);
    if (ImGui::SmallButton("\xC3\x97"
                           "2"))
        *n = std::min(max_n, *n * 2);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("double N");
    ImGui::PopID();
    ImGui::SameLine();
    const std::string p = power_of_two_text(*n);
    ImGui::TextDisabled("%s%s", grouped(*n).c_str(), p.empty() ? "" : (" = " + p).c_str());
}

const char* op_text(OpKind o) { return o == OpKind::sum ? "sum (+)" : o == OpKind::max ? "max" : "min"; }

const char* type_text(ElementType t) {
    switch (t) {
        case ElementType::int32: return "int32";
        case ElementType::int64: return "int64";
        case ElementType::float32: return "float";
        case ElementType::float64: return "double";
    }
    return "";
}

void spinner(float radius, ImU32 color) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(radius * 2, radius * 2));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float t = float(ImGui::GetTime()) * 6.0f;
    const ImVec2 c(p.x + radius, p.y + radius);
    dl->PathArcTo(c, radius * 0.8f, t, t + 4.2f, 24);
    dl->PathStroke(color, radius * 0.3f);
}

void legend_swatch(Rgb c, const char* label) {
    const float s = ImGui::GetFontSize() * 0.7f;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + (ImGui::GetTextLineHeight() - s) * 0.5f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + s, y + s), col(c));
    dl->AddRect(ImVec2(p.x, y), ImVec2(p.x + s, y + s), ImGui::GetColorU32(ImGuiCol_Text));
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine(0, 4);
    ImGui::TextUnformatted(label);
}

void legend_outline(Rgb c, int alpha, float thickness, const char* label) {
    const float s = ImGui::GetFontSize() * 0.7f;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + (ImGui::GetTextLineHeight() - s) * 0.5f;
    ImGui::GetWindowDrawList()->AddRect(ImVec2(p.x, y), ImVec2(p.x + s, y + s), col(c, alpha), 0.0f, thickness);
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine(0, 4);
    ImGui::TextUnformatted(label);
}

bool vertical_splitter(const char* id, float* width, float min_width, float max_width, float height, bool grow_left) {
    ImGui::SameLine(0, 0);
    const float w = 6.0f;
    ImGui::InvisibleButton(id, ImVec2(w, height));
    const bool active = ImGui::IsItemActive();
    if (ImGui::IsItemHovered() || active) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(a.x + 2, a.y), ImVec2(b.x - 2, b.y),
                                              ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : ImGuiCol_Separator));
    if (active) {
        const float d = ImGui::GetIO().MouseDelta.x;
        *width = std::clamp(*width + (grow_left ? d : -d), min_width, max_width);
    }
    ImGui::SameLine(0, 0);
    return active;
}

}  // namespace scanlab::gui
