#include "app/gui/modes/layout_check.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>

#include <imgui.h>
#include <imgui_internal.h>  // the windows' scrollbars, the atlas's baked glyphs

#include "app/gui/app.hpp"  // values_drawn()
#include "app/gui/panels/widgets.hpp"
#include "app/gui/surface/drawn_text.hpp"

namespace scanlab::gui {
namespace {

using Glyph = DrawnGlyph;

float area(ImVec2 a, ImVec2 b) { return std::max(0.0f, b.x - a.x) * std::max(0.0f, b.y - a.y); }

// The whole line of text glyph i belongs to.
std::string run_text(const std::vector<Glyph>& gs, size_t i) {
    size_t first = i, last = i;
    while (first > 0 && gs[first - 1].run == gs[i].run) --first;
    while (last + 1 < gs.size() && gs[last + 1].run == gs[i].run) ++last;
    return read_back(gs, first, last);
}

}  // namespace

std::vector<TextProblem> find_text_problems(const ImDrawData* dd) {
    std::vector<TextProblem> problems;
    if (!dd) return problems;
    learn_drawn_characters();
    for (const ImDrawList* dl : dd->CmdLists) {
        const char* owner = dl->_OwnerName ? dl->_OwnerName : "";
        // A window scrolls that way, or a window it sits in does (the user scrolls to the rest).
        bool scrolls_x = false, scrolls_y = false;
        for (const ImGuiWindow* w = ImGui::FindWindowByName(owner); w;
             w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr) {
            scrolls_x |= w->ScrollbarX;
            scrolls_y |= w->ScrollbarY;
        }
        const std::vector<Glyph> gs = glyphs_of(dl);
        std::set<size_t> reported;
        for (size_t i = 0; i < gs.size(); ++i) {
            const Glyph& g = gs[i];
            // A glyph's quad may reach a pixel past its pen position (its padding): more is a cut.
            const bool cut_x = !scrolls_x && (g.a.x < g.clip.x - 1.5f || g.b.x > g.clip.z + 1.5f);
            // Partly hidden lines at the top or bottom of a list that scrolls are how lists look.
            const bool visible_y = g.b.y > g.clip.y && g.a.y < g.clip.w;
            const bool cut_y = !scrolls_y && visible_y && (g.a.y < g.clip.y - 1.5f || g.b.y > g.clip.w + 1.5f);
            if (((cut_x && visible_y) || cut_y) && reported.insert(g.run).second)
                problems.push_back({owner, "clipped", run_text(gs, i), g.a.x, g.a.y});
        }
        // Overlap: the visible parts of glyphs of different lines sharing a third of the smaller.
        std::set<std::pair<size_t, size_t>> pairs;
        auto visible = [](const Glyph& g, ImVec2& a, ImVec2& b) {
            a = ImVec2(std::max(g.a.x, g.clip.x), std::max(g.a.y, g.clip.y));
            b = ImVec2(std::min(g.b.x, g.clip.z), std::min(g.b.y, g.clip.w));
            return area(a, b) > 0;
        };
        for (size_t i = 0; i < gs.size(); ++i) {
            ImVec2 ai, bi, aj, bj;
            if (!visible(gs[i], ai, bi)) continue;
            for (size_t j = i + 1; j < gs.size(); ++j) {
                if (gs[j].run == gs[i].run || pairs.count({gs[i].run, gs[j].run}) || !visible(gs[j], aj, bj)) continue;
                const float shared =
                    area(ImVec2(std::max(ai.x, aj.x), std::max(ai.y, aj.y)), ImVec2(std::min(bi.x, bj.x), std::min(bi.y, bj.y)));
                if (shared <= 0 || shared < std::min(area(ai, bi), area(aj, bj)) / 3) continue;
                pairs.insert({gs[i].run, gs[j].run});
                problems.push_back({owner, "overlaps", run_text(gs, i) + " / " + run_text(gs, j), gs[i].a.x, gs[i].a.y});
            }
        }
    }
    return problems;
}

WindowRoom window_room(const std::string& name) {
    WindowRoom room;
    for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
        std::string seen = w->Name;
        if (const size_t p = seen.find("##presenting"); p != std::string::npos) seen.erase(p, 12);
        if (!w->Active || std::string_view(seen).substr(0, name.size()) != name) continue;
        room.drawn = true;
        room.scrolls_x = w->ScrollbarX;
        room.scrolls_y = w->ScrollbarY;
        room.lines = (w->InnerRect.Max.y - w->InnerRect.Min.y - 2 * w->WindowPadding.y) / ImGui::GetTextLineHeightWithSpacing();
        room.x = w->Pos.x, room.y = w->Pos.y, room.width = w->Size.x, room.height = w->Size.y;
        break;
    }
    return room;
}

namespace {

// The height on screen of a glyph's ink: the rows of its rectangle in the font atlas where some
// texel is at least half covered, scaled from texels to the pixels the quad covers. What a class
// sees of a digit, whatever size the view asked for (a font's size is its line height, a digit
// about 0.63 of it in DejaVu Sans).
float ink_height(const Glyph& g) {
    const ImTextureData* tex = ImGui::GetIO().Fonts->TexData;
    if (!tex || !tex->Pixels) return g.b.y - g.a.y;
    const int x0 = int(std::lround(g.uv.x * tex->Width)), x1 = int(std::lround(g.uv1.x * tex->Width));
    const int y0 = int(std::lround(g.uv.y * tex->Height)), y1 = int(std::lround(g.uv1.y * tex->Height));
    if (y1 <= y0 || x1 <= x0) return 0;
    int first = -1, last = -1;
    for (int y = y0; y < y1 && y < tex->Height; ++y)
        for (int x = x0; x < x1 && x < tex->Width; ++x) {
            const unsigned char* px = tex->Pixels + (size_t(y) * tex->Width + x) * tex->BytesPerPixel;
            const unsigned char alpha = tex->Format == ImTextureFormat_Alpha8 ? px[0] : px[3];
            if (alpha < 128) continue;
            if (first < 0) first = y;
            last = y;
            break;
        }
    if (first < 0) return 0;
    return float(last - first + 1) * (g.b.y - g.a.y) / float(y1 - y0);
}

// Digits and capitals (the look-back's status letters) stand on the baseline at the same height:
// the glyphs a value's legibility is measured by.
bool measured_glyph(unsigned c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z'); }

}  // namespace

std::vector<ValueSize> measure_values(const ImDrawData* dd) {
    std::vector<ValueSize> sizes;
    if (!dd) return sizes;
    learn_drawn_characters();
    // Every digit in sight (its centre inside its clip rectangle), with the height of its ink.
    struct Seen {
        ImVec2 centre;
        float height;
    };
    std::vector<Seen> seen;
    for (const ImDrawList* dl : dd->CmdLists)
        for (const Glyph& g : glyphs_of(dl)) {
            const ImVec2 c((g.a.x + g.b.x) * 0.5f, (g.a.y + g.b.y) * 0.5f);
            if (c.x < g.clip.x || c.x > g.clip.z || c.y < g.clip.y || c.y > g.clip.w) continue;
            if (measured_glyph(character_of(g))) seen.push_back({c, ink_height(g)});
        }
    for (const DrawnValue& v : values_drawn()) {
        ValueSize s{v.text, v.a.x, v.a.y, v.size, 0};
        for (const Seen& g : seen)
            if (g.centre.x >= v.a.x && g.centre.x <= v.b.x && g.centre.y >= v.a.y && g.centre.y <= v.b.y)
                s.measured = s.measured == 0 ? g.height : std::min(s.measured, g.height);
        sizes.push_back(s);
    }
    return sizes;
}

}  // namespace scanlab::gui
