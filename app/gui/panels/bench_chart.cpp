// The benchmark's log-log chart (ImPlot): GB/s (or median time) against N for every algorithm,
// one line each, with the device-to-device copy drawn thicker as the roofline: no scan can move
// its bytes faster than a copy of them. N is labelled in powers of two, values with units.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <map>

#include <implot.h>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/live_run_panel.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

struct ChartSeries {
    std::string name;
    bool copy = false;
    Rgb colour{};
    std::vector<const bench::BenchRow*> rows;  // in order of N
};

Rgb series_colour(bench::Algo a, const Palette& p) {
    switch (a) {
        case bench::Algo::copy: return p.formula;
        case bench::Algo::cub: return {90, 170, 240};
        case bench::Algo::thrust: return {175, 135, 235};
        case bench::Algo::book_ks: return {200, 120, 50};
        case bench::Algo::book_bk: return {200, 180, 70};
        case bench::Algo::hier_ks: return {236, 150, 60};
        case bench::Algo::hier_bk: return {235, 210, 90};
        case bench::Algo::slides: return {110, 200, 140};
        case bench::Algo::single_pass: return {255, 95, 125};
    }
    return p.formula;
}

// N's ticks as powers of two (the sweep doubles N).
int power_tick(double value, char* buffer, int size, void*) {
    return std::snprintf(buffer, size_t(size), "2^%d", int(std::lround(std::log2(std::max(1.0, value)))));
}

}  // namespace

void draw_bench_chart(App& app, const bench::BenchResult& r, bool time, ImVec2 size) {
    const Palette& p = app.palette();
    // One series per algorithm (a tuning variant is its own), in the order the rows come.
    std::vector<ChartSeries> series;
    std::map<std::string, size_t> index;
    for (const bench::BenchRow& row : r.rows) {
        if (row.skipped || row.median_ms <= 0 || row.gb_per_s <= 0) continue;
        auto [it, fresh] = index.emplace(row.algorithm, series.size());
        if (fresh) series.push_back({row.algorithm, row.algo == bench::Algo::copy && row.variant.empty(), series_colour(row.algo, p), {}});
        series[it->second].rows.push_back(&row);
    }
    if (series.empty()) {
        ImGui::TextDisabled("No measured rows to chart yet.");
        return;
    }
    for (ChartSeries& s : series)
        std::sort(s.rows.begin(), s.rows.end(), [](const bench::BenchRow* a, const bench::BenchRow* b) { return a->n < b->n; });

    const char* y_title = time ? "median time, ms (log scale)" : "GB/s: 2 \xC3\x97 N \xC3\x97 element size / median time (log)";
    if (!ImPlot::BeginPlot("##bench", size, ImPlotFlags_NoMenus | ImPlotFlags_NoBoxSelect)) return;
    ImPlot::SetupAxes("N, elements (log scale)", y_title, ImPlotAxisFlags_AutoFit, ImPlotAxisFlags_AutoFit);
    ImPlot::SetupAxisScale(ImAxis_X1, ImPlotScale_Log10);
    ImPlot::SetupAxisScale(ImAxis_Y1, ImPlotScale_Log10);
    ImPlot::SetupAxisFormat(ImAxis_X1, power_tick);
    ImPlot::SetupAxisFormat(ImAxis_Y1, grouped_tick);
    ImPlot::SetupLegend(ImPlotLocation_North, ImPlotLegendFlags_Outside | ImPlotLegendFlags_Horizontal);
    const bench::BenchRow* nearest = nullptr;
    float nearest_d = ImGui::GetFontSize() * 0.8f;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    // The copy last, so the roofline is on top.
    for (int pass = 0; pass < 2; ++pass)
        for (const ChartSeries& s : series) {
            if (s.copy != (pass == 1)) continue;
            std::vector<double> xs, ys;
            for (const bench::BenchRow* row : s.rows) {
                xs.push_back(double(row->n));
                ys.push_back(time ? row->median_ms : row->gb_per_s);
                const ImVec2 pt = ImPlot::PlotToPixels(xs.back(), ys.back());
                const float d = std::hypot(pt.x - mouse.x, pt.y - mouse.y);
                if (ImPlot::IsPlotHovered() && d < nearest_d) nearest_d = d, nearest = row;
            }
            ImPlotSpec spec;
            spec.LineColor = ImGui::ColorConvertU32ToFloat4(col(s.colour));
            spec.LineWeight = s.copy ? 4.0f : 2.0f;
            spec.Marker = ImPlotMarker_Circle;
            spec.MarkerSize = s.copy ? 4.0f : 3.5f;
            const std::string label = s.copy ? (time ? "copy (the floor: no scan is faster)" : "copy (the roofline)") : s.name;
            ImPlot::PlotLine(label.c_str(), xs.data(), ys.data(), int(xs.size()), spec);
        }
    ImPlot::EndPlot();

    if (nearest) {
        char tip[256];
        std::snprintf(tip, sizeof tip, "%s, N = %s%s\nmedian %.4g ms, %.1f GB/s", nearest->algorithm.c_str(), grouped(nearest->n).c_str(),
                      power_of_two_text(nearest->n).empty() ? "" : (" (" + power_of_two_text(nearest->n) + ")").c_str(), nearest->median_ms,
                      nearest->gb_per_s);
        std::string t = tip;
        if (nearest->fraction_of_copy > 0) {
            t += '\n';
            t += std::to_string(int(std::lround(nearest->fraction_of_copy * 100)));
            t += "% of the copy's bandwidth";
        }
        ImGui::SetTooltip("%s", t.c_str());
    }
}

}  // namespace scanlab::gui
