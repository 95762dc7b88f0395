// Compare mode: the current algorithm and the comparison algorithm on the same input, side by
// side (one above the other), stepping together: step k of each, the shorter run resting on its
// last step until the longer one ends, each with its step label and additions so far.
#include <algorithm>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/compare_view.hpp"
#include "app/gui/panels/step_view.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

std::string side_name(const ShownTrace& st) { return "\xE2\x96\xA0 " + run_name(st.trace); }

// The side's heading: its step and additions so far; its threads and divergent warps too, except
// presenting, where they are one hover away and the heading keeps to one line.
std::string side_line(const ShownTrace& st, size_t k, bool finished, bool presenting) {
    const Trace& t = st.trace;
    const Step& s = t.steps[k];
    const std::string line = prefixed("#", static_cast<long long>(k)) + " " + step_label(s) + (finished ? "  (finished)" : "") + ":  " +
                             grouped(st.book.cumulative_additions[k]) + " additions so far of " + grouped(t.counts.additions);
    if (presenting) return line;
    return line + ",  " + grouped(s.counts.active_threads) + " active / " + grouped(s.counts.idle_threads) + " idle threads,  " +
           counted(s.counts.divergent_warps, "divergent warp", "divergent warps");
}

// The height of a side's heading, wrapped as one_side draws it.
float side_heading_height(const ShownTrace& st, size_t k, bool finished, bool presenting) {
    const float wrap = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(side_name(st).c_str()).x - ImGui::GetStyle().ItemSpacing.x;
    return ImGui::CalcTextSize(side_line(st, k, finished, presenting).c_str(), nullptr, false, std::max(wrap, ImGui::GetFontSize())).y +
           ImGui::GetStyle().ItemSpacing.y;
}

void one_side(App& app, const ShownTrace& st, size_t k, const char* id, Rgb colour, bool finished, float row_scale) {
    const bool presenting = app.layout.presentation;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(colour)), "%s", side_name(st).c_str());
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(side_line(st, k, finished, presenting).c_str());
    ImGui::PopTextWrapPos();
    if (presenting && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", side_line(st, k, finished, false).c_str());
    draw_array_view(app, st, k, id, array_view_height(app, st, k, row_scale), 0, row_scale);
}

void totals_line(const Session& s) {
    ImGui::Spacing();
    const int64_t a = s.trace->trace.counts.additions, b = s.compare->trace.counts.additions;
    ImGui::PushTextWrapPos(0);
    ImGui::Text("In all: %s %s additions in %zu steps; %s %s additions in %zu steps.", run_name(s.trace->trace).c_str(), grouped(a).c_str(),
                s.trace->trace.steps.size(), run_name(s.compare->trace).c_str(), grouped(b).c_str(), s.compare->trace.steps.size());
    ImGui::PopTextWrapPos();
}

// The cells' room in a child of this width: the width less the row labels and the child's margin
// (as the step view fits its own, array_view.cpp).
float compare_cells_room(float width) {
    const ImGuiStyle& style = ImGui::GetStyle();
    return width - ImGui::GetFontSize() * 4.2f - 8 - 2 * (style.WindowPadding.x + style.ChildBorderSize) - 1;
}

// The algorithm to compare with, and what the view shows (on hover, presenting).
void draw_compare_header(App& app) {
    Session& s = app.session;
    const bool presenting = app.layout.presentation;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    if (ImGui::BeginCombo("compare with", std::string(name(s.form.compare_algorithm)).c_str())) {
        for (Algorithm a : all_algorithms())
            if (ImGui::Selectable(std::string(name(a)).c_str(), a == s.form.compare_algorithm)) {
                s.form.compare_algorithm = a;
                s.run();
            }
        ImGui::EndCombo();
    }
    const char* note = "same input, steps in sync (the shorter run rests on its last step)";
    if (presenting) {
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", note);
    } else {
        flow(ImGui::CalcTextSize(note).x);
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", note);
        ImGui::PopTextWrapPos();
    }
}

}  // namespace

void draw_compare_view(App& app) {
    Session& s = app.session;
    if (!s.trace || s.trace->trace.steps.empty()) return;
    const bool presenting = app.layout.presentation;
    draw_compare_header(app);
    // This view fits its own zoom to its width (the step view's is kept for the step view): both
    // runs' columns, unless the user zoomed by hand.
    const float kept = app.layout.cell_width;
    struct RestoreZoom {
        App& app;
        float kept;
        ~RestoreZoom() { app.layout.cell_width = kept; }
    } restore{app, kept};
    size_t widest = columns_to_fit(s.trace->trace);
    if (s.compare) widest = std::max(widest, columns_to_fit(s.compare->trace));
    if (!app.step_view.zoom_fixed)
        app.layout.cell_width =
            std::clamp(compare_cells_room(ImGui::GetContentRegionAvail().x) / float(widest), 2.0f, 8.0f * ImGui::GetFontSize());
    // Both runs in sight at once: their rows are made shorter (as the step view's) where the
    // window is short, down to digits still legible; where one above the other still does not
    // fit (a projector), the two stand side by side, each fitted to half the width, where the
    // halves hold the values whole.
    float row_scale = 1;
    const float shortest = min_row_scale(app);
    if (s.compare && s.compare->book.full && s.trace->book.full) {
        const size_t ka = s.step, kb = s.compare_step();
        const bool fin_a = s.compare_extra > 0, fin_b = s.step + s.compare_extra >= s.compare->trace.steps.size();
        const ImGuiStyle& style = ImGui::GetStyle();
        const float fixed = side_heading_height(*s.trace, ka, fin_a, presenting) + side_heading_height(*s.compare, kb, fin_b, presenting) +
                            (presenting ? 0 : 2 * ImGui::GetTextLineHeightWithSpacing()) + 3 * style.ItemSpacing.y;
        const float room = ImGui::GetContentRegionAvail().y - fixed;
        auto need = [&](float sc) { return array_view_height(app, *s.trace, ka, sc) + array_view_height(app, *s.compare, kb, sc); };
        while (need(row_scale) > room && row_scale > shortest) row_scale = std::max(shortest, row_scale - 0.05f);
        const float half = compare_cells_room((ImGui::GetContentRegionAvail().x - style.ItemSpacing.x) * 0.5f);
        const float narrowest =
            std::max({ImGui::GetFontSize() * 0.6f, value_cell_width(app, s.trace->trace), value_cell_width(app, s.compare->trace)});
        if (need(row_scale) > room && half / float(widest) >= narrowest &&
            ImGui::BeginTable("sides", 2, ImGuiTableFlags_SizingStretchSame)) {
            if (!app.step_view.zoom_fixed) app.layout.cell_width = half / float(widest);
            const float side_room = ImGui::GetContentRegionAvail().y -
                                    std::max(side_heading_height(*s.trace, ka, fin_a, presenting) * 2,
                                             side_heading_height(*s.compare, kb, fin_b, presenting) * 2) -
                                    2 * ImGui::GetTextLineHeightWithSpacing();
            row_scale = 1;
            auto side_need = [&](float sc) {
                return std::max(array_view_height(app, *s.trace, ka, sc), array_view_height(app, *s.compare, kb, sc));
            };
            while (side_need(row_scale) > side_room && row_scale > shortest) row_scale = std::max(shortest, row_scale - 0.05f);
            ImGui::TableNextColumn();
            one_side(app, *s.trace, ka, "compare-a", algorithm_colour(app.palette(), s.trace->trace.algorithm), fin_a, row_scale);
            ImGui::TableNextColumn();
            one_side(app, *s.compare, kb, "compare-b",
                     algorithm_colour(app.palette(), s.compare->trace.algorithm, s.trace->trace.algorithm), fin_b, row_scale);
            ImGui::EndTable();
            if (!presenting) totals_line(s);
            return;
        }
    }
    one_side(app, *s.trace, s.step, "compare-a", algorithm_colour(app.palette(), s.trace->trace.algorithm), s.compare_extra > 0, row_scale);
    if (!s.compare && !s.trace->trace.sample.all()) {
        ImGui::TextWrapped(
            "There is no comparison beside a sampled trace: it is one block of a full-size run. Change a control to "
            "run the comparison again.");
        return;
    }
    if (!s.compare) {
        if (s.compare_error.empty())
            ImGui::TextDisabled("%s is running...", std::string(name(s.form.compare_algorithm)).c_str());
        else
            ImGui::TextWrapped("%s", s.compare_error.c_str());
        return;
    }
    one_side(app, *s.compare, s.compare_step(), "compare-b",
             algorithm_colour(app.palette(), s.compare->trace.algorithm, s.trace->trace.algorithm),
             s.step + s.compare_extra >= s.compare->trace.steps.size(), row_scale);
    if (!presenting) totals_line(s);
}

}  // namespace scanlab::gui
