// The tiles view of an event-scheduled scan (domino, decoupled look-back): the flags or status
// words as a row of tiles coloured by what they say, the sections with the block that drew each
// (coloured by where the block stands), Y filling in section by section, the current event's
// reads as arrows back to the tiles it read, and a timeline of every event (one lane per block)
// that the stepper walks. Everything comes from the step's snapshot (model/tiles.hpp).
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/panels/tiles_view.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

// Colours by the enums' order (core/events.hpp, model/tiles.hpp), the same as the legends'.
template <size_t N, class E>
Rgb pick(const Rgb (&by)[N], E e) {
    return by[std::min(size_t(e), N - 1)];
}
Rgb status_colour(const Palette& p, TileStatus s) {
    const Rgb by[] = {p.cell_untouched, p.cell_loaded, p.cell_final};  // invalid, aggregate, prefix
    return pick(by, s);
}
Rgb block_colour(const Palette& p, BlockState s) {
    // not started, scanning, waiting, looking back, passed, done
    const Rgb by[] = {p.thread_idle, p.thread_active, p.cell_hazard, p.series_b, p.cell_updated, p.cell_final};
    return pick(by, s);
}
Rgb kind_colour(const Palette& p, EventKind k) {
    // start, scanned, publish aggregate, look back, passed, publish prefix, done, deadlock
    const Rgb by[] = {p.thread_idle,  p.thread_active, p.cell_loaded, p.series_b,
                      p.cell_updated, p.cell_updated,  p.cell_final,  p.cell_hazard};
    return pick(by, k);
}
// The flags of a chain (each tile waits for its predecessor's) or the look-back's status words: the
// row of the trace's algorithm says which its blocks pass prefixes on through.
bool flag_chain(const Trace& t) { return algorithm_info(t.algorithm).handoff == Handoff::flag_chain; }

// Y cells that hold only a block's local scan (XY): diagonal hatching over the empty colour.
void hatch(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c) {
    const float step = 6, h = b.y - a.y;
    dl->PushClipRect(a, b, true);
    for (float x = a.x - h; x < b.x; x += step) dl->AddLine(ImVec2(x, b.y), ImVec2(x + h, a.y), c, 1.5f);
    dl->PopClipRect();
}

// An arrow from `from` to `to`, its head at `to`.
void tile_arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, float thick, ImU32 c) {
    const float dx = to.x - from.x, dy = to.y - from.y, len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
    const float ux = dx / len, uy = dy / len, s = std::max(4.0f, thick * 2.5f);
    const ImVec2 base(to.x - ux * s * 1.6f, to.y - uy * s * 1.6f);
    dl->AddLine(from, base, c, thick);
    dl->AddTriangleFilled(to, ImVec2(base.x - uy * s, base.y + ux * s), ImVec2(base.x + uy * s, base.y - ux * s), c);
}

void arrow_head(ImDrawList* dl, ImVec2 to, float s, ImU32 c) {
    dl->AddTriangleFilled(to, ImVec2(to.x - s, to.y - s * 1.6f), ImVec2(to.x + s, to.y - s * 1.6f), c);
}

// One legend: its name, then its swatches, wrapping as a line fills (never between the name and
// its first swatch).
enum class Mark { fill, hatched, bar, arc, dim_arc, ring };
struct Swatch {
    Rgb colour;
    const char* label;
    Mark mark = Mark::fill;
};
void legend(const Palette& p, const char* title, std::initializer_list<Swatch> items, bool first_on_line) {
    const float font = ImGui::GetFontSize(), s = font * 0.7f;
    // (In a tooltip, which sizes itself to what it holds, lines of about 30 characters' width.)
    const float avail = ImGui::GetContentRegionAvail().x;
    const float right = ImGui::GetCursorScreenPos().x + (avail < font * 10 ? font * 30 : avail);
    auto fits = [&](float need) {
        if (ImGui::GetCursorScreenPos().x + need > right) ImGui::NewLine();
    };
    bool first = true;
    for (const Swatch& w : items) {
        const float item = s + 4 + ImGui::CalcTextSize(w.label).x;
        if (first) {
            const float head = ImGui::CalcTextSize(title).x + 6;
            if (!first_on_line) {
                ImGui::SameLine(0, font * 0.9f);
                fits(head + item);
            }
            ImGui::TextDisabled("%s", title);
            ImGui::SameLine(0, 6);
        } else {
            ImGui::SameLine(0, 10);
            fits(item);
        }
        first = false;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float y = at.y + (ImGui::GetTextLineHeight() - s) * 0.5f;
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 a(at.x, y), b(at.x + s, y + s);
        const ImU32 c = col(w.colour), edge = ImGui::GetColorU32(ImGuiCol_Text);
        switch (w.mark) {
            case Mark::fill:
                dl->AddRectFilled(a, b, c);
                dl->AddRect(a, b, edge);
                break;
            case Mark::hatched:
                dl->AddRectFilled(a, b, col(p.cell_untouched));
                hatch(dl, a, b, c);
                dl->AddRect(a, b, edge);
                break;
            case Mark::bar: dl->AddRectFilled(ImVec2(a.x, y + s * 0.35f), ImVec2(b.x, y + s * 0.65f), c); break;
            case Mark::arc: tile_arrow(dl, ImVec2(a.x, b.y), ImVec2(b.x, a.y), 2.0f, c); break;
            case Mark::dim_arc: tile_arrow(dl, ImVec2(a.x, b.y), ImVec2(b.x, a.y), 1.0f, col(w.colour, 90)); break;
            case Mark::ring: dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), c, 0.0f, 2.5f); break;
        }
        ImGui::Dummy(ImVec2(s, s));
        ImGui::SameLine(0, 4);
        ImGui::TextUnformatted(w.label);
    }
}

float small_font() { return std::round(ImGui::GetFontSize() * 0.78f); }

// One step's tiles view as it is laid out: the rows (the flags or status words with their values,
// the sections with their blocks, Y, its ruler), the tiles' width and what the step's snapshot
// says of each tile. The parts below each draw one row or mark with it (imgui_demo's sections).
struct TilesCanvas {
    const Trace& t;
    const Step& s;
    const EventSnapshot& snap;
    const Palette& p;
    std::vector<TileView> tiles;
    bool boundaries = false;  // domino's flags sit on the sections' boundaries
    LookBackWords lb;
    int64_t grid = 0, section = 1;
    ImDrawList* dl = nullptr;
    ImFont* f = nullptr;
    float font = 0, sf = 0, vs = 0, ch = 0, arcs_h = 0, label_w = 0, legible = 7;
    float tile_w = 0, w = 0, x0 = 0, view_l = 0, view_r = 0, status_w = 0;
    float y_arcs = 0, y_status = 0, y_status_val = 0, y_tiles = 0, tiles_h = 0, y_y = 0, y_ruler = 0;

    TilesCanvas(const Trace& trace, size_t k, const Palette& palette)
        : t(trace),
          s(trace.steps[k]),
          snap(s.snapshot),
          p(palette),
          tiles(tiles_after(trace, k)),
          boundaries(status_on_boundaries(trace, k)),
          lb(look_back_words(trace, k)),
          grid(int64_t(tiles.size())),
          section(std::max(1, trace.section)) {}

    float width_of(float size, const std::string& label) const { return f->CalcTextSizeA(size, FLT_MAX, 0, label.c_str()).x; }
    void centred(float cx, float y, float size, ImU32 c, const std::string& label, float max_w) const {
        const float lw = width_of(size, label);
        if (lw <= max_w) dl->AddText(f, size, ImVec2(std::floor(cx - lw * 0.5f), y), c, label.c_str());
    }
    // Where flag / status word i sits, and the middle of tile i.
    float status_x(int64_t i) const { return boundaries ? x0 + float(i) * tile_w : x0 + (float(i) + 0.5f) * tile_w; }
    float tile_mid(int64_t i) const { return x0 + (float(i) + 0.5f) * tile_w; }
    WordRole role(size_t i) const { return i < lb.role.size() ? lb.role[i] : WordRole::none; }
};

// The flags / status words, with the value each one publishes. Domino's flags say 0 or 1
// (scan_value[i] set); the look-back's words X, A or P. The look-back: the words read but not
// needed dim, the words combined (now or by an earlier window) underlined, the P it met ringed.
void draw_status_words(const TilesCanvas& c) {
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled), arc_c = col(c.p.arrow_op);
    for (size_t i = 0; i < c.snap.status.size(); ++i) {
        const float cx = c.status_x(int64_t(i));
        if (cx + c.status_w < c.view_l || cx - c.status_w > c.view_r) continue;
        const ImVec2 a(cx - c.status_w * 0.5f, c.y_status), b(cx + c.status_w * 0.5f, c.y_status + c.ch);
        const TileStatus status = c.snap.status[i];
        const Rgb fill = status_colour(c.p, status);
        c.dl->AddRectFilled(a, b, col(fill));
        c.dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_WindowBg));
        const char* letter = c.boundaries                      ? (status == TileStatus::prefix ? "1" : "0")
                             : status == TileStatus::prefix    ? "P"
                             : status == TileStatus::aggregate ? "A"
                                                               : "X";
        const float letter_size = std::min(c.font, c.ch * 0.6f);
        c.centred(cx, c.y_status + (c.ch - letter_size) * 0.5f, letter_size, text_on(fill), letter, c.status_w);
        const ValueArray* v = status == TileStatus::prefix ? &c.snap.prefix : status == TileStatus::aggregate ? &c.snap.aggregate : nullptr;
        if (v && i < size_of(*v)) {
            const std::string value = format_value(*v, i);
            const float max_w = c.boundaries ? c.tile_w : c.tile_w - 2, vw = c.width_of(c.vs, value);
            c.centred(cx, c.y_status_val, c.vs, faint, value, max_w);
            note_value_drawn(
                {ImVec2(cx - vw * 0.5f, c.y_status_val), ImVec2(cx + vw * 0.5f, c.y_status_val + c.vs), vw <= max_w ? c.vs : 0, value});
        }
        const WordRole r = c.role(i);
        if (r == WordRole::read_only) c.dl->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_WindowBg, 0.6f));
        if (r == WordRole::combined || r == WordRole::met_prefix || r == WordRole::combined_before)
            c.dl->AddRectFilled(ImVec2(a.x, b.y + 1), ImVec2(b.x, b.y + 4), arc_c);
        if (r == WordRole::met_prefix)
            c.dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(b.x + 2, b.y + 2), ImGui::GetColorU32(ImGuiCol_Text), 0.0f, 3.0f);
    }
}

// The sections: the block that drew each, coloured by where that block stands. The labels take
// the tile's two lines at the largest size that fits; a block's failed polls stay on its tile
// (shortened, or as a badge on a narrow one). Returns the tile under the mouse, or -1.
int64_t draw_sections(const TilesCanvas& c, bool hovered) {
    const float label_size = std::floor(std::min(c.font, (c.tiles_h - 4) * 0.5f));
    const bool two_lines = label_size >= c.sf * 0.8f;  // else the block's line alone, centred
    int64_t hovered_tile = -1;
    for (int64_t i = 0; i < c.grid; ++i) {
        const float xa = c.x0 + float(i) * c.tile_w, xb = xa + c.tile_w;
        if (xb < c.view_l || xa > c.view_r) continue;
        const TileView& tv = c.tiles[size_t(i)];
        const ImVec2 a(xa + 2, c.y_tiles), b(xb - 2, c.y_tiles + c.tiles_h);
        const Rgb fill = tv.block < 0 ? c.p.cell_untouched : tv.passes_next ? c.p.fig_block_sum : block_colour(c.p, tv.block_state);
        c.dl->AddRectFilled(a, b, col(fill));
        const ImU32 on = text_on(fill);
        if (c.s.event && c.s.event->tile == int32_t(i))
            c.dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(b.x + 2, b.y + 2), ImGui::GetColorU32(ImGuiCol_Text), 0.0f, 3.0f);
        const float room_w = c.tile_w - 6;
        float size = two_lines ? label_size : std::min(c.font, c.tiles_h - 4);
        std::string top = prefixed("tile ", static_cast<long long>(i));
        if (c.width_of(size, top) > room_w) top = prefixed("t", static_cast<long long>(i));
        if (c.width_of(size, top) > room_w) size = std::min(size, c.sf);
        if (two_lines) c.centred((xa + xb) * 0.5f, c.y_tiles + 2, size, on, top, room_w);
        std::string who = tv.block >= 0 ? prefixed("block ", tv.block) : std::string("-");
        if (!two_lines && c.width_of(size, top + " · " + who) <= room_w) who = top + " · " + who;  // one line: both where they fit
        if (c.width_of(size, who) > room_w && tv.block >= 0) who = prefixed("b", tv.block);
        bool badge = false;
        if (tv.polls > 0) {
            const std::string polls = grouped(tv.polls);
            for (const std::string& with : {who + " · " + polls + (tv.polls == 1 ? " poll" : " polls"), who + " · " + polls + "p"})
                if (c.width_of(size, with) <= room_w) {
                    who = with;
                    badge = false;
                    break;
                } else {
                    badge = true;
                }
        }
        c.centred((xa + xb) * 0.5f, two_lines ? c.y_tiles + c.tiles_h - size - 2 : c.y_tiles + (c.tiles_h - size) * 0.5f, size, on, who,
                  room_w);
        if (badge) {
            // The polls as a red badge on the tile's top right corner.
            const std::string n = grouped(tv.polls);
            const float bw = c.width_of(c.sf, n) + 6, bh = c.sf + 2;
            const ImVec2 ba(b.x - bw, a.y - bh * 0.5f), bb(b.x, a.y + bh * 0.5f);
            c.dl->AddRectFilled(ba, bb, col(c.p.cell_hazard), 3);
            c.dl->AddText(c.f, c.sf, ImVec2(ba.x + 3, ba.y + 1), IM_COL32_WHITE, n.c_str());
        }
        if (hovered && ImGui::IsMouseHoveringRect(a, b)) hovered_tile = i;
    }
    return hovered_tile;
}

// Y, section by section: nothing yet, a block's local scan (XY, hatched: not yet in Y), final;
// the sections' boundaries and the element index at each section's start.
void draw_y_row(const TilesCanvas& c) {
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled), hatch_c = col(c.p.cell_loaded, 150);
    const int64_t n = int64_t(size_of(c.s.values));
    const float w = c.w;
    const int64_t e_lo = std::clamp<int64_t>(int64_t((c.view_l - c.x0) / w) - 1, 0, n);
    const int64_t e_hi = std::clamp<int64_t>(int64_t((c.view_r - c.x0) / w) + 2, 0, n);
    if (w < 4)  // cells thinner than the hatching: a section at a time
        for (int64_t i = 0; i < c.grid; ++i) {
            const SectionState ss = c.tiles[size_t(i)].section;
            const ImVec2 a(c.x0 + float(i) * c.tile_w, c.y_y), b(c.x0 + float(i + 1) * c.tile_w, c.y_y + c.ch);
            if (b.x < c.view_l || a.x > c.view_r) continue;
            c.dl->AddRectFilled(a, b, col(ss == SectionState::final_value ? c.p.cell_final : c.p.cell_untouched));
            if (ss == SectionState::scanned || ss == SectionState::carrying) hatch(c.dl, a, b, hatch_c);
        }
    for (int64_t e = w < 4 ? e_hi : e_lo; e < e_hi; ++e) {
        const int64_t tile = e / c.section;
        const SectionState ss = tile < c.grid ? c.tiles[size_t(tile)].section : SectionState::waiting_for_block;
        const ImVec2 a(c.x0 + float(e) * w, c.y_y), b(c.x0 + float(e + 1) * w, c.y_y + c.ch);
        const bool final_value = ss == SectionState::final_value;
        c.dl->AddRectFilled(a, b, col(final_value ? c.p.cell_final : c.p.cell_untouched));
        if (ss == SectionState::scanned || ss == SectionState::carrying) hatch(c.dl, a, b, hatch_c);
        if (w >= 6) c.dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_WindowBg));
        if (w >= c.font * 1.2f && ss != SectionState::waiting_for_block)
            cell_text(c.dl, a, b, final_value ? text_on(c.p.cell_final) : faint, format_value(c.s.values, size_t(e)), c.legible);
    }
    for (int64_t i = 1; i < c.grid; ++i) {
        const float x = c.x0 + float(i) * c.tile_w;
        if (x >= c.view_l && x <= c.view_r) c.dl->AddLine(ImVec2(x, c.y_y - 3), ImVec2(x, c.y_y + c.ch + 3), col(c.p.block_line), 2.0f);
    }
    for (int64_t i = 0; i < c.grid; ++i) {
        const float x = c.x0 + float(i) * c.tile_w;
        if (x < c.view_l - c.tile_w || x > c.view_r) continue;
        const std::string idx = grouped(i * c.section);
        if (c.width_of(c.sf, idx) < c.tile_w - 4) c.dl->AddText(c.f, c.sf, ImVec2(x + 3, c.y_ruler), faint, idx.c_str());
    }
}

// The current event's reads: arcs from the tile's own status word back to the words its window
// read (solid: combined; thin and dim: read, not needed); domino's pass, from the flag it waited
// on through its tile to the next flag. And the blocks that wait: a thin line from their tile to
// the flag or status word they poll.
void draw_event_reads(const TilesCanvas& c) {
    const ImU32 arc_c = col(c.p.arrow_op);
    auto arc = [&](float from_x, float to_x, float thick, ImU32 colour) {
        const float lift = std::min(c.arcs_h - 2, 8 + std::fabs(from_x - to_x) * 0.25f);
        const ImVec2 a(from_x, c.y_status - 1), b(to_x, c.y_status - 1);
        c.dl->AddBezierCubic(a, ImVec2(from_x, c.y_status - lift), ImVec2(to_x, c.y_status - lift), b, colour, thick);
        arrow_head(c.dl, b, std::max(3.0f, thick * 2.2f), colour);
    };
    if (c.s.event) {
        const Event& e = *c.s.event;
        if (e.kind == EventKind::look_back && e.window_first >= 0) {
            const float from = c.tile_mid(e.tile);
            for (int32_t i = e.window_first; i <= e.window_last; ++i)
                if (c.role(size_t(i)) == WordRole::read_only) arc(from, c.status_x(i), 1.0f, col(c.p.arrow_op, 80));
            for (int32_t i = e.window_first; i <= e.window_last; ++i)
                if (c.role(size_t(i)) != WordRole::read_only) arc(from, c.status_x(i), 2.0f, arc_c);
        } else if (e.kind == EventKind::passed && c.boundaries) {
            // Thread 0 read scan_value[tile] once flags[tile] was 1, added its local sum and
            // wrote scan_value[tile + 1], then set flags[tile + 1].
            const ImVec2 top(c.tile_mid(e.tile), c.y_tiles - 1);
            // (From and to the flags' inner corners: the values under them stay readable.)
            const float corner = c.status_w * 0.5f;
            tile_arrow(c.dl, ImVec2(c.status_x(e.tile) + corner, c.y_status + c.ch), ImVec2(top.x - 4, top.y), 2.0f, arc_c);
            tile_arrow(c.dl, ImVec2(top.x + 4, top.y), ImVec2(c.status_x(e.tile + 1) - corner, c.y_status + c.ch + 1), 2.5f, arc_c);
        }
    }
    for (size_t b = 0; b < c.snap.waits_on.size() && b < c.snap.tile.size(); ++b) {
        const int32_t on = c.snap.waits_on[b];
        if (on < 0 || c.snap.tile[b] < 0) continue;
        const float xa = c.tile_mid(c.snap.tile[b]), xb = c.status_x(on);
        c.dl->AddLine(ImVec2(xa, c.y_tiles), ImVec2(xb, c.y_status + c.ch + 1), col(c.p.cell_hazard, 170), 1.5f);
    }
}

// Row labels, pinned at the left.
void draw_tiles_row_labels(const TilesCanvas& c, float origin_x) {
    const float lx = std::max(origin_x, c.view_l) + 4;
    auto row_label = [&](float y, float h, const char* label) {
        c.dl->AddRectFilled(ImVec2(lx - 4, y), ImVec2(lx - 4 + c.label_w - 4, y + h), ImGui::GetColorU32(ImGuiCol_ChildBg));
        c.dl->AddText(ImVec2(lx, y + (h - c.font) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), label);
    };
    row_label(c.y_status, c.ch, c.boundaries ? "flags" : "status");
    row_label(c.y_tiles, c.tiles_h, "blocks");
    row_label(c.y_y, c.ch, "Y");
}

// What a tile stands at, on hover: its elements, its block and where that block stands, its
// failed polls, its local total and the prefix it adds.
void tile_tooltip(const TilesCanvas& c, int64_t tile) {
    if (tile < 0) return;
    const size_t i = size_t(tile);
    const TileView& tv = c.tiles[i];
    const int64_t n = int64_t(size_of(c.s.values));
    std::string tip = "tile " + std::to_string(i) + ": elements " + grouped(tile * c.section) + " to " +
                      grouped(std::min<int64_t>((tile + 1) * c.section, n) - 1);
    if (tv.block < 0)
        tip += "\nno block has drawn it yet";
    else {
        tip += "\nblock " + std::to_string(tv.block) + ", " + std::string(name(tv.block_state));
        if (tv.passes_next)
            tip += flag_chain(c.t) ? " (its flag is set: it passes at its next turn)"
                                   : " (its look-back has ended: it publishes P at its next turn)";
        if (tv.polls > 0) tip.append("\n").append(grouped(tv.polls)).append(" failed polls so far");
        if (i < size_of(c.snap.aggregate) && tv.section != SectionState::waiting_for_block)
            tip += "\nlocal total " + format_value(c.snap.aggregate, i);
        if (tv.block_state == BlockState::passed || tv.block_state == BlockState::done) {
            if (i < size_of(c.snap.exclusive)) tip += "\nprefix it adds " + format_value(c.snap.exclusive, i);
        }
    }
    tip += tv.section == SectionState::final_value         ? "\nits section of Y is final"
           : tv.section == SectionState::waiting_for_block ? ""
                                                           : "\nhatched: its local scan (XY), not yet written to Y";
    ImGui::SetTooltip("%s", tip.c_str());
}

}  // namespace

// The status words' values: presenting, at the legible size (they are values the room reads).
float status_value_size(const App& app) { return app.layout.presentation ? legible_value_size(app) : small_font(); }

float tiles_view_height(const App& app, const Trace& t) {
    const float font = ImGui::GetFontSize(), ch = cell_height();
    (void)t;
    const ImGuiStyle& style = ImGui::GetStyle();
    // arcs, status row, its values, tiles row (two lines), Y row, its ruler
    return font * 1.6f + ch + status_value_size(app) + 4 + ch * 1.3f + 8 + ch + small_font() + 8 + 2 * style.WindowPadding.y + 6;
}

float tiles_view_min_height(const App& app) {
    const float font = ImGui::GetFontSize();
    // Presenting, a cell is no shorter than its legible digits need.
    const float ch = app.layout.presentation ? std::ceil(legible_value_size(app) / kValueOfCell) : std::round(font);
    return 3.3f * ch + font * 0.7f + status_value_size(app) + small_font() + 21 + 2 * ImGui::GetStyle().WindowPadding.y + 4;
}

void draw_tiles_view(App& app, const ShownTrace& st, size_t k, float height) {
    const Trace& t = st.trace;
    if (k >= t.steps.size()) return;
    if (t.steps[k].snapshot.empty()) {
        ImGui::TextWrapped("This trace holds counts only: the tiles view needs a full trace (`scanlab trace --format json`).");
        return;
    }
    TilesCanvas c(t, k, app.palette());
    c.font = ImGui::GetFontSize();
    c.sf = small_font();
    c.vs = status_value_size(app);
    c.legible = legible_value_size(app);
    // A short window makes the rows shorter (down to a line of text each; presenting, to digits
    // still legible), then the arcs' room, before the view scrolls. The rows take 3.3 cells, the
    // arcs, two small lines and 21 px.
    const float inside = height - 2 * ImGui::GetStyle().WindowPadding.y - 2;
    const float fixed = c.sf + c.vs + 21;
    const float shortest = app.layout.presentation ? std::ceil(c.legible / kValueOfCell) : std::round(c.font * 1.0f);
    c.ch = std::clamp(std::floor((inside - fixed - c.font * 1.6f) / 3.3f), std::min(shortest, cell_height()), cell_height());
    c.arcs_h = std::clamp(inside - fixed - 3.3f * c.ch, c.font * 0.7f, c.font * 1.6f);
    c.label_w = c.font * 4.2f;

    ImGui::BeginChild("tiles", ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
    c.dl = ImGui::GetWindowDrawList();
    c.f = ImGui::GetFont();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    // The tiles fit the width (a tile at least two digits wide; more tiles scroll).
    const float pad = c.boundaries ? c.font : 0;
    const float room = ImGui::GetContentRegionAvail().x - c.label_w - 8 - pad;
    c.tile_w = std::max(c.font * 1.6f, room / float(std::max<int64_t>(c.grid, 1)));
    c.w = c.tile_w / float(c.section);  // one element of Y
    c.x0 = o.x + c.label_w + pad * 0.5f;
    c.y_arcs = o.y + 2;
    c.y_status = c.y_arcs + c.arcs_h;
    c.y_status_val = c.y_status + c.ch + 1;
    c.y_tiles = c.y_status_val + c.vs + 4;
    c.tiles_h = c.ch * 1.3f;
    c.y_y = c.y_tiles + c.tiles_h + 8;
    c.y_ruler = c.y_y + c.ch + 2;
    ImGui::Dummy(ImVec2(c.label_w + float(c.grid) * c.tile_w + pad + 4, c.y_ruler + c.sf + 4 - o.y));
    const bool hovered = ImGui::IsWindowHovered();
    c.view_l = ImGui::GetWindowPos().x;
    c.view_r = c.view_l + ImGui::GetWindowWidth();
    c.status_w = c.boundaries ? std::min(c.tile_w * 0.8f, c.font * 2.2f) : c.tile_w - 4;

    c.dl->PushClipRect(ImVec2(std::max(c.view_l, o.x + c.label_w - 2), ImGui::GetWindowPos().y),
                       ImVec2(c.view_r, ImGui::GetWindowPos().y + ImGui::GetWindowHeight()), true);
    draw_status_words(c);
    const int64_t hovered_tile = draw_sections(c, hovered);
    draw_y_row(c);
    draw_event_reads(c);
    c.dl->PopClipRect();
    draw_tiles_row_labels(c, o.x);
    tile_tooltip(c, hovered_tile);
    ImGui::EndChild();
}

std::string sm_slots_note(const Trace& t, size_t k) {
    if (k >= t.steps.size() || t.steps[k].snapshot.empty()) return "";
    const bool deadlock = t.steps[k].event && t.steps[k].event->kind == EventKind::deadlock;
    const Residency r = residency_after(t, k);
    auto names = [](const std::vector<int32_t>& blocks) {
        std::string out = blocks.size() == 1 ? "block " : "blocks ";
        const size_t shown = std::min<size_t>(blocks.size(), 6);
        for (size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + std::to_string(blocks[i]);
        if (blocks.size() > shown) out += " and " + grouped(int64_t(blocks.size() - shown)) + " more";
        return out;
    };
    std::string slots = "SM slots: " + (r.resident.empty() ? std::string("free") : names(r.resident));
    if (!r.not_started.empty()) slots += std::string(deadlock ? " · never started: " : " · not started: ") + names(r.not_started);
    return slots;
}

void draw_tiles_notes(App& app, const Trace& t, size_t k) {
    if (k >= t.steps.size() || t.steps[k].snapshot.empty()) return;
    const Step& s = t.steps[k];
    ImGui::PushTextWrapPos(0);
    // At a deadlock, who holds the SM slots and who never got one (else the counts line says it).
    if (s.event && s.event->kind == EventKind::deadlock)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(app.palette().error)), "%s (the waiting blocks spin for ever)",
                           sm_slots_note(t, k).c_str());
    // A look-back: what this window combined, and what the tile has combined so far.
    const LookBackWords lb = look_back_words(t, k);
    if (!lb.role.empty() && s.event) {
        const Event& e = *s.event;
        const EventSnapshot& snap = s.snapshot;
        std::string line = "Tile " + std::to_string(lb.tile) + " looks back: read " + std::to_string(e.window_first) +
                           (e.window_first == e.window_last ? std::string() : ".." + std::to_string(e.window_last));
        if (e.found >= 0) line += ", met P at " + std::to_string(e.found);
        line +=
            ", combined " + (e.window_last == lb.combined_first ? std::to_string(e.window_last)
                                                                : std::to_string(e.window_last) + ".." + std::to_string(lb.combined_first));
        if (e.found > e.window_first)
            line += " (" + std::to_string(e.window_first) + ".." + std::to_string(e.found - 1) + " read, not needed)";
        const std::string so_far = size_t(lb.tile) < size_of(snap.exclusive) ? format_value(snap.exclusive, size_t(lb.tile)) : "?";
        line += std::string(lb.several_windows ? " · combined so far (tiles " : " · combined (tiles ") + std::to_string(lb.combined_first) +
                ".." + std::to_string(lb.tile - 1) + ") = " + so_far + (lb.done ? ": its exclusive prefix" : ", looking further back");
        ImGui::TextUnformatted(line.c_str());
    }
    ImGui::PopTextWrapPos();
}

float event_timeline_height(const Trace& t, bool smallest, bool largest) {
    const float lanes = float(std::clamp<int64_t>(t.grid, 1, 16));
    // (Presenting, a lane is never shorter than its name, up to four lanes: the room reads which block is which;
    // more lanes name every k-th.)
    const float named = lanes <= 4 && ImGui::GetFontSize() > 20 ? small_font() + 2 : 0;
    const float lane = smallest  ? std::max(named, lanes > 8 ? 3.0f : std::max(4.0f, ImGui::GetFontSize() * 0.25f))
                        : largest ? ImGui::GetFontSize() * 1.6f
                                 : std::max({named, 5.0f, ImGui::GetFontSize() * 0.4f});
    return std::max(lanes * lane, ImGui::GetFontSize()) + 2 * ImGui::GetStyle().WindowPadding.y + 4;
}

void draw_event_timeline(App& app, const ShownTrace& st, size_t k, float height) {
    const Trace& t = st.trace;
    const std::vector<EventMark>& marks = st.book.event_marks;
    if (marks.empty()) return;
    const Palette& p = app.palette();
    ImGui::BeginChild("events", ImVec2(0, height), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float font = ImGui::GetFontSize(), label_w = font * 4.2f;
    // One lane per block; more blocks than lanes share them (block b in lane b mod lanes).
    const int64_t lanes = std::clamp<int64_t>(t.grid, 1, 16);
    const float lane_h = std::min((avail.y - 2) / float(lanes), ImGui::GetFontSize() * 1.6f), lanes_h = lane_h * float(lanes);
    const float x0 = o.x + label_w, step_w = (avail.x - label_w - 4) / float(marks.size());
    std::vector<size_t> slot(t.steps.size(), 0);  // step -> its mark's column
    for (size_t i = 0; i < marks.size(); ++i) slot[marks[i].step] = i;
    auto lane_of = [&](int32_t block) { return block < 0 ? 0 : block % lanes; };
    // A block's failed polls: a red bar through its lane from the event before the wait to the
    // event that ended it (at a deadlock, to the end: it spins for ever).
    for (const WaitSpan& w : st.book.waiting_spans) {
        const float ya = o.y + float(lane_of(w.block)) * lane_h;
        const float xa = x0 + float(slot[w.from_step] + 1) * step_w;
        const float xb = w.forever ? x0 + float(marks.size()) * step_w : x0 + float(slot[w.to_step]) * step_w;
        const float th = std::max(2.0f, lane_h * 0.34f);
        dl->AddRectFilled(ImVec2(xa, ya + (lane_h - th) * 0.5f), ImVec2(std::max(xa + 1, xb), ya + (lane_h + th) * 0.5f),
                          col(p.cell_hazard, 200));
    }
    for (size_t i = 0; i < marks.size(); ++i) {
        const EventMark& m = marks[i];
        const float xa = x0 + float(i) * step_w, ya = o.y + float(lane_of(m.block)) * lane_h;
        const float xb = xa + std::max(1.0f, step_w - (step_w > 4 ? 1.0f : 0.0f));
        const ImVec2 a(xa, m.block < 0 ? o.y : ya + 1), b(xb, m.block < 0 ? o.y + lanes_h : ya + lane_h - 1);
        if (m.kind == EventKind::deadlock) {
            dl->AddRect(a, b, col(kind_colour(p, m.kind)), 0.0f, 2.5f);  // the waits run through it
            continue;
        }
        dl->AddRectFilled(a, b, col(kind_colour(p, m.kind)));
    }
    for (size_t i = 0; i < marks.size(); ++i)
        if (marks[i].step == k) {
            const float xa = x0 + float(i) * step_w, xb = xa + std::max(1.0f, step_w - (step_w > 4 ? 1.0f : 0.0f));
            dl->AddRect(ImVec2(xa - 2, o.y), ImVec2(xb + 2, o.y + lanes_h), ImGui::GetColorU32(ImGuiCol_Text), 0.0f, 2.5f);
        }
    // Lane names: each block where a lane holds a line of text, else the first and the last.
    const float sf = small_font();
    const ImU32 label_c = ImGui::GetColorU32(ImGuiCol_Text);
    auto lane_name = [&](int64_t l) {
        return lanes < t.grid ? prefixed("b", static_cast<long long>(l)) + " + 16k" : prefixed("block ", static_cast<long long>(l));
    };
    // Every lane's name where a lane holds a line of the small text, else every k-th lane's (its
    // first and the ones between take their place by counting), never none.
    int named = 0;
    if (lanes_h >= sf + 2) {
        const int64_t every = std::max<int64_t>(1, int64_t(std::ceil((sf + 2) / std::max(lane_h, 1.0f))));
        for (int64_t l = 0; l < lanes; l += every, ++named) {
            const float y = std::min(o.y + float(l) * lane_h + (lane_h - sf) * 0.5f, o.y + lanes_h - sf);
            dl->AddText(ImGui::GetFont(), sf, ImVec2(o.x + 2, std::max(o.y, y)), label_c, lane_name(l).c_str());
        }
    } else {
        dl->AddText(ImGui::GetFont(), sf, ImVec2(o.x + 2, o.y + (lanes_h - sf) * 0.5f), label_c,
                    lanes < t.grid ? "blocks (mod 16)" : "blocks");
    }
    app.step_view.timeline_lanes_named = named;
    app.step_view.timeline_lanes = int(lanes);
    ImGui::Dummy(avail);
    // A click walks the stepper to that event.
    if (ImGui::IsItemHovered()) {
        const float mx = ImGui::GetIO().MousePos.x;
        if (mx >= x0) {
            const size_t i = std::min(marks.size() - 1, size_t((mx - x0) / step_w));
            const EventMark& m = marks[i];
            ImGui::SetTooltip("#%zu  %s\n(click: step to it)", m.step, step_label(t.steps[m.step]).c_str());
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && &st == app.session.trace.get()) app.session.go_to(m.step);
        }
    }
    ImGui::EndChild();
}

void draw_tiles_legend(App& app, const Trace& t) {
    const Palette& p = app.palette();
    const bool chain = flag_chain(t);
    if (chain)
        legend(p, "flags:", {{p.cell_untouched, "0 not set"}, {p.cell_final, "1 set (scan_value ready)"}}, true);
    else
        legend(p, "status words:", {{p.cell_untouched, "X invalid"}, {p.cell_loaded, "A aggregate"}, {p.cell_final, "P inclusive prefix"}},
               true);
    if (chain)
        legend(p, "blocks:",
               {{p.thread_idle, "not started"},
                {p.thread_active, "scanning"},
                {p.cell_hazard, "waiting"},
                {p.fig_block_sum, "flag set, passes next"},
                {p.cell_updated, "passed (adding)"},
                {p.cell_final, "done"}},
               false);
    else
        legend(p, "blocks:",
               {{p.thread_idle, "not started"},
                {p.thread_active, "scanning"},
                {p.series_b, "looking back"},
                {p.fig_block_sum, "prefix found, P next"},
                {p.cell_updated, "published P (adding)"},
                {p.cell_final, "done"}},
               false);
    legend(p,
           "Y:", {{p.cell_untouched, "not written"}, {p.cell_loaded, "local scan XY, not yet Y", Mark::hatched}, {p.cell_final, "final"}},
           false);
    if (!chain)
        legend(p, "look-back:",
               {{p.arrow_op, "combined", Mark::arc}, {p.arrow_op, "read, not needed", Mark::dim_arc}, {p.cell_text, "P met", Mark::ring}},
               false);
}

void draw_timeline_legend(App& app, const Trace& t) {
    const Palette& p = app.palette();
    if (flag_chain(t) && !t.deadlock.empty())
        legend(p, "events:",
               {{p.thread_idle, "start"},
                {p.thread_active, "scanned"},
                {p.cell_hazard, "waiting (polls)", Mark::bar},
                {p.cell_updated, "passed"},
                {p.cell_final, "done"},
                {p.cell_hazard, "deadlock", Mark::ring}},
               true);
    else if (flag_chain(t))
        legend(p, "events:",
               {{p.thread_idle, "start"},
                {p.thread_active, "scanned"},
                {p.cell_hazard, "waiting (polls)", Mark::bar},
                {p.cell_updated, "passed"},
                {p.cell_final, "done"}},
               true);
    else
        legend(p, "events:",
               {{p.thread_idle, "start"},
                {p.thread_active, "scanned"},
                {p.cell_loaded, "publish A"},
                {p.series_b, "look-back"},
                {p.cell_hazard, "waiting (polls)", Mark::bar},
                {p.cell_updated, "publish P"},
                {p.cell_final, "done"}},
               true);
}

}  // namespace scanlab::gui
