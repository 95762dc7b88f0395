#include "app/gui/surface/drawn_text.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include <imgui_internal.h>  // the atlas's baked glyphs

namespace scanlab::gui {
namespace {

// Texture coordinates -> character, from every glyph the font atlas has baked (filled per frame).
std::map<std::pair<int, int>, unsigned> chars;

std::pair<int, int> uv_key(ImVec2 uv) { return {int(std::lround(uv.x * 65536)), int(std::lround(uv.y * 65536))}; }

}  // namespace

void learn_drawn_characters() {
    chars.clear();
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    if (atlas->Builder)
        for (int b = 0; b < atlas->Builder->BakedPool.Size; ++b) {
            const ImFontBaked& baked = atlas->Builder->BakedPool[b];
            for (const ImFontGlyph& g : baked.Glyphs) chars[uv_key(ImVec2(g.U0, g.V0))] = g.Codepoint;
        }
}

unsigned character_of(const DrawnGlyph& g) {
    const auto it = chars.find(uv_key(g.uv));
    return it == chars.end() ? '?' : it->second;
}

std::string read_back(const std::vector<DrawnGlyph>& glyphs, size_t first, size_t last) {
    std::string s;
    for (size_t i = first; i <= last && i < glyphs.size(); ++i) {
        const unsigned c = character_of(glyphs[i]);
        if (c < 0x80)
            s += char(c);
        else if (c < 0x800)
            s += char(0xC0 | (c >> 6)), s += char(0x80 | (c & 0x3F));
        else
            s += char(0xE0 | (c >> 12)), s += char(0x80 | ((c >> 6) & 0x3F)), s += char(0x80 | (c & 0x3F));
    }
    return s;
}

// Rectangles textured with more than a line of the atlas (the white pixel and the anti-aliased line
// texture are a texel high).
std::vector<DrawnGlyph> glyphs_of(const ImDrawList* dl) {
    std::vector<DrawnGlyph> out;
    const ImTextureData* tex = ImGui::GetIO().Fonts->TexData;
    const float tw = tex ? float(tex->Width) : 1024, th = tex ? float(tex->Height) : 1024;
    size_t run = 0;
    float last_right = -1e9f, last_top = -1e9f;
    for (const ImDrawCmd& cmd : dl->CmdBuffer) {
        if (cmd.UserCallback) continue;
        for (unsigned i = 0; i + 6 <= cmd.ElemCount; i += 3) {
            const ImDrawIdx* idx = dl->IdxBuffer.Data + cmd.IdxOffset + i;
            // PrimRectUV writes (0,1,2, 0,2,3): one glyph, two triangles.
            if (idx[3] != idx[0] || idx[4] != idx[2]) continue;
            const ImDrawVert& v0 = dl->VtxBuffer[cmd.VtxOffset + idx[0]];
            const ImDrawVert& v2 = dl->VtxBuffer[cmd.VtxOffset + idx[2]];
            if (std::fabs(v2.uv.x - v0.uv.x) * tw < 1.5f || std::fabs(v2.uv.y - v0.uv.y) * th < 1.5f) continue;
            DrawnGlyph g{v0.pos, v2.pos, v0.uv, v2.uv, cmd.ClipRect, 0};
            if (std::fabs(g.a.y - last_top) > 1.0f || g.a.x < last_right - 2 || g.a.x > last_right + g.b.y - g.a.y) ++run;
            g.run = run;
            last_right = g.b.x;
            last_top = g.a.y;
            out.push_back(g);
            i += 3;
        }
    }
    return out;
}

std::string drawn_text(const ImDrawData* dd, const std::string& window) {
    if (!dd) return "";
    learn_drawn_characters();
    std::vector<DrawnGlyph> seen;
    for (const ImDrawList* dl : dd->CmdLists) {
        if (!dl->_OwnerName || std::string_view(dl->_OwnerName).substr(0, window.size()) != window) continue;
        for (const DrawnGlyph& g : glyphs_of(dl)) {
            const ImVec2 c((g.a.x + g.b.x) * 0.5f, (g.a.y + g.b.y) * 0.5f);
            // In sight, and drawn upright (a quad drawn flipped is a picture, not text).
            if (c.x >= g.clip.x && c.x <= g.clip.z && c.y >= g.clip.y && c.y <= g.clip.w && g.b.y > g.a.y && g.b.x > g.a.x)
                seen.push_back(g);
        }
    }
    // Lines: glyphs taken by their middles, top to bottom; a glyph whose middle is above the bottom
    // of the line so far (its descenders included) is on it, a '.' as much as a 'T'.
    const auto middle = [](const DrawnGlyph& g) { return (g.a.y + g.b.y) * 0.5f; };
    std::sort(seen.begin(), seen.end(), [&](const DrawnGlyph& x, const DrawnGlyph& y) { return middle(x) < middle(y); });
    std::string text;
    for (size_t first = 0; first < seen.size();) {
        float bottom = seen[first].b.y, tallest = seen[first].b.y - seen[first].a.y;
        size_t end = first + 1;
        for (; end < seen.size() && middle(seen[end]) <= bottom; ++end)
            bottom = std::max(bottom, seen[end].b.y), tallest = std::max(tallest, seen[end].b.y - seen[end].a.y);
        std::sort(seen.begin() + long(first), seen.begin() + long(end),
                  [](const DrawnGlyph& x, const DrawnGlyph& y) { return x.a.x < y.a.x; });
        if (!text.empty()) text += "\n";
        // A gap wider than a letter's side bearings is a space (a space is a third of the text size).
        for (size_t i = first; i < end; ++i) {
            if (i > first && seen[i].a.x - seen[i - 1].b.x > tallest * 0.3f) text += ' ';
            text += read_back(seen, i, i);
        }
        first = end;
    }
    return text;
}

}  // namespace scanlab::gui
