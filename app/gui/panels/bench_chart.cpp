// The benchmark's log-log chart: GB/s (or median time) against N for every algorithm, one line
// each, with the device-to-device copy drawn dashed as the roofline: no scan can move its bytes
// faster than a copy of them. ImGui 1.86 has no plotting library, so it is drawn with the draw
// list in the counts panel's style: axes labelled with powers of two and GB/s (or ms) values.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <map>

#include "../app.hpp"
#include "../model/numbers.hpp"

namespace scanlab::gui {
namespace {

struct Series {
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
        case bench::Algo::hier_ks: return {236, 150, 60};
        case bench::Algo::hier_bk: return {235, 210, 90};
        case bench::Algo::slides: return {110, 200, 140};
        case bench::Algo::single_pass: return {255, 95, 125};
    }
    return p.formula;
}

void dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, float thick) {
    const float len = std::hypot(b.x - a.x, b.y - a.y);
    if (len < 1) return;
    const float dash = 9, gap = 6;
    for (float s = 0; s < len; s += dash + gap) {
        const float e = std::min(len, s + dash);
        dl->AddLine(ImVec2(a.x + (b.x - a.x) * s / len, a.y + (b.y - a.y) * s / len),
                    ImVec2(a.x + (b.x - a.x) * e / len, a.y + (b.y - a.y) * e / len), c, thick);
    }
}

std::string value_label(double v, bool time) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g %s", v, time ? "ms" : "GB/s");
    return buf;
}

}  // namespace

void draw_bench_chart(App& app, const bench::BenchResult& r, bool time, ImVec2 size) {
    const Palette& p = app.palette();
    // One series per algorithm (a tuning variant is its own), in the order the rows come.
    std::vector<Series> series;
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
    for (Series& s : series)
        std::sort(s.rows.begin(), s.rows.end(), [](const bench::BenchRow* a, const bench::BenchRow* b) { return a->n < b->n; });
    auto value = [&](const bench::BenchRow* row) { return time ? row->median_ms : row->gb_per_s; };

    double xlo = DBL_MAX, xhi = -DBL_MAX, ylo = DBL_MAX, yhi = -DBL_MAX;
    for (const Series& s : series)
        for (const bench::BenchRow* row : s.rows) {
            xlo = std::min(xlo, std::log2(double(row->n))), xhi = std::max(xhi, std::log2(double(row->n)));
            ylo = std::min(ylo, std::log10(value(row))), yhi = std::max(yhi, std::log10(value(row)));
        }
    if (xhi - xlo < 1) xlo -= 1, xhi += 1;
    xlo -= 0.3, xhi += 0.3;
    // Whole decades on the value axis, so its labels are 1, 10, 100 ...
    ylo = std::floor(ylo - 0.02), yhi = std::ceil(yhi + 0.02);
    if (yhi - ylo < 1) yhi = ylo + 1;

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float font = ImGui::GetFontSize();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);

    // The legend's entries, laid out first so the plot knows the room left for it.
    const float sample_w = font * 2.2f;
    std::vector<std::string> names;
    for (const Series& s : series) names.push_back(s.copy ? (time ? "copy (the floor: no scan is faster)" : "copy (the roofline)") : s.name);
    std::vector<ImVec2> legend_pos;
    float lx = 0, ly = 0;
    for (const std::string& n : names) {
        const float w = sample_w + 6 + ImGui::CalcTextSize(n.c_str()).x + font * 1.2f;
        if (lx > 0 && lx + w > size.x) lx = 0, ly += font + 6;
        legend_pos.push_back(ImVec2(lx, ly));
        lx += w;
    }
    const float legend_h = ly + font + 6;

    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("bench-chart", size);
    const bool hovered = ImGui::IsItemHovered();
    float label_w = 0;
    for (double e = ylo; e <= yhi + 0.5; e += 1) label_w = std::max(label_w, ImGui::CalcTextSize(value_label(std::pow(10.0, e), time).c_str()).x);
    const ImVec2 a(o.x + label_w + 10, o.y + font + 8);
    const ImVec2 b(o.x + size.x - 12, o.y + size.y - legend_h - 2 * font - 10);
    if (b.y - a.y < font * 3 || b.x - a.x < font * 6) return;
    auto px = [&](double log2n) { return a.x + float((log2n - xlo) / (xhi - xlo)) * (b.x - a.x); };
    auto py = [&](double log10v) { return b.y - float((log10v - ylo) / (yhi - ylo)) * (b.y - a.y); };

    // Axis titles.
    dl->AddText(ImVec2(o.x, o.y), text, time ? "median time (log scale)" : "GB/s: 2 \xC3\x97 N \xC3\x97 element size / median time (log scale)");
    const char* xtitle = "N, elements (log scale)";
    dl->AddText(ImVec2((a.x + b.x - ImGui::CalcTextSize(xtitle).x) * 0.5f, b.y + font + 6), text, xtitle);

    // Value grid: decades labelled; 2x and 5x fainter, labelled when there are few decades.
    const bool few = yhi - ylo <= 2;
    for (double e = ylo; e <= yhi + 1e-9; e += 1) {
        for (double m : {1.0, 2.0, 5.0}) {
            const double v = std::log10(m) + e;
            if (v > yhi + 1e-9) break;
            const float y = py(v);
            dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), m == 1.0 ? col(p.formula, 60) : col(p.formula, 25), 1.0f);
            if (m == 1.0 || few) {
                const std::string l = value_label(m * std::pow(10.0, e), time);
                dl->AddText(ImVec2(a.x - 6 - ImGui::CalcTextSize(l.c_str()).x, y - font * 0.5f), m == 1.0 ? text : faint, l.c_str());
            }
        }
    }
    // N axis: a tick at every power of two, labels as far apart as they need.
    const float per_unit = (b.x - a.x) / float(xhi - xlo);
    const int every = std::max(1, int(std::ceil((ImGui::CalcTextSize("2^28").x + 10) / per_unit)));
    for (int e = int(std::ceil(xlo)); e <= int(std::floor(xhi)); ++e) {
        const float x = px(e);
        dl->AddLine(ImVec2(x, b.y), ImVec2(x, b.y + 4), faint, 1.0f);
        if (e % every != 0) continue;
        dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), col(p.formula, 25), 1.0f);
        const std::string l = "2^" + std::to_string(e);
        dl->AddText(ImVec2(x - ImGui::CalcTextSize(l.c_str()).x * 0.5f, b.y + 5), text, l.c_str());
    }
    dl->AddRect(a, b, ImGui::GetColorU32(ImGuiCol_Border));

    // The lines, the copy last so the roofline is on top.
    dl->PushClipRect(a, b, true);
    const bench::BenchRow* nearest = nullptr;
    float nearest_d = font * 0.8f;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (int pass = 0; pass < 2; ++pass)
        for (const Series& s : series) {
            if (s.copy != (pass == 1)) continue;
            const ImU32 c = col(s.colour);
            ImVec2 prev;
            for (size_t i = 0; i < s.rows.size(); ++i) {
                const ImVec2 pt(px(std::log2(double(s.rows[i]->n))), py(std::log10(value(s.rows[i]))));
                if (i > 0) {
                    if (s.copy) dashed(dl, prev, pt, c, 3.0f);
                    else dl->AddLine(prev, pt, c, 2.0f);
                }
                dl->AddCircleFilled(pt, s.copy ? 4.0f : 3.5f, c);
                const float d = std::hypot(pt.x - mouse.x, pt.y - mouse.y);
                if (hovered && d < nearest_d) nearest_d = d, nearest = s.rows[i];
                prev = pt;
            }
        }
    dl->PopClipRect();

    // The legend under the axis title.
    const float legend_y = b.y + 2 * font + 14;
    for (size_t i = 0; i < series.size(); ++i) {
        const ImVec2 at(o.x + legend_pos[i].x, legend_y + legend_pos[i].y);
        const float mid = at.y + font * 0.5f;
        if (series[i].copy) dashed(dl, ImVec2(at.x, mid), ImVec2(at.x + sample_w, mid), col(series[i].colour), 3.0f);
        else dl->AddLine(ImVec2(at.x, mid), ImVec2(at.x + sample_w, mid), col(series[i].colour), 2.0f);
        dl->AddText(ImVec2(at.x + sample_w + 6, at.y), text, names[i].c_str());
    }

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
