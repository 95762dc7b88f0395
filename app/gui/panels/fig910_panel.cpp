// Figure 9.10 beside the step view: the four blocks of the 16-element example, kernel 1's
// scanned blocks, the block sums S (7 7 6 11), kernel 2's scanned S (7 14 20 31), the arrows of
// S[i] into block i+1 and kernel 3's final Y. Every number comes from a hierarchical trace run
// by the backend: the main trace when it is a four-block, 16-element hierarchical run (then the
// panel steps with it), else the Figure 9.10 preset's own run, with its own step buttons.
#include <algorithm>

#include "app/gui/app.hpp"

namespace scanlab::gui {
namespace {

struct FigRow {
    const char* caption;
    const ValueArray* values = nullptr;  // null: the trace has not reached this row yet
    bool block_sums = false;            // S rows: one cell under the last element of each block
    bool current = false;               // the current step writes this row
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

struct Geometry {
    float w, gap, ch;
};
Geometry geometry(float avail) {
    const float font = ImGui::GetFontSize();
    Geometry g;
    g.gap = font * 0.6f;
    g.w = std::max(8.0f, (avail - 3 * g.gap) / 16.0f);
    g.ch = std::min(cell_height(), g.w * 1.2f);
    return g;
}
float rows_height(const Geometry& g) {
    const float font = ImGui::GetFontSize();
    return 5 * (font + 3 + g.ch) + 4 * font * 0.7f + font * 2.2f + 2;  // as draw_fig910_panel lays the rows
}

}  // namespace

float fig910_panel_height(float width) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float avail = width - 2 * st.WindowPadding.x - 4;
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float title = ImGui::CalcTextSize(kTitle, nullptr, false, avail).y + st.ItemSpacing.y;
    const float note = ImGui::CalcTextSize(kOwnNote, nullptr, false, avail).y + st.ItemSpacing.y;
    return 2 * st.WindowPadding.y + title + ImGui::GetFrameHeightWithSpacing() + note + rows_height(geometry(avail)) + line + 8;
}

void draw_fig910_panel(App& app) {
    Session& s = app.session;
    const ShownTrace* main = s.trace.get();
    const bool follow = main && main->book.full && algorithm_info(main->trace.algorithm).figure_9_10 && main->trace.n == 16 &&
                        main->trace.grid == 4 && main->trace.section == 4;
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
    if (follow) {
        ImGui::TextDisabled("steps with the main view: #%zu %s", k, step_label(t.steps[k]).c_str());
    } else {
        if (ImGui::SmallButton("<##fig")) k = k > 0 ? k - 1 : 0;
        ImGui::SameLine();
        if (ImGui::SmallButton(">##fig")) k = std::min(k + 1, t.steps.size() - 1);
        ImGui::SameLine();
        ImGui::Text("#%zu %s", k, step_label(t.steps[k]).c_str());
        if (ImGui::IsItemHovered() && presenting) ImGui::SetTooltip("%s", kOwnNote);
        flow(ImGui::CalcTextSize("open in main view").x + 2 * ImGui::GetStyle().FramePadding.x);
        if (ImGui::SmallButton("open in main view")) {
            s.form = Form{};
            s.form.backend = app.session.form.backend;
            s.run();
        }
        if (!presenting) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("%s", kOwnNote);
            ImGui::PopTextWrapPos();
        }
    }

    const Palette& p = app.palette();
    const Step& cur = t.steps[k];
    const auto k1 = [](const Step& x) { return x.kernel == Kernel::k1 && x.depth == 0 && x.phase != Phase::block_sum_write; };
    const auto sw = [](const Step& x) { return x.kernel == Kernel::k1 && x.depth == 0 && x.phase == Phase::block_sum_write; };
    const auto k2 = [](const Step& x) { return x.kernel == Kernel::k2; };
    const auto k3 = [](const Step& x) { return x.kernel == Kernel::k3 && x.depth == 0; };
    const int j1 = latest(t, k, k1), js = latest(t, k, sw), j2 = latest(t, k, k2), j3 = latest(t, k, k3);
    FigRow rows[] = {
        {"initial array X", &t.input, false, false},
        {"kernel 1: scan each block", j1 >= 0 ? &t.steps[size_t(j1)].values : nullptr, false, k1(cur)},
        {"kernel 1: block sums S", js >= 0 ? &t.steps[size_t(js)].values : nullptr, true, sw(cur)},
        {"kernel 2: scan S", j2 >= 0 ? &t.steps[size_t(j2)].values : nullptr, true, k2(cur)},
        {"kernel 3: add S[i] to block i+1: final Y", j3 >= 0 ? &t.steps[size_t(j3)].values : nullptr, false, k3(cur)},
    };

    const float font = ImGui::GetFontSize();
    const float avail = ImGui::GetContentRegionAvail().x - 4;
    const Geometry g = geometry(avail);
    const float gap = g.gap, w = g.w, ch = g.ch;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    auto x_of = [&](size_t i) { return o.x + float(i) * w + float(i / 4) * gap; };
    const ImU32 text = col(p.cell_text);
    float y = o.y + 2;
    float y_scanned_s = 0, y_final = 0;
    // A short panel scrolls to the row the step writes when that row changes and is out of sight.
    for (size_t r = 0; r < 5; ++r) {
        const FigRow& row = rows[r];
        if (row.current && app.fig910_panel.scrolled_to != int(r)) {
            if (!ImGui::IsRectVisible(ImVec2(o.x, y), ImVec2(o.x + 1, y + font + 3 + ch))) ImGui::SetScrollFromPosY(y - ImGui::GetWindowPos().y, 0.1f);
            app.fig910_panel.scrolled_to = int(r);
        }
        dl->AddText(ImVec2(o.x, y), row.current ? col(p.thread_active) : ImGui::GetColorU32(ImGuiCol_Text), row.caption);
        y += font + 3;
        const size_t n = row.block_sums ? 4 : 16;
        if (r == 3) y_scanned_s = y;
        if (r == 4) y_final = y;
        for (size_t i = 0; i < n; ++i) {
            const size_t at = row.block_sums ? 4 * i + 3 : i;  // S[b] sits under block b's last element
            const ImVec2 a(x_of(at), y), b(x_of(at) + w - 2, y + ch);
            const bool have = row.values && i < size_of(*row.values);
            dl->AddRectFilled(a, b, col(have ? (row.block_sums ? p.fig_block_sum : p.fig_cell) : p.fig_pending));
            if (row.current) dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), col(p.thread_active), 0, 2);
            if (have) {
                const std::string v = format_value(*row.values, i);
                cell_text(dl, a, b, text, v);
            }
        }
        // Block labels under the input row.
        y += ch + (r == 3 ? font * 2.2f : font * 0.7f);
    }
    // S[i] flows into every element of block i+1 (kernel 3), once the scanned S exists.
    if (rows[3].values) {
        const ImU32 ac = col(p.arrow_op, rows[4].current ? 255 : 150);
        for (size_t i = 0; i < 3; ++i) {
            const ImVec2 from(x_of(4 * i + 3) + w * 0.5f, y_scanned_s + ch);
            const ImVec2 to(x_of(4 * (i + 1)) + w * 2.0f - 1, y_final - font - 5);
            dl->AddLine(from, to, ac, rows[4].current ? 2.5f : 1.5f);
            dl->AddTriangleFilled(to, ImVec2(to.x - 5, to.y - 7), ImVec2(to.x + 4, to.y - 8), ac);
            const std::string lbl = prefixed("S[", static_cast<long long>(i)) + "]";
            dl->AddText(ImVec2((from.x + to.x) * 0.5f + 4, (from.y + to.y) * 0.5f - font * 0.6f), ac, lbl.c_str());
        }
    }
    ImGui::Dummy(ImVec2(avail, y - o.y));
    ImGui::TextDisabled("%s; %lld additions in %zu steps", f->origin.c_str(), static_cast<long long>(t.counts.additions), t.steps.size());
}

}  // namespace scanlab::gui
