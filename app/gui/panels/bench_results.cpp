// The live tab's benchmark results: the GPU, how it was timed, the log-log chart (GB/s or time
// against N, the copy as the roofline), the table (median time, GB/s, fraction of the copy's
// bandwidth, speed against CUB, verified or FAILED with the reason) and Save as JSON or CSV.
// Every number here is a row of bench::run_benchmark's result; nothing is computed for show.
#include <algorithm>
#include <cstdio>

#include <imgui.h>
#include <imgui_stdlib.h>  // after imgui.h, which it needs

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/live_run_panel.hpp"
#include "app/gui/panels/live_run_panel_state.hpp"
#include "app/gui/panels/widgets.hpp"
#include "core/error.hpp"

namespace scanlab::gui {
namespace {

void table(App& app, const bench::BenchResult& r) {
    const Palette& p = app.palette();
    const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    const float rows_h = ImGui::GetTextLineHeightWithSpacing() * float(std::min<size_t>(r.rows.size() + 1, 14)) + 8;
    if (!ImGui::BeginTable("bench-rows", 7, tf, ImVec2(0, rows_h))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {"algorithm", "N", "median ms", "GB/s", "of copy", "\xC3\x97 vs CUB"}) ImGui::TableSetupColumn(h);
    ImGui::TableSetupColumn("verified", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    char buf[64];
    for (const bench::BenchRow& row : r.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(row.algorithm.c_str());
        ImGui::TableNextColumn();
        const std::string pow2 = power_of_two_text(row.n);
        ImGui::TextUnformatted((pow2.empty() ? grouped(row.n) : pow2).c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("N = %s", grouped(row.n).c_str());
        if (row.skipped) {
            for (int c = 0; c < 4; ++c) {
                ImGui::TableNextColumn();
                ImGui::TextDisabled("-");
            }
            ImGui::TableNextColumn();
            ImGui::TextDisabled("skipped: %s", row.problem.c_str());
            continue;
        }
        ImGui::TableNextColumn();
        std::snprintf(buf, sizeof buf, "%.4g", row.median_ms);
        ImGui::TextUnformatted(buf);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("median of %d runs; min %.4g ms, max %.4g ms", row.runs, row.min_ms, row.max_ms);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", row.gb_per_s);
        ImGui::TableNextColumn();
        if (row.fraction_of_copy > 0)
            ImGui::Text("%.0f%%", row.fraction_of_copy * 100);
        else
            ImGui::TextDisabled("-");
        ImGui::TableNextColumn();
        if (row.speedup_vs_cub > 0)
            ImGui::Text("%.2f\xC3\x97", row.speedup_vs_cub);
        else
            ImGui::TextDisabled("-");
        ImGui::TableNextColumn();
        if (row.verified) {
            ImGui::TextUnformatted("\xE2\x9C\x93");
        } else {
            ImGui::PushStyleColor(ImGuiCol_Text, col(p.error));
            ImGui::Text("FAILED: %s", row.problem.c_str());
            ImGui::PopStyleColor();
        }
    }
    ImGui::EndTable();
}

void save_controls(App& app, const bench::BenchResult&) {
    LiveTabState& live = app.live;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
    ImGui::InputText("##bench-save", &live.save_path);
    auto save = [&](bool json) {
        std::string path = live.save_path;
        const std::string ext = json ? ".json" : ".csv";
        const size_t dot = path.rfind('.');
        if (dot == std::string::npos || path.find('/', dot) != std::string::npos)
            path += ext;
        else
            path = path.substr(0, dot) + ext;
        try {
            live.save_status = app.session.bench.save(path, json);
            live.save_error.clear();
        } catch (const ScanError& e) {
            live.save_error = e.what();
            live.save_status.clear();
        }
    };
    ImGui::SameLine();
    if (ImGui::Button("Save results (JSON)")) save(true);
    ImGui::SameLine();
    if (ImGui::Button("Save results (CSV)")) save(false);
    if (!live.save_status.empty()) ImGui::TextDisabled("%s", live.save_status.c_str());
    if (!live.save_error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
        ImGui::TextWrapped("\xE2\x9C\x97 %s", live.save_error.c_str());
        ImGui::PopStyleColor();
    }
}

}  // namespace

void draw_bench_results(App& app) {
    const std::shared_ptr<const bench::BenchResult> keep = app.session.bench.result;  // a new run may replace it
    const bench::BenchResult& r = *keep;
    ImGui::Separator();
    ImGui::Text("GPU: %s", r.gpu.summary.c_str());
    ImGui::PushTextWrapPos(0);
    if (!r.method.empty()) ImGui::TextDisabled("%s", r.method.c_str());
    if (r.cancelled) ImGui::Text("Cancelled: the %zu rows below were measured before it stopped.", r.rows.size());
    if (!r.all_verified()) {
        ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
        ImGui::TextUnformatted("\xE2\x9C\x97 Some outputs differ from the CPU reference: see the rows marked FAILED.");
        ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
    if (ImGui::RadioButton("GB/s", !app.live.chart_time)) app.live.chart_time = false;
    ImGui::SameLine();
    if (ImGui::RadioButton("median time", app.live.chart_time)) app.live.chart_time = true;
    ImGui::SameLine();
    ImGui::TextDisabled("against N, both axes logarithmic");
    const float w = ImGui::GetContentRegionAvail().x;
    draw_bench_chart(app, r, app.live.chart_time, ImVec2(w, std::max(ImGui::GetFontSize() * 17, w * 0.32f)));
    table(app, r);
    save_controls(app, r);
}

}  // namespace scanlab::gui
