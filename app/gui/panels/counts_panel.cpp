// Operation counts: per step and cumulative additions, active vs idle threads and divergent
// warps, for the current algorithm and the comparison one on the same input, drawn as charts
// next to the chapter's formulas (N·log2 N − (N − 1), 2N − 2 − log2 N, N − 1).
#include <algorithm>
#include <cmath>

#include "../app.hpp"

namespace scanlab::gui {
namespace {

struct Series {
    std::string label;
    std::vector<double> values;
    Rgb colour;
};

struct Frame {
    ImVec2 a, b;  // plot area
    double max = 1;
};

Frame chart_frame(const char* title, ImVec2 size, double max_value) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImGui::TextUnformatted(title);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    const float font = ImGui::GetFontSize();
    Frame f;
    f.a = ImVec2(o.x + font * 3.2f, o.y + 4);
    f.b = ImVec2(o.x + size.x - 6, o.y + size.y - font * 1.3f);
    f.max = max_value > 0 ? max_value : 1;
    dl->AddRect(f.a, f.b, ImGui::GetColorU32(ImGuiCol_Border));
    char buf[32];
    snprintf(buf, sizeof buf, "%.0f", f.max);
    dl->AddText(ImVec2(o.x, f.a.y - 2), ImGui::GetColorU32(ImGuiCol_Text), buf);
    dl->AddText(ImVec2(o.x + font * 2.2f, f.b.y - font), ImGui::GetColorU32(ImGuiCol_Text), "0");
    return f;
}

float y_of(const Frame& f, double v) { return f.b.y - float(v / f.max) * (f.b.y - f.a.y); }

// Step numbers along the bottom, with the current step marked.
void step_axis(const Frame& f, size_t steps, size_t current, const Palette& p) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float slot = (f.b.x - f.a.x) / float(std::max<size_t>(steps, 1));
    dl->AddRectFilled(ImVec2(f.a.x + slot * float(current), f.a.y + 1), ImVec2(f.a.x + slot * float(current + 1), f.b.y - 1),
                      col(p.current_row, 140));
    const size_t every = std::max<size_t>(1, size_t(std::ceil(ImGui::GetFontSize() * 2.2f / slot)));
    for (size_t i = 0; i < steps; i += every) {
        const std::string s = prefixed("#", static_cast<long long>(i));
        dl->AddText(ImVec2(f.a.x + slot * float(i) + 2, f.b.y + 2), ImGui::GetColorU32(ImGuiCol_TextDisabled), s.c_str());
    }
}

void bars(const char* title, const std::vector<Series>& series, size_t current, ImVec2 size, const Palette& p, bool stacked) {
    size_t steps = 0;
    double mx = 0;
    for (const Series& s : series) steps = std::max(steps, s.values.size());
    for (size_t i = 0; i < steps; ++i) {
        double sum = 0;
        for (const Series& s : series) {
            const double v = i < s.values.size() ? s.values[i] : 0;
            sum += v;
            mx = std::max(mx, v);
        }
        if (stacked) mx = std::max(mx, sum);
    }
    const Frame f = chart_frame(title, size, mx);
    step_axis(f, steps, current, p);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float slot = (f.b.x - f.a.x) / float(std::max<size_t>(steps, 1));
    const float gap = slot > 6 ? slot * 0.15f : 0;
    for (size_t i = 0; i < steps; ++i) {
        double base = 0;
        for (size_t k = 0; k < series.size(); ++k) {
            const double v = i < series[k].values.size() ? series[k].values[i] : 0;
            float xa, xb;
            if (stacked) {
                xa = f.a.x + slot * float(i) + gap;
                xb = f.a.x + slot * float(i + 1) - gap;
            } else {
                const float bw = (slot - 2 * gap) / float(series.size());
                xa = f.a.x + slot * float(i) + gap + bw * float(k);
                xb = xa + bw - (bw > 3 ? 1 : 0);
            }
            if (v > 0) dl->AddRectFilled(ImVec2(xa, y_of(f, base + v)), ImVec2(xb, y_of(f, base)), col(series[k].colour));
            if (stacked) base += v;
        }
    }
    if (ImGui::IsItemHovered() && steps > 0) {
        const size_t i = size_t(std::clamp((ImGui::GetIO().MousePos.x - f.a.x) / slot, 0.0f, float(steps - 1)));
        std::string tip = "step #" + std::to_string(i);
        for (const Series& s : series)
            if (i < s.values.size()) tip += "\n" + s.label + ": " + std::to_string(static_cast<long long>(s.values[i]));
        ImGui::SetTooltip("%s", tip.c_str());
    }
}

void lines(const char* title, const std::vector<Series>& series, const std::vector<Formula>& refs, size_t current, ImVec2 size,
           const Palette& p) {
    size_t steps = 0;
    double mx = 0;
    for (const Series& s : series) {
        steps = std::max(steps, s.values.size());
        for (double v : s.values) mx = std::max(mx, v);
    }
    for (const Formula& r : refs) mx = std::max(mx, double(r.value));
    const Frame f = chart_frame(title, size, mx * 1.05);
    step_axis(f, steps, current, p);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float slot = (f.b.x - f.a.x) / float(std::max<size_t>(steps, 1));
    // Dashed lines at the formulas' values, largest first; a label that would sit on the one
    // above it moves down below it.
    std::vector<Formula> sorted = refs;
    std::sort(sorted.begin(), sorted.end(), [](const Formula& x, const Formula& y) { return x.value > y.value; });
    float last_label = -1e9f;
    for (const Formula& r : sorted) {
        const float y = y_of(f, double(r.value));
        for (float x = f.a.x; x < f.b.x; x += 10) dl->AddLine(ImVec2(x, y), ImVec2(std::min(x + 5, f.b.x), y), col(p.formula, 200), 1.5f);
        const std::string s = r.algorithm + " " + r.text + " = " + std::to_string(r.value);
        const float label_y = std::max(y - ImGui::GetFontSize() - 1, last_label + ImGui::GetFontSize());
        dl->AddText(ImVec2(f.a.x + 6, label_y), col(p.formula), s.c_str());
        last_label = label_y;
    }
    for (const Series& s : series) {
        // Each step's total at the middle of its slot, as the bars beside it.
        for (size_t i = 0; i < s.values.size(); ++i) {
            const ImVec2 pt(f.a.x + slot * (float(i) + 0.5f), y_of(f, s.values[i]));
            if (i > 0) dl->AddLine(ImVec2(f.a.x + slot * (float(i) - 0.5f), y_of(f, s.values[i - 1])), pt, col(s.colour), 2.5f);
            if (slot > 8) dl->AddCircleFilled(pt, 3.5f, col(s.colour));
        }
    }
}

std::vector<double> per_step(const Trace& t, int64_t StepCounts::*field) {
    std::vector<double> v;
    for (const Step& s : t.steps) v.push_back(double(s.counts.*field));
    return v;
}

void summary(const ShownTrace& st, Rgb colour) {
    const Trace& t = st.trace;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(colour)), "\xE2\x96\xA0 %s", std::string(name(t.algorithm)).c_str());
    ImGui::SameLine();
    ImGui::Text("%lld additions in %zu steps, %lld barriers per block, %lld divergent warps%s",
                static_cast<long long>(t.counts.additions), t.steps.size(), static_cast<long long>(t.counts.barriers),
                static_cast<long long>(t.counts.divergent_warps),
                t.counts.hazards ? (", " + std::to_string(t.counts.hazards) + " hazards").c_str() : "");
    if (const std::optional<Formula> f = formula_for(t)) {
        const bool match = f->value == t.counts.additions;
        ImGui::TextDisabled("    formula %s with N = %lld: %lld %s", f->text.c_str(), static_cast<long long>(f->n),
                            static_cast<long long>(f->value), match ? "\xE2\x9C\x93 matches the run" : "(differs: see docs/operation-counts.md)");
    } else if (algorithm_info(t.algorithm).reach == Reach::multi_block) {
        ImGui::TextDisabled("    multi-kernel: K1 + K2 + K3 (docs/operation-counts.md explains each kernel's count)");
    }
}

}  // namespace

void draw_counts_panel(App& app) {
    Session& s = app.session;
    if (!s.trace) return;
    const Palette& p = app.palette();
    const Trace& a = s.trace->trace;
    const ShownTrace* b = s.compare.get();
    summary(*s.trace, p.series_a);
    if (b) summary(*b, p.series_b);
    else if (!s.compare_error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("comparison (%s): %s", std::string(name(s.form.compare_algorithm)).c_str(), s.compare_error.c_str());
        ImGui::PopTextWrapPos();
    }

    const int64_t n = next_power_of_two(a.n);
    std::vector<Formula> refs = chapter_formulas(n);
    std::string said;
    for (const Formula& r : refs) said += "  " + r.algorithm + " " + r.text + " = " + std::to_string(r.value) + ";";
    ImGui::TextDisabled("The chapter's counts for one section of N = %lld:%s", static_cast<long long>(n), said.c_str());

    ImGui::BeginChild("charts", ImVec2(0, 0), false);
    const float font = ImGui::GetFontSize();
    const float wfull = ImGui::GetContentRegionAvail().x;
    const float half = (wfull - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    const float ch = std::max(font * 9.0f, 150.0f);
    const std::string la = std::string(name(a.algorithm)), lb = b ? std::string(name(b->trace.algorithm)) : "";

    std::vector<Series> per{{la, per_step(a, &StepCounts::additions), p.series_a}};
    std::vector<Series> cum{{la, std::vector<double>(s.trace->book.cumulative_additions.begin(), s.trace->book.cumulative_additions.end()), p.series_a}};
    if (b) {
        per.push_back({lb, per_step(b->trace, &StepCounts::additions), p.series_b});
        cum.push_back({lb, std::vector<double>(b->book.cumulative_additions.begin(), b->book.cumulative_additions.end()), p.series_b});
    }
    ImGui::BeginGroup();
    bars("Additions per step", per, s.step, ImVec2(half, ch), p, false);
    ImGui::EndGroup();
    ImGui::SameLine();
    ImGui::BeginGroup();
    lines("Cumulative additions, against the chapter's formulas", cum, refs, s.step, ImVec2(half, ch), p);
    ImGui::EndGroup();

    auto threads_chart = [&](const ShownTrace& st, float width) {
        const std::string title = "Active vs idle threads: " + std::string(name(st.trace.algorithm));
        bars(title.c_str(),
             {{"active", per_step(st.trace, &StepCounts::active_threads), p.thread_active},
              {"idle", per_step(st.trace, &StepCounts::idle_threads), p.thread_idle}},
             &st == s.trace.get() ? s.step : s.compare_step(), ImVec2(width, ch), p, true);
    };
    ImGui::BeginGroup();
    threads_chart(*s.trace, half);
    ImGui::EndGroup();
    ImGui::SameLine();
    ImGui::BeginGroup();
    if (b) threads_chart(*b, half);
    else bars("Divergent warps per step", {{la, per_step(a, &StepCounts::divergent_warps), p.series_a}}, s.step, ImVec2(half, ch), p, false);
    ImGui::EndGroup();
    if (b) {
        bars("Divergent warps per step (control divergence)",
             {{la, per_step(a, &StepCounts::divergent_warps), p.series_a}, {lb, per_step(b->trace, &StepCounts::divergent_warps), p.series_b}},
             s.step, ImVec2(wfull, ch * 0.8f), p, false);
    }
    legend_swatch(p.series_a, la.c_str());
    if (b) {
        ImGui::SameLine(0, 16);
        legend_swatch(p.series_b, lb.c_str());
    }
    ImGui::SameLine(0, 16);
    legend_swatch(p.thread_active, "active threads");
    ImGui::SameLine(0, 16);
    legend_swatch(p.thread_idle, "idle threads");

    // The numbers behind the charts, for the current algorithm.
    ImGui::Spacing();
    ImGui::Text("Per step: %s", la.c_str());
    const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("counts", 9, tf)) {
        const char* heads[] = {"#", "step", "additions", "cumulative", "active", "idle", "divergent warps", "barriers", "hazards"};
        for (const char* h : heads) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        // Only the rows in sight are laid out: a sequential trace has a step per element.
        ImGuiListClipper clipper;
        clipper.Begin(int(a.steps.size()));
        while (clipper.Step()) {
            for (size_t i = size_t(clipper.DisplayStart); i < size_t(clipper.DisplayEnd); ++i) {
                const Step& st = a.steps[i];
                ImGui::TableNextRow();
                if (i == s.step) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, col(p.current_row));
                const long long v[] = {static_cast<long long>(st.counts.additions), static_cast<long long>(s.trace->book.cumulative_additions[i]),
                                       static_cast<long long>(st.counts.active_threads), static_cast<long long>(st.counts.idle_threads),
                                       static_cast<long long>(st.counts.divergent_warps), static_cast<long long>(st.counts.barriers),
                                       static_cast<long long>(st.counts.hazards)};
                ImGui::TableNextColumn();
                ImGui::Text("%zu", i);
                ImGui::TableNextColumn();
                if (ImGui::Selectable(step_label(st).c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) s.go_to(i);
                for (long long x : v) {
                    ImGui::TableNextColumn();
                    ImGui::Text("%lld", x);
                }
            }
        }
        ImGui::EndTable();
    }
    ImGui::EndChild();
}

}  // namespace scanlab::gui
