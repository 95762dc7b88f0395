// The tiles view of an event-scheduled scan (domino, decoupled look-back): the flags or status
// words as a row of tiles coloured by what they say, the sections with the block that drew each
// (coloured by where the block stands), Y filling in section by section, the current event's
// reads as arrows back to the tiles it read, and a timeline of every event (one lane per block)
// that the stepper walks. Everything comes from the step's snapshot (model/tiles.hpp).
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "../app.hpp"
#include "../model/numbers.hpp"
#include "../model/tiles.hpp"

namespace scanlab::gui {
namespace {

// Colours by the enums' order (core/events.hpp, model/tiles.hpp), the same as the legend's.
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
    const Rgb by[] = {p.thread_idle, p.thread_active, p.cell_hazard, p.cell_loaded, p.cell_updated, p.cell_final};
    return pick(by, s);
}
Rgb section_colour(const Palette& p, SectionState s) {
    const Rgb by[] = {p.cell_untouched, p.cell_loaded, p.cell_updated, p.cell_final};  // no block, scanned, carrying, final
    return pick(by, s);
}
Rgb kind_colour(const Palette& p, EventKind k) {
    // start, scanned, publish aggregate, look back, passed, publish prefix, done, deadlock
    const Rgb by[] = {p.thread_idle, p.thread_active, p.cell_loaded, p.series_b, p.cell_updated, p.cell_updated, p.cell_final, p.cell_hazard};
    return pick(by, k);
}

void arrow_head(ImDrawList* dl, ImVec2 to, float s, ImU32 c) {
    dl->AddTriangleFilled(to, ImVec2(to.x - s, to.y - s * 1.6f), ImVec2(to.x + s, to.y - s * 1.6f), c);
}

float small_font() { return std::round(ImGui::GetFontSize() * 0.78f); }

}  // namespace

float tiles_view_height(const Trace& t) {
    const float font = ImGui::GetFontSize(), ch = cell_height();
    (void)t;
    const ImGuiStyle& style = ImGui::GetStyle();
    // arcs, status row, its values, tiles row (two lines), Y row, its ruler
    return font * 1.6f + ch + small_font() + 4 + ch * 1.3f + 8 + ch + small_font() + 8 + 2 * style.WindowPadding.y + 6;
}

void draw_tiles_view(App& app, const ShownTrace& st, size_t k, float height) {
    const Trace& t = st.trace;
    if (k >= t.steps.size()) return;
    const Step& s = t.steps[k];
    if (s.snapshot.empty()) {
        ImGui::TextWrapped("This trace holds counts only: the tiles view needs a full trace (`scanlab trace --format json`).");
        return;
    }
    const Palette& p = app.palette();
    const EventSnapshot& snap = s.snapshot;
    const std::vector<TileView> tiles = tiles_after(t, k);
    const bool boundaries = status_on_boundaries(t, k);
    const int64_t grid = int64_t(tiles.size()), section = std::max(1, t.section);
    const float font = ImGui::GetFontSize(), sf = small_font(), ch = cell_height();
    const float label_w = font * 4.2f;

    ImGui::BeginChild("tiles", ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    // The tiles fit the width (a tile at least two digits wide; more tiles scroll).
    const float room = ImGui::GetContentRegionAvail().x - label_w - 8 - (boundaries ? font : 0);
    const float tile_w = std::max(font * 1.6f, room / float(std::max<int64_t>(grid, 1)));
    const float w = tile_w / float(section);  // one element of Y
    const float x0 = o.x + label_w + (boundaries ? font * 0.5f : 0);
    const float y_arcs = o.y + 2, y_status = y_arcs + font * 1.6f, y_status_val = y_status + ch + 1;
    const float y_tiles = y_status_val + sf + 4, tiles_h = ch * 1.3f;
    const float y_y = y_tiles + tiles_h + 8, y_ruler = y_y + ch + 2;
    ImGui::Dummy(ImVec2(label_w + float(grid) * tile_w + (boundaries ? font : 0) + 4, y_ruler + sf + 4 - o.y));
    const float view_l = ImGui::GetWindowPos().x, view_r = view_l + ImGui::GetWindowWidth();
    const ImU32 text = col(p.cell_text), faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    ImFont* f = ImGui::GetFont();
    auto centred = [&](float cx, float y, float size, ImU32 c, const std::string& label, float max_w) {
        const ImVec2 sz = f->CalcTextSizeA(size, FLT_MAX, 0, label.c_str());
        if (sz.x <= max_w) dl->AddText(f, size, ImVec2(std::floor(cx - sz.x * 0.5f), y), c, label.c_str());
    };
    // Where flag / status word i sits, and the middle of tile i.
    auto status_x = [&](int64_t i) { return boundaries ? x0 + float(i) * tile_w : x0 + (float(i) + 0.5f) * tile_w; };
    auto tile_mid = [&](int64_t i) { return x0 + (float(i) + 0.5f) * tile_w; };
    const float status_w = boundaries ? std::min(tile_w * 0.8f, font * 2.2f) : tile_w - 4;

    dl->PushClipRect(ImVec2(std::max(view_l, o.x + label_w - 2), ImGui::GetWindowPos().y), ImVec2(view_r, ImGui::GetWindowPos().y + ImGui::GetWindowHeight()), true);
    // The flags / status words, with the value each one publishes.
    for (size_t i = 0; i < snap.status.size(); ++i) {
        const float cx = status_x(int64_t(i));
        if (cx + status_w < view_l || cx - status_w > view_r) continue;
        const ImVec2 a(cx - status_w * 0.5f, y_status), b(cx + status_w * 0.5f, y_status + ch);
        dl->AddRectFilled(a, b, col(status_colour(p, snap.status[i])));
        dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_WindowBg));
        const char* letter = snap.status[i] == TileStatus::prefix ? "P" : snap.status[i] == TileStatus::aggregate ? "A" : "X";
        centred(cx, y_status + (ch - sf) * 0.5f, sf, text, letter, status_w);
        const ValueArray* v = snap.status[i] == TileStatus::prefix ? &snap.prefix : snap.status[i] == TileStatus::aggregate ? &snap.aggregate : nullptr;
        if (v && i < size_of(*v)) centred(cx, y_status_val, sf, faint, format_value(*v, i), boundaries ? tile_w : tile_w - 2);
    }
    // The sections: the block that drew each, coloured by where that block stands.
    for (int64_t i = 0; i < grid; ++i) {
        const float xa = x0 + float(i) * tile_w, xb = xa + tile_w;
        if (xb < view_l || xa > view_r) continue;
        const TileView& tv = tiles[size_t(i)];
        const ImVec2 a(xa + 2, y_tiles), b(xb - 2, y_tiles + tiles_h);
        dl->AddRectFilled(a, b, col(tv.block >= 0 ? block_colour(p, tv.block_state) : p.cell_untouched));
        const bool current = s.event && s.event->tile == int32_t(i);
        if (current) dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(b.x + 2, b.y + 2), ImGui::GetColorU32(ImGuiCol_Text), 0, 3.0f);
        std::string top = prefixed("tile ", static_cast<long long>(i));
        if (f->CalcTextSizeA(sf, FLT_MAX, 0, top.c_str()).x > tile_w - 4) top = prefixed("t", static_cast<long long>(i));
        centred((xa + xb) * 0.5f, y_tiles + 2, sf, text, top, tile_w - 4);
        std::string who = tv.block >= 0 ? prefixed("block ", tv.block) : std::string("-");
        if (f->CalcTextSizeA(sf, FLT_MAX, 0, who.c_str()).x > tile_w - 4 && tv.block >= 0) who = prefixed("b", tv.block);
        if (tv.polls > 0 && tile_w > font * 5) who += " · " + grouped(tv.polls) + (tv.polls == 1 ? " poll" : " polls");
        centred((xa + xb) * 0.5f, y_tiles + tiles_h - sf - 3, sf, text, who, tile_w - 4);
    }
    // Y, section by section: the input, a local scan, the carried prefix being added, final.
    const Row y_row{&s.values, 0, size_of(s.values), 0, "Y", 0};
    const int64_t n = int64_t(size_of(s.values));
    const int64_t e_lo = std::clamp<int64_t>(int64_t((view_l - x0) / w) - 1, 0, n), e_hi = std::clamp<int64_t>(int64_t((view_r - x0) / w) + 2, 0, n);
    for (int64_t e = e_lo; e < e_hi; ++e) {
        const int64_t tile = e / section;
        const SectionState ss = tile < grid ? tiles[size_t(tile)].section : SectionState::waiting_for_block;
        const ImVec2 a(x0 + float(e) * w, y_y), b(x0 + float(e + 1) * w, y_y + ch);
        dl->AddRectFilled(a, b, col(section_colour(p, ss)));
        if (w >= 6) dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_WindowBg));
        if (w >= font * 1.2f && ss != SectionState::waiting_for_block) cell_text(dl, a, b, text, format_value(*y_row.values, size_t(e)));
    }
    for (int64_t i = 1; i < grid; ++i) {
        const float x = x0 + float(i) * tile_w;
        if (x >= view_l && x <= view_r) dl->AddLine(ImVec2(x, y_y - 3), ImVec2(x, y_y + ch + 3), col(p.block_line), 2.0f);
    }
    // Element indices at each section's start.
    for (int64_t i = 0; i < grid; ++i) {
        const float x = x0 + float(i) * tile_w;
        if (x < view_l - tile_w || x > view_r) continue;
        const std::string idx = grouped(i * section);
        if (f->CalcTextSizeA(sf, FLT_MAX, 0, idx.c_str()).x < tile_w - 4) dl->AddText(f, sf, ImVec2(x + 3, y_ruler), faint, idx.c_str());
    }
    // The current event's reads: arrows from the tile that reads back to what it read.
    const ImU32 arc_c = col(p.arrow_op);
    auto arc = [&](float from_x, float to_x, float thick) {
        const float lift = std::min(font * 1.5f, 8 + std::fabs(from_x - to_x) * 0.25f);
        const ImVec2 a(from_x, y_status - 1), b(to_x, y_status - 1);
        dl->AddBezierCubic(a, ImVec2(from_x, y_status - lift), ImVec2(to_x, y_status - lift), b, arc_c, thick);
        arrow_head(dl, b, std::max(3.0f, thick * 2.2f), arc_c);
    };
    if (s.event) {
        const Event& e = *s.event;
        const float from = tile_mid(e.tile);
        if (e.kind == EventKind::look_back && e.window_first >= 0)
            for (int32_t i = e.window_first; i <= e.window_last; ++i) arc(from, status_x(i), 2.0f);
        else if (e.kind == EventKind::passed && boundaries) {
            arc(from, status_x(e.tile), 2.0f);      // read scan_value[tile] once flags[tile] was set
            arc(status_x(e.tile), status_x(e.tile + 1), 2.5f);  // wrote scan_value[tile + 1], set flags[tile + 1]
        }
    }
    // Blocks that wait: a thin line from their tile to the flag or status word they poll.
    for (size_t b = 0; b < snap.waits_on.size() && b < snap.tile.size(); ++b) {
        const int32_t on = snap.waits_on[b];
        if (on < 0 || snap.tile[b] < 0) continue;
        const float xa = tile_mid(snap.tile[b]), xb = status_x(on);
        dl->AddLine(ImVec2(xa, y_tiles), ImVec2(xb, y_status + ch + 1), col(p.cell_hazard, 170), 1.5f);
    }
    dl->PopClipRect();
    // Row labels, pinned at the left.
    const float lx = std::max(o.x, view_l) + 4;
    auto row_label = [&](float y, float h, const char* label) {
        dl->AddRectFilled(ImVec2(lx - 4, y), ImVec2(lx - 4 + label_w - 4, y + h), ImGui::GetColorU32(ImGuiCol_ChildBg));
        dl->AddText(ImVec2(lx, y + (h - font) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), label);
    };
    row_label(y_status, ch, boundaries ? "flags" : "status");
    row_label(y_tiles, tiles_h, "tiles");
    row_label(y_y, ch, "Y");
    ImGui::EndChild();
}

float event_timeline_height(const Trace& t, bool smallest, bool largest) {
    const float lanes = float(std::clamp<int64_t>(t.grid, 1, 16));
    const float lane = smallest ? 2.0f : largest ? ImGui::GetFontSize() * 1.6f : std::max(4.0f, ImGui::GetFontSize() * 0.4f);
    return std::max(lanes * lane, ImGui::GetFontSize()) + 2 * ImGui::GetStyle().WindowPadding.y + 4;
}

void draw_event_timeline(App& app, const ShownTrace& st, size_t k, float height) {
    const Trace& t = st.trace;
    const std::vector<EventMark> marks = event_marks(t);
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
    for (size_t i = 0; i < marks.size(); ++i) {
        const EventMark& m = marks[i];
        const int64_t lane = m.block < 0 ? 0 : m.block % lanes;
        const float xa = x0 + float(i) * step_w, ya = o.y + float(lane) * lane_h;
        const float xb = xa + std::max(1.0f, step_w - (step_w > 4 ? 1.0f : 0.0f));
        dl->AddRectFilled(ImVec2(xa, m.block < 0 ? o.y : ya + 1), ImVec2(xb, m.block < 0 ? o.y + lanes_h : ya + lane_h - 1), col(kind_colour(p, m.kind)));
        if (m.step == k) dl->AddRect(ImVec2(xa - 2, o.y), ImVec2(xb + 2, o.y + lanes_h), ImGui::GetColorU32(ImGuiCol_Text), 0, 2.5f);
    }
    const float sf = small_font();
    if (lane_h >= sf + 2) {
        for (int64_t l = 0; l < lanes; ++l) {
            const std::string name = lanes < t.grid ? prefixed("b", static_cast<long long>(l)) + " + 16k" : prefixed("block ", static_cast<long long>(l));
            dl->AddText(ImGui::GetFont(), sf, ImVec2(o.x + 2, o.y + float(l) * lane_h + (lane_h - sf) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), name.c_str());
        }
    } else {
        dl->AddText(ImGui::GetFont(), sf, ImVec2(o.x + 2, o.y + (lanes_h - sf) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text),
                    lanes < t.grid ? "blocks (mod 16)" : "blocks");
    }
    ImGui::Dummy(avail);
    // A click walks the stepper to that event.
    if (ImGui::IsItemHovered()) {
        const float mx = ImGui::GetIO().MousePos.x;
        if (mx >= x0) {
            const size_t i = std::min(marks.size() - 1, size_t((mx - x0) / step_w));
            const EventMark& m = marks[i];
            ImGui::SetTooltip("#%zu  %s", m.step, step_label(t.steps[m.step]).c_str());
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && &st == app.session.trace.get()) app.session.go_to(m.step);
        }
    }
    ImGui::EndChild();
}

void draw_tiles_legend(App& app) {
    const Palette& p = app.palette();
    const std::pair<Rgb, const char*> legend[] = {
        {p.cell_untouched, "X invalid"},  {p.cell_loaded, "A aggregate"},    {p.cell_final, "P prefix / done"},
        {p.thread_active, "scanning"},    {p.cell_hazard, "waiting"},        {p.cell_updated, "passed (adding)"},
        {p.thread_idle, "not started"},
    };
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    for (size_t i = 0; i < std::size(legend); ++i) {
        if (i > 0) {
            const float need = ImGui::GetFontSize() * 1.5f + ImGui::CalcTextSize(legend[i].second).x;
            ImGui::SameLine(0, 10);
            if (ImGui::GetCursorScreenPos().x + need > right) ImGui::NewLine();
        }
        legend_swatch(legend[i].first, legend[i].second);
    }
}

}  // namespace scanlab::gui
