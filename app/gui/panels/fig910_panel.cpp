// Figure 9.10 beside the step view: the four blocks of the 16-element example, kernel 1's
// scanned blocks, the block sums S (7 7 6 11), kernel 2's scanned S (7 14 20 31), the arrows of
// S[i] into block i+1 and kernel 3's final Y. Every number comes from a hierarchical trace run
// by the backend: the main trace when it is a four-block, 16-element hierarchical run (then the
// panel steps with it), else the Figure 9.10 preset's own run, with its own step buttons.
#include <algorithm>
#include <cmath>

#include "app/gui/app.hpp"
#include "app/gui/panels/fig910_panel.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

struct FigRow {
    const char* caption;
    const char* label;  // presenting: the short label at the row's left
    const ValueArray* values = nullptr;  // null: the trace has not reached this row yet
    bool block_sums = false;  // S rows: one cell under the last element of each block
    bool current = false;  // the current step writes this row
};

// The latest step at or before k that matches, or -1.
template <class Pred>
int latest(const Trace& t, size_t k, Pred pred) {
    for (size_t j = std::min(k + 1, t.steps.size()); j-- > 0;)
        if (pred(t.steps[j])) return int(j);
    return -1;
}

constexpr const char* kTitle = "Figure 9.10: the hierarchical scan of 16 elements in 4 blocks";
constexpr const char* kOwnNote = "(the main view shows another run; this panel steps on its own)";

// The rows' geometry. Presenting, the numbers take the panel: the rows carry short labels at
// their left ("K1", "S") and the current row's caption is one line over them, the gaps narrow.
struct Geometry {
    float w, gap, ch, label_w, row_gap, arrows;
    bool captions;  // a caption line over every row
};
// `least`: the smallest size a value is drawn at (legible_value_size).
Geometry geometry(float avail, bool presenting, float least) {
    const float font = ImGui::GetFontSize();
    Geometry g;
    g.captions = !presenting;
    g.label_w = presenting ? std::ceil(ImGui::CalcTextSize("K2 ").x) : 0;
    g.gap = font * (presenting ? 0.25f : 0.6f);
    g.w = std::max(8.0f, (avail - g.label_w - 3 * g.gap) / 16.0f);
    g.ch = std::min(cell_height(), g.w * 1.2f);
    if (presenting) g.ch = std::max(g.ch, std::ceil(least / kValueOfCell));  // as cell_text sizes a value
    g.row_gap = presenting ? std::round(font * 0.35f) : font * 0.7f;
    g.arrows = presenting ? std::round(font * 1.6f) : font * 2.2f;  // under kernel 2's S, where S[i] flows into block i+1
    return g;
}
float rows_height(const Geometry& g) {
    // As draw_fig910_panel lays the rows.
    const float font = ImGui::GetFontSize();
    const float caption = g.captions ? 5 * (font + 3) : ImGui::GetTextLineHeightWithSpacing();
    return caption + 5 * g.ch + 3 * g.row_gap + g.arrows + 2;
}

}  // namespace

float fig910_panel_height(float width, bool presenting, float least) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float avail = width - 2 * st.WindowPadding.x - 4;
    const float rows = rows_height(geometry(avail, presenting, least));
    if (presenting) return 2 * st.WindowPadding.y + ImGui::GetFrameHeightWithSpacing() + rows + 8;  // the step line, the rows
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float title = ImGui::CalcTextSize(kTitle, nullptr, false, avail).y + st.ItemSpacing.y;
    const float note = ImGui::CalcTextSize(kOwnNote, nullptr, false, avail).y + st.ItemSpacing.y;
    return 2 * st.WindowPadding.y + title + ImGui::GetFrameHeightWithSpacing() + note + rows + line + 8;
}

bool fig910_follows_main(const Session& s) {
    const ShownTrace* main = s.trace.get();
    // A student's kernel launched as the hierarchical scan has steps of its own, not the figure's rows.
    return main && main->book.full && main->trace.kernel.empty() && algorithm_info(main->trace.algorithm).figure_9_10 &&
           main->trace.n == 16 && main->trace.grid == 4 && main->trace.section == 4;
}

namespace {

// What marks each row: which step last wrote it (kernel 1's scan, its block sums, kernel 2, kernel 3).
bool writes_k1(const Step& x) { return x.kernel == Kernel::k1 && x.depth == 0 && x.phase != Phase::block_sum_write; }
bool writes_s(const Step& x) { return x.kernel == Kernel::k1 && x.depth == 0 && x.phase == Phase::block_sum_write; }
bool writes_k2(const Step& x) { return x.kernel == Kernel::k2; }
bool writes_k3(const Step& x) { return x.kernel == Kernel::k3 && x.depth == 0; }

// The panel's own step buttons, for the preset's run while the main view shows another, and the
// button that opens that run in the main view.
void draw_own_step_line(App& app, const Trace& t, size_t& k) {
    Session& s = app.session;
    const bool presenting = app.layout.presentation;
    if (ImGui::SmallButton("<##fig")) k = k > 0 ? k - 1 : 0;
    ImGui::SameLine();
    if (ImGui::SmallButton(">##fig")) k = std::min(k + 1, t.steps.size() - 1);
    ImGui::SameLine();
    ImGui::Text("#%zu %s", k, step_label(t.steps[k]).c_str());
    if (ImGui::IsItemHovered() && presenting) ImGui::SetTooltip("%s", kOwnNote);
    flow(ImGui::CalcTextSize("open in main view").x + 2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::SmallButton("open in main view")) {
        // The figure's run in the main view, on the backend the user chose (the form is
        // reset to the figure's own, so the choice is taken first).
        const BackendChoice backend = s.form.backend;
        s.form = Form{};
        s.form.backend = backend;
        s.run();
    }
    if (!presenting) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", kOwnNote);
        ImGui::PopTextWrapPos();
    }
}

// A lesson's slide that points at a row (::: view fig9.10 row K): the figure's row step K
// writes (1 to 4), 0 for a step that writes none, -1 where no slide points.
int pointed_row(App& app, const Trace& t, bool follow) {
    const std::optional<LessonPointer> ptr = app.lesson.pointer(app.session);
    if (!(follow && ptr && ptr->point == "row" && ptr->view == "fig9.10" && size_t(ptr->from) < t.steps.size())) return -1;
    const Step& at = t.steps[size_t(ptr->from)];
    return writes_k1(at) ? 1 : writes_s(at) ? 2 : writes_k2(at) ? 3 : writes_k3(at) ? 4 : 0;
}

// Where the rows were drawn, for the arrows between them.
struct FigPlace {
    ImVec2 o;  // the rows' top left
    float y = 0;  // under the last row
    float y_scanned_s = 0, y_final = 0;  // kernel 2's S row's top, the final row's top
    float x_of(const Geometry& g, size_t i) const { return o.x + g.label_w + float(i) * g.w + float(i / 4) * g.gap; }
};

// The five rows, each cell with its value once the trace has written it ("?" where predict
// mode hides it), the current row outlined, the slide's row outlined in the error colour.
FigPlace draw_fig_rows(App& app, const FigRow (&rows)[5], const Geometry& g, bool hide_current, int pointed, ImDrawList* dl) {
    const Palette& p = app.palette();
    const float font = ImGui::GetFontSize();
    const float w = g.w, ch = g.ch;
    const float legible = legible_value_size(app);
    FigPlace place{ImGui::GetCursorScreenPos()};
    const ImVec2 o = place.o;
    auto x_of = [&](size_t i) { return place.x_of(g, i); };
    const ImU32 text = col(p.cell_text);
    float y = o.y + 2;
    for (size_t r = 0; r < 5; ++r) {
        const FigRow& row = rows[r];
        // A short panel scrolls to the row the step writes when that row changes and is out of sight.
        const float row_h = (g.captions ? font + 3 : 0) + ch;
        if (row.current && app.fig910_panel.scrolled_to != int(r)) {
            if (!ImGui::IsRectVisible(ImVec2(o.x, y), ImVec2(o.x + 1, y + row_h)))
                ImGui::SetScrollFromPosY(y - ImGui::GetWindowPos().y, 0.1f);
            app.fig910_panel.scrolled_to = int(r);
        }
        const ImU32 label_c = row.current ? col(p.thread_active) : ImGui::GetColorU32(ImGuiCol_Text);
        if (g.captions) {
            dl->AddText(ImVec2(o.x, y), label_c, row.caption);
            y += font + 3;
        } else {
            dl->AddText(ImVec2(o.x, y + (ch - font) * 0.5f), label_c, row.label);
        }
        const size_t n = row.block_sums ? 4 : 16;
        if (r == 3) place.y_scanned_s = y;
        if (r == 4) place.y_final = y;
        const bool hidden = row.current && hide_current;
        for (size_t i = 0; i < n; ++i) {
            const size_t at = row.block_sums ? 4 * i + 3 : i;  // S[b] sits under block b's last element
            const ImVec2 a(x_of(at), y), b(x_of(at) + w - (g.captions ? 2 : 1), y + ch);
            const bool have = row.values && i < size_of(*row.values) && !hidden;
            dl->AddRectFilled(a, b, col(have ? (row.block_sums ? p.fig_block_sum : p.fig_cell) : p.fig_pending));
            if (row.current) dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), col(p.thread_active), 0, 2);
            if (have)
                cell_text(dl, a, b, text, format_value(*row.values, i), legible);
            else if (hidden)
                cell_text(dl, a, b, text, "?", legible);
        }
        // The row the slide points at: one outline round the whole row, in the error colour.
        if (int(r) == pointed) {
            const float pad = std::max(3.0f, ch * 0.12f);
            dl->AddRect(ImVec2(x_of(0) - pad, y - pad), ImVec2(x_of(15) + w + pad, y + ch + pad), col(p.error), 4,
                        std::clamp(ch / 10, 2.0f, 4.0f));
        }
        y += ch + (r == 3 ? g.arrows : r == 4 ? 0 : g.row_gap);
    }
    place.y = y;
    return place;
}

// S[i] flows into every element of block i+1 (kernel 3): an arrow from each scanned S, labelled.
void draw_block_sum_arrows(App& app, const Geometry& g, const FigPlace& at, bool final_current, ImDrawList* dl) {
    const float font = ImGui::GetFontSize();
    const ImU32 ac = col(app.palette().arrow_op, final_current ? 255 : 150);
    const float label_size = g.captions ? font : std::round(font * 0.78f);
    for (size_t i = 0; i < 3; ++i) {
        const ImVec2 from(at.x_of(g, 4 * i + 3) + g.w * 0.5f, at.y_scanned_s + g.ch);
        const ImVec2 to(at.x_of(g, 4 * (i + 1)) + g.w * 2.0f - 1, at.y_final - (g.captions ? font + 5 : 3));
        dl->AddLine(from, to, ac, final_current ? 2.5f : 1.5f);
        dl->AddTriangleFilled(to, ImVec2(to.x - 5, to.y - 7), ImVec2(to.x + 4, to.y - 8), ac);
        const std::string lbl = prefixed("S[", static_cast<long long>(i)) + "]";
        dl->AddText(ImGui::GetFont(), label_size, ImVec2((from.x + to.x) * 0.5f + 4, (from.y + to.y) * 0.5f - label_size * 0.6f), ac,
                    lbl.c_str());
    }
}

}  // namespace

void draw_fig910_panel(App& app) {
    Session& s = app.session;
    const ShownTrace* main = s.trace.get();
    const bool follow = fig910_follows_main(s);
    const ShownTrace* f = follow ? main : s.fig910.get();
    // On a projector the panel's tab names the figure and its rows need the lines.
    const bool presenting = app.layout.presentation;
    if (!presenting) ImGui::TextWrapped("%s", kTitle);
    if (!f) {
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
        ImGui::SameLine();
        ImGui::TextUnformatted("running the figure's trace...");
        return;
    }
    const Trace& t = f->trace;
    if (t.steps.empty()) return;
    size_t& k = follow ? s.step : app.fig910_panel.step;
    k = std::min(k, t.steps.size() - 1);
    if (follow)
        ImGui::TextDisabled("steps with the main view: #%zu %s", k, step_label(t.steps[k]).c_str());
    else
        draw_own_step_line(app, t, k);

    const Step& cur = t.steps[k];
    const int j1 = latest(t, k, writes_k1), js = latest(t, k, writes_s), j2 = latest(t, k, writes_k2), j3 = latest(t, k, writes_k3);
    // Predict mode hides what the step writes until it is revealed, here as in the step view.
    const bool hide_current = follow && app.predict.hides(main, k);
    const int pointed = pointed_row(app, t, follow);
    const FigRow rows[] = {
        {"initial array X", "X", &t.input, false, false},
        {"kernel 1: scan each block", "K1", j1 >= 0 ? &t.steps[size_t(j1)].values : nullptr, false, writes_k1(cur)},
        {"kernel 1: block sums S", "S", js >= 0 ? &t.steps[size_t(js)].values : nullptr, true, writes_s(cur)},
        {"kernel 2: scan S", "K2", j2 >= 0 ? &t.steps[size_t(j2)].values : nullptr, true, writes_k2(cur)},
        {"kernel 3: add S[i] to block i+1: final Y", "Y", j3 >= 0 ? &t.steps[size_t(j3)].values : nullptr, false, writes_k3(cur)},
    };

    const float avail = ImGui::GetContentRegionAvail().x - 4;
    const Geometry g = geometry(avail, presenting, legible_value_size(app));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (!g.captions) {
        // The current row's caption, the figure's own words, over the rows.
        const char* caption = "initial array X";
        for (const FigRow& row : rows)
            if (row.current) caption = row.caption;
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(app.palette().thread_active)), "%s", caption);
    }
    const FigPlace at = draw_fig_rows(app, rows, g, hide_current, pointed, dl);
    // The arrows once the scanned S exists.
    if (rows[3].values && !(rows[3].current && hide_current)) draw_block_sum_arrows(app, g, at, rows[4].current, dl);
    ImGui::Dummy(ImVec2(avail, at.y - at.o.y));
    if (!presenting)
        ImGui::TextDisabled("%s; %lld additions in %zu steps", f->origin.c_str(), static_cast<long long>(t.counts.additions),
                            t.steps.size());
}

}  // namespace scanlab::gui
