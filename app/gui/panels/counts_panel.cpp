// Operation counts: additions by phase with real work and padding apart, beside the table's
// bound for the algorithm; per step and cumulative additions, active vs idle threads and
// divergent warps, for the current algorithm and the comparison one on the same input, drawn as
// charts next to the chapter's formulas (N·log2 N − (N − 1), 2N − 2 − log2 N, N − 1) and the
// hierarchical scan's bound 4N − 3.
#include <algorithm>
#include <cmath>
#include <string_view>

#include <implot.h>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/panels/counts_panel.hpp"
#include "app/gui/panels/widgets.hpp"
#include "core/hd.hpp"

namespace scanlab::gui {
namespace {

// A colormap of the given colours (ImPlot takes bar groups' colours from one), made once per set.
ImPlotColormap colormap_of(std::vector<ImU32> colours) {
    std::string name = "scanlab";
    for (ImU32 c : colours) name += "-" + std::to_string(c);
    // ImPlot takes no colormap of one colour; a single series' bars use the first of two alike.
    if (colours.size() == 1) colours.push_back(colours.front());
    const ImPlotColormap found = ImPlot::GetColormapIndex(name.c_str());
    return found >= 0 ? found : ImPlot::AddColormap(name.c_str(), colours.data(), int(colours.size()), false);
}

// A formula's line in the cumulative chart takes its algorithm's colour (algorithm_colour), so a
// run's line ends on its own formula's; the lines are thinner and fainter than the runs'.
Rgb formula_colour(const Formula& f, const Palette& p) {
    for (const AlgorithmInfo& row : algorithm_table())
        if (f.algorithm.rfind(std::string(row.title), 0) == 0) return algorithm_colour(p, row.id);
    return p.formula;
}

// The lines the cumulative chart draws: the chapter's formulas at N, then the bounds it states on
// a whole run's real work where an algorithm has no formula of its own (the hierarchical scan's
// 4N − 3).
std::vector<Formula> reference_lines(int64_t n) {
    std::vector<Formula> v = chapter_formulas(n);
    for (const AlgorithmInfo& row : algorithm_table())
        if (!row.formula.given() && row.bound.given())
            v.push_back({std::string(row.title) + " bound", std::string(row.bound.text), n, row.bound.additions(n)});
    return v;
}

// What the lines mean where the book says otherwise, or where a line is a bound, not a count.
constexpr const char* kFormulaNote =
    "Brent-Kung's 2N − 2 − log2 N is its exact count: the reduction tree does N − 1 additions and the distribution tree "
    "N − 1 − log2 N; the book's 2N − 3 bounds it (N = 16: 26, not 29). The hierarchical scan's 4N − 3 bounds its real work "
    "with Brent-Kung sections (padding apart), not its total: a line to compare against, not a count.";

struct CountSeries {
    std::string label;
    std::vector<double> values;
    Rgb colour;
};

// A chart of one value per step: axis titles with units, grouped thousands, the current step
// marked, a legend, the values of the step under the mouse in a tooltip, and a log scale where the
// values span two decades or more.
// `x_title` "tile": one value per tile of an event-scheduled scan instead of per step.
// `also_up_to`: a value drawn besides the series (the formulas' lines), kept in sight too.
enum class ChartKind { bars, stacked_bars, lines };
bool begin_step_chart(const char* title, const char* y_title, ImVec2 size, const std::vector<CountSeries>& series, ChartKind kind,
                      bool legend_beside = false, const char* x_title = "step", double also_up_to = 0) {
    const bool stacked = kind == ChartKind::stacked_bars;
    const bool per_step = std::string_view(x_title) == "step";
    if (!ImPlot::BeginPlot(title, size, ImPlotFlags_NoMenus | ImPlotFlags_NoBoxSelect)) return false;
    double lo = 0, hi = 0, top_of_stack = 0;
    size_t steps = 0;
    for (const CountSeries& s : series) {
        steps = std::max(steps, s.values.size());
        for (double v : s.values)
            if (v > 0) lo = lo == 0 ? v : std::min(lo, v), hi = std::max(hi, v);
    }
    for (size_t i = 0; stacked && i < steps; ++i) {
        double sum = 0;
        for (const CountSeries& s : series) sum += i < s.values.size() ? s.values[i] : 0;
        top_of_stack = std::max(top_of_stack, sum);
    }
    // Per tile: whole counts from 0 (all zero: 0 to 1), ticks on whole numbers only.
    // (A per-step count that stays 0 the whole run: 0 to 1, not an axis around 0 with negatives.)
    const bool all_zero = hi <= 0;
    ImPlot::SetupAxes(x_title, y_title, per_step ? ImPlotAxisFlags_AutoFit : ImPlotAxisFlags_None, ImPlotAxisFlags_None);
    if (per_step && all_zero) {
        static const double zero_one[] = {0, 1};
        ImPlot::SetupAxisLimits(ImAxis_Y1, 0, 1.05, ImPlotCond_Always);
        ImPlot::SetupAxisTicks(ImAxis_Y1, zero_one, 2);
    }
    const bool log_scale = per_step && kind == ChartKind::bars && lo > 0 && hi / lo >= 100;
    // From 0 to a little over the tallest bar, line or formula: the top value and its marker
    // whole, never on the frame's edge.
    const double top = std::max({hi, top_of_stack, also_up_to});
    if (per_step && !all_zero)
        ImPlot::SetupAxisLimits(ImAxis_Y1, log_scale ? lo / 1.5 : 0, log_scale ? top * 1.6 : top * 1.1, ImPlotCond_Always);
    if (!per_step)
        ImPlot::SetupAxisLimits(ImAxis_X1, -0.6, double(std::max<size_t>(steps, 1)) - 0.4, ImPlotCond_Always);  // every tile's bars whole
    ImPlot::SetupAxisFormat(ImAxis_X1, per_step ? "#%g" : "%g");
    ImPlot::SetupAxisFormat(ImAxis_Y1, grouped_tick);
    if (log_scale) ImPlot::SetupAxisScale(ImAxis_Y1, ImPlotScale_Log10);
    if (!per_step) {
        const double top = std::max(1.0, std::ceil(hi));
        const double fit_y = std::max(2.0, std::floor(double(size.y) / (ImGui::GetFontSize() * 2.5)));
        const double every = std::max(1.0, std::ceil(top / fit_y));
        std::vector<double> y_ticks;
        for (double v = 0; v <= top + every * 0.5; v += every) y_ticks.push_back(v);
        ImPlot::SetupAxisLimits(ImAxis_Y1, 0, y_ticks.back() * 1.05, ImPlotCond_Always);
        ImPlot::SetupAxisTicks(ImAxis_Y1, y_ticks.data(), int(y_ticks.size()));
    }
    // Steps are whole: ticks every k-th step, as many as the plot's width holds (#0 #5 #10 ...,
    // never #5.625, nor labels run together).
    const size_t last = std::max<size_t>(steps, 1) - 1;
    const size_t fit = std::max<size_t>(2, size_t(size.x / (ImGui::GetFontSize() * 3.5f)));
    size_t every = 1;
    while (last / every + 1 > fit) every = every < 5 ? every + 1 : every * 2;
    std::vector<double> ticks;
    for (size_t k = 0; k <= last; k += every) ticks.push_back(double(k));
    ImPlot::SetupAxisTicks(ImAxis_X1, ticks.data(), int(ticks.size()));
    // Outside the plot (above it in a row, or beside it in a column): never over a bar or a line.
    if (legend_beside)
        ImPlot::SetupLegend(ImPlotLocation_East, ImPlotLegendFlags_Outside);
    else
        ImPlot::SetupLegend(ImPlotLocation_North, ImPlotLegendFlags_Outside | ImPlotLegendFlags_Horizontal);
    return true;
}

void end_step_chart(const std::vector<CountSeries>& series, size_t current, const Palette& p, const char* x_title = "step") {
    const bool per_step = std::string_view(x_title) == "step";
    ImPlotSpec mark;
    mark.LineColor = ImGui::ColorConvertU32ToFloat4(col(p.current_row));
    mark.LineWeight = 3;
    mark.Flags = ImPlotItemFlags_NoLegend;
    const double x = double(current);
    if (current != size_t(-1)) ImPlot::PlotInfLines(per_step ? "current step" : "current tile", &x, 1, mark);
    if (ImPlot::IsPlotHovered()) {
        const long long i = std::llround(ImPlot::GetPlotMousePos().x);
        std::string tip = (per_step ? "step #" : "tile ") + std::to_string(std::max(0LL, i));
        for (const CountSeries& s : series)
            if (i >= 0 && size_t(i) < s.values.size()) tip += "\n" + s.label + ": " + grouped(int64_t(s.values[size_t(i)]));
        ImGui::SetTooltip("%s", tip.c_str());
    }
    ImPlot::EndPlot();
}

void bars(const char* title, const char* y_title, const std::vector<CountSeries>& series, size_t current, ImVec2 size, const Palette& p,
          bool stacked, const char* x_title = "step") {
    if (!begin_step_chart(title, y_title, size, series, stacked ? ChartKind::stacked_bars : ChartKind::bars, false, x_title)) return;
    size_t steps = 0;
    for (const CountSeries& s : series) steps = std::max(steps, s.values.size());
    // Items in rows (series), groups in columns (steps), as PlotBarGroups reads them.
    std::vector<double> values(series.size() * steps, 0);
    std::vector<const char*> labels;
    std::vector<ImU32> colours;
    for (size_t k = 0; k < series.size(); ++k) {
        labels.push_back(series[k].label.c_str());
        colours.push_back(col(series[k].colour));
        for (size_t i = 0; i < series[k].values.size(); ++i) values[k * steps + i] = series[k].values[i];
    }
    ImPlotSpec spec;
    spec.Flags = stacked ? ImPlotBarGroupsFlags_Stacked : 0;
    ImPlot::PushColormap(colormap_of(colours));
    ImPlot::PlotBarGroups(labels.data(), values.data(), int(series.size()), int(steps), 0.7, 0, spec);
    ImPlot::PopColormap();
    end_step_chart(series, current, p, x_title);
}

// `formulas_in_legend`: the legend names each line's formula too (presenting, where no text above
// the chart lists them).
void lines(const char* title, const char* y_title, const std::vector<CountSeries>& series, const std::vector<Formula>& refs, size_t current,
           ImVec2 size, const Palette& p, bool formulas_in_legend) {
    double top_ref = 0;
    for (const Formula& r : refs) top_ref = std::max(top_ref, double(r.value));
    if (!begin_step_chart(title, y_title, size, series, ChartKind::lines, true, "step", top_ref)) return;
    for (const CountSeries& s : series) {
        ImPlotSpec spec;
        spec.LineColor = ImGui::ColorConvertU32ToFloat4(col(s.colour));
        spec.LineWeight = 2.5f;
        spec.Marker = ImPlotMarker_Circle;
        spec.MarkerSize = 3.5f;
        ImPlot::PlotLine(s.label.c_str(), s.values.data(), int(s.values.size()), 1, 0, spec);
    }
    // The chapter's formulas as horizontal lines, each in its algorithm's colour, named in the
    // legend (never written over a line).
    for (const Formula& r : refs) {
        const std::string label = r.algorithm + " " + (formulas_in_legend ? r.text + " = " : "") + grouped(r.value);
        const double v = double(r.value);
        ImPlotSpec spec;
        spec.LineColor = ImGui::ColorConvertU32ToFloat4(col(formula_colour(r, p), 170));
        spec.LineWeight = 1.5f;
        spec.Flags = ImPlotInfLinesFlags_Horizontal;
        ImPlot::PlotInfLines(label.c_str(), &v, 1, spec);
    }
    end_step_chart(series, current, p);
}

std::vector<double> per_step(const Trace& t, int64_t StepCounts::*field) {
    std::vector<double> v;
    for (const Step& s : t.steps) v.push_back(double(s.counts.*field));
    return v;
}

void summary(const ShownTrace& st, Rgb colour, bool with_formula = true) {
    const Trace& t = st.trace;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(colour)), "\xE2\x96\xA0 %s", run_name(t).c_str());
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0);
    // An event-scheduled scan counts every block's barriers (blocks do not move in lock-step).
    ImGui::Text("%s in %s, %s %s, %s%s", counted(t.counts.additions, "addition", "additions").c_str(),
                counted(t.steps.size(), "step", "steps").c_str(), counted(t.counts.barriers, "barrier", "barriers").c_str(),
                is_event_trace(t) ? "in all blocks" : "per block",
                counted(t.counts.divergent_warps, "divergent warp", "divergent warps").c_str(),
                t.counts.hazards ? (", " + counted(t.counts.hazards, "hazard", "hazards")).c_str() : "");
    ImGui::PopTextWrapPos();
    if (const std::optional<Formula> f = formula_for(t); f && with_formula) {
        const bool match = f->value == t.counts.additions;
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("    formula %s with N = %lld: %lld %s", f->text.c_str(), static_cast<long long>(f->n),
                            static_cast<long long>(f->value),
                            match ? "\xE2\x9C\x93 matches the run" : "(differs: see docs/operation-counts.md)");
        ImGui::PopTextWrapPos();
    }
}

// Counts a student can quote (the book's figures, model/trace_book.hpp): each phase's additions
// with real work and padding apart, the total, and the real work against the table's bound at N.
void phase_counts_table(const ShownTrace& st, const Palette& p) {
    const TraceBook& b = st.book;
    if (b.phases.empty()) return;
    const ImGuiTableFlags tf =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoHostExtendX;
    if (ImGui::BeginTable("by phase", 4, tf)) {
        ImGui::TableSetupColumn("additions by phase");
        for (const char* h : {"additions", "real work", "padding"}) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        auto row = [](const PhaseCount& c, bool total) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (total)
                ImGui::TextUnformatted("total");
            else
                ImGui::TextUnformatted(c.phase.c_str());
            for (int64_t v : {c.additions, c.work(), c.padding}) {
                ImGui::TableNextColumn();
                const std::string text = grouped(v);
                // Right-aligned, so the digits of a column line up.
                ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(text.c_str()).x);
                ImGui::TextUnformatted(text.c_str());
            }
        };
        for (const PhaseCount& c : b.phases) row(c, false);
        row(b.total, true);
        ImGui::EndTable();
    }
    ImGui::PushTextWrapPos(0);
    if (b.bound) {
        const bool within = b.bound->relation() != ">";
        const Rgb c = within || !b.bound->chapter ? p.formula : p.error;
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(c)), "%s %s", within ? "\xE2\x9C\x93" : "\xE2\x9C\x97",
                           b.bound->sentence().c_str());
    }
    ImGui::TextDisabled("Padding: additions whose result lands past the end of its array (the rest of a partial section).");
    if (!b.seed_note.empty()) ImGui::TextWrapped("%s", b.seed_note.c_str());
    ImGui::PopTextWrapPos();
}

// Presenting: one chart at a time, as tall as the tab, a button for each (the table of additions by
// phase among them), so the room reads the bars from the back.
// An event-scheduled scan's whole-run counts per tile, as chart series, and the tile the step on
// screen is about (size_t(-1): none).
struct TileSeries {
    std::vector<double> polls, depth, reads;
    size_t tile = size_t(-1);
};
TileSeries tile_series(const std::vector<TileCounts>& counts, const Trace& t, size_t step) {
    TileSeries s;
    for (const TileCounts& c : counts) {
        s.polls.push_back(double(c.polls));
        s.depth.push_back(double(c.depth));
        s.reads.push_back(double(c.look_back_reads));
    }
    const std::optional<Event>& e = t.steps[std::min(step, t.steps.size() - 1)].event;
    if (e && e->tile >= 0) s.tile = size_t(e->tile);
    return s;
}

void draw_one_chart(App& app) {
    Session& s = app.session;
    const Palette& p = app.palette();
    const Trace& a = s.trace->trace;
    const ShownTrace* b = s.compare.get();
    const std::string la = run_name(a), lb = b ? run_name(b->trace) : "";
    const Rgb ca = algorithm_colour(p, a.algorithm), cb = b ? algorithm_colour(p, b->trace.algorithm, a.algorithm) : p.series_b;
    const int64_t n = a.section > 0 ? a.section : next_pow2(a.n);
    const std::vector<Formula> refs = reference_lines(n);
    const bool events = is_event_trace(a);
    std::vector<const char*> names = {"additions per step", "additions so far", "active vs idle threads", "divergent warps", "by phase"};
    if (events) names.insert(names.begin(), {"failed polls per tile", "look-back per tile"});
    int& chosen = app.counts_panel.chart;
    chosen = std::clamp(chosen, 0, int(names.size()) - 1);
    for (int i = 0; i < int(names.size()); ++i) {
        // (A radio button's width: its circle, a frame high, the gap and its label.)
        if (i > 0) flow(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(names[size_t(i)]).x);
        if (ImGui::RadioButton(names[size_t(i)], chosen == i)) chosen = i;
    }
    const std::string which = names[size_t(chosen)];
    if (which == "additions so far") {
        std::string said;
        for (const Formula& r : refs) said += r.algorithm + " " + r.text + " = " + grouped(r.value) + "\n";
        ImGui::SameLine();
        ImGui::TextDisabled("(?)");
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
            ImGui::TextUnformatted((said + "\n" + kFormulaNote).c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    if (which == "by phase") {
        app.counts_panel.chart_height = 0;
        phase_counts_table(*s.trace, p);
        return;
    }
    const ImVec2 size(ImGui::GetContentRegionAvail().x, std::max(ImGui::GetContentRegionAvail().y - 4, ImGui::GetFontSize() * 8));
    app.counts_panel.chart_height = size.y;
    auto per_step_series = [&](int64_t StepCounts::*field) {
        std::vector<CountSeries> v{{la, per_step(a, field), ca}};
        if (b) v.push_back({lb, per_step(b->trace, field), cb});
        return v;
    };
    if (which == "additions per step") {
        bars("Additions per step", "additions", per_step_series(&StepCounts::additions), s.step, size, p, false);
    } else if (which == "additions so far") {
        std::vector<CountSeries> cum{
            {la, std::vector<double>(s.trace->book.cumulative_additions.begin(), s.trace->book.cumulative_additions.end()), ca}};
        if (b) cum.push_back({lb, std::vector<double>(b->book.cumulative_additions.begin(), b->book.cumulative_additions.end()), cb});
        // The legend names each line's algorithm and value; the formulas and the note are the
        // (?)'s, on the buttons' line: the chart keeps the height.
        lines("Additions so far, and the formulas", "additions so far", cum, refs, s.step, size, p, false);
    } else if (which == "active vs idle threads") {
        bars(("Active vs idle threads: " + la).c_str(), "threads",
             {{"active", per_step(a, &StepCounts::active_threads), p.thread_active},
              {"idle", per_step(a, &StepCounts::idle_threads), p.thread_idle}},
             s.step, size, p, true);
    } else if (which == "divergent warps") {
        bars("Divergent warps per step (control divergence)", "warps", per_step_series(&StepCounts::divergent_warps), s.step, size, p,
             false);
    } else {
        const TileSeries ts = tile_series(s.trace->book.tile_counts, a, s.step);
        const std::vector<double>& polls = ts.polls;
        const std::vector<double>& depth = ts.depth;
        const std::vector<double>& reads = ts.reads;
        const size_t tile = ts.tile;
        if (which == "failed polls per tile")
            bars("Failed polls per tile over the whole run", "polls", {{"failed polls", polls, p.cell_hazard}}, tile, size, p, false,
                 "tile");
        else if (algorithm_info(a.algorithm).handoff == Handoff::flag_chain)
            bars("Flag reads per tile over the whole run", "flag reads", {{"reads of flags[tile]: failed polls + 1", reads, p.series_b}},
                 tile, size, p, false, "tile");
        else
            bars("Look-back per tile over the whole run", "per tile",
                 {{"predecessors combined", depth, p.series_a}, {"status words read", reads, p.series_b}}, tile, size, p, false, "tile");
    }
}

}  // namespace

namespace {

// The chapter's counts for the run's own section, the cumulative chart's lines, in words.
std::vector<Formula> draw_reference_formulas(const Trace& a) {
    // The run's own section (a multi-block run's is not N's power of two: 2049 runs sections of 2048).
    const int64_t n = a.section > 0 ? a.section : next_pow2(a.n);
    std::vector<Formula> refs = reference_lines(n);
    ImGui::PushTextWrapPos(0);
    std::string said;
    for (const Formula& r : refs) said += "  " + r.algorithm + " " + r.text + " = " + grouped(r.value) + ";";
    ImGui::TextDisabled("The chapter's counts for one section of N = %lld, the cumulative chart's lines:%s %s", static_cast<long long>(n),
                        said.c_str(), kFormulaNote);
    ImGui::PopTextWrapPos();
    return refs;
}

// The charts' grid: two charts a row where they stay readable, else one.
struct ChartGrid {
    bool two = false;
    float wfull = 0, half = 0, ch = 0;  // the row's width, a chart's width, a chart's height
    void beside() const {
        if (two) ImGui::SameLine();
    }
};

// An event-scheduled scan: how long each tile's block waited, and what it read. Whole-run
// totals, not the current step's: the titles say so. A deadlock's waiting blocks never end
// their polls, which no count can show.
void draw_tile_charts(App& app, const ChartGrid& g) {
    Session& s = app.session;
    const Palette& p = app.palette();
    const Trace& a = s.trace->trace;
    const TileSeries ts = tile_series(s.trace->book.tile_counts, a, s.step);
    const std::vector<double>& polls = ts.polls;
    const std::vector<double>& depth = ts.depth;
    const std::vector<double>& reads = ts.reads;
    const size_t tile = ts.tile;
    const bool deadlock = !a.deadlock.empty();
    ImGui::BeginGroup();
    bars("Failed polls per tile over the whole run", "polls",
         {{deadlock ? "failed polls (the waiting blocks spin for ever)" : "failed polls", polls, p.cell_hazard}}, tile,
         ImVec2(g.half, g.ch), p, false, "tile");
    ImGui::EndGroup();
    g.beside();
    ImGui::BeginGroup();
    if (algorithm_info(a.algorithm).handoff == Handoff::flag_chain)
        bars("Flag reads per tile over the whole run", "flag reads", {{"reads of flags[tile]: failed polls + 1", reads, p.series_b}}, tile,
             ImVec2(g.half, g.ch), p, false, "tile");
    else
        bars("Look-back per tile over the whole run", "per tile",
             {{"predecessors combined", depth, p.series_a}, {"status words read", reads, p.series_b}}, tile, ImVec2(g.half, g.ch), p, false,
             "tile");
    ImGui::EndGroup();
}

// Additions per step and so far (beside the chapter's formulas), threads and divergent warps:
// the main run's, and the compared run's beside it.
void draw_step_charts(App& app, const ChartGrid& g, const std::vector<Formula>& refs, Rgb ca, Rgb cb) {
    Session& s = app.session;
    const Palette& p = app.palette();
    const Trace& a = s.trace->trace;
    const ShownTrace* b = s.compare.get();
    const std::string la = run_name(a), lb = b ? run_name(b->trace) : "";
    std::vector<CountSeries> per{{la, per_step(a, &StepCounts::additions), ca}};
    std::vector<CountSeries> cum{
        {la, std::vector<double>(s.trace->book.cumulative_additions.begin(), s.trace->book.cumulative_additions.end()), ca}};
    if (b) {
        per.push_back({lb, per_step(b->trace, &StepCounts::additions), cb});
        cum.push_back({lb, std::vector<double>(b->book.cumulative_additions.begin(), b->book.cumulative_additions.end()), cb});
    }
    ImGui::BeginGroup();
    bars("Additions per step", "additions", per, s.step, ImVec2(g.half, g.ch), p, false);
    ImGui::EndGroup();
    g.beside();
    ImGui::BeginGroup();
    lines("Additions so far, and the formulas", "additions so far", cum, refs, s.step, ImVec2(g.half, g.ch), p, false);
    ImGui::EndGroup();

    auto threads_chart = [&](const ShownTrace& st, float width) {
        const std::string title = "Active vs idle threads: " + run_name(st.trace);
        bars(title.c_str(), "threads",
             {{"active", per_step(st.trace, &StepCounts::active_threads), p.thread_active},
              {"idle", per_step(st.trace, &StepCounts::idle_threads), p.thread_idle}},
             &st == s.trace.get() ? s.step : s.compare_step(), ImVec2(width, g.ch), p, true);
    };
    ImGui::BeginGroup();
    threads_chart(*s.trace, g.half);
    ImGui::EndGroup();
    g.beside();
    ImGui::BeginGroup();
    if (b)
        threads_chart(*b, g.half);
    else
        bars("Divergent warps per step", "warps", {{la, per_step(a, &StepCounts::divergent_warps), ca}}, s.step, ImVec2(g.half, g.ch), p,
             false);
    ImGui::EndGroup();
    if (b) {
        bars("Divergent warps per step (control divergence)", "warps",
             {{la, per_step(a, &StepCounts::divergent_warps), ca}, {lb, per_step(b->trace, &StepCounts::divergent_warps), cb}}, s.step,
             ImVec2(g.wfull, g.ch), p, false);
    }
}

// The numbers behind the charts, for the current algorithm: a row per step, a click goes to it.
void draw_counts_table(App& app) {
    Session& s = app.session;
    const Palette& p = app.palette();
    const Trace& a = s.trace->trace;
    ImGui::Spacing();
    ImGui::Text("Per step: %s", run_name(a).c_str());
    const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("counts", 9, tf)) return;
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
            const long long v[] = {
                static_cast<long long>(st.counts.additions),       static_cast<long long>(s.trace->book.cumulative_additions[i]),
                static_cast<long long>(st.counts.active_threads),  static_cast<long long>(st.counts.idle_threads),
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

}  // namespace

void draw_counts_panel(App& app) {
    Session& s = app.session;
    if (!s.trace) return;
    const Palette& p = app.palette();
    const Trace& a = s.trace->trace;
    const ShownTrace* b = s.compare.get();
    // (Presenting, the formulas are the chart's lines: the chart keeps the height.)
    const Rgb ca = algorithm_colour(p, a.algorithm), cb = b ? algorithm_colour(p, b->trace.algorithm, a.algorithm) : p.series_b;
    summary(*s.trace, ca, !app.layout.presentation);
    if (b)
        summary(*b, cb, !app.layout.presentation);
    else if (!s.compare_error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", s.compare_error.c_str());
        ImGui::PopTextWrapPos();
    }

    if (app.layout.presentation) {
        draw_one_chart(app);
        return;
    }
    phase_counts_table(*s.trace, p);
    const std::vector<Formula> refs = draw_reference_formulas(a);

    ImGui::BeginChild("charts", ImVec2(0, 0), false);
    const float font = ImGui::GetFontSize();
    ChartGrid g;
    g.wfull = ImGui::GetContentRegionAvail().x;
    g.two = g.wfull >= font * 44;
    g.half = g.two ? (g.wfull - ImGui::GetStyle().ItemSpacing.x) * 0.5f : g.wfull;
    g.ch = font * 14;
    if (is_event_trace(a)) draw_tile_charts(app, g);
    draw_step_charts(app, g, refs, ca, cb);
    draw_counts_table(app);
    ImGui::EndChild();
}

}  // namespace scanlab::gui
