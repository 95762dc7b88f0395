// The Live run tab: the benchmark of the production scan against the copy, CUB and the chapter's
// scans on the GPU (its controls, the progress of a run and Cancel; the results are drawn by
// bench_results.cpp), and a sampled trace of a full-size hierarchical run opened in the step
// view (sampled_trace_panel.cpp). With no GPU the benchmark says why in one sentence, its
// controls are disabled, no timing is shown, and the sampled trace runs on the emulation.
#include <algorithm>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/live_run_panel.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

const std::vector<ElementType> kTypes{ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64};
const std::vector<OpKind> kOps{OpKind::sum, OpKind::max, OpKind::min};

void error_line(App& app, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
    ImGui::PushTextWrapPos(0);
    ImGui::Text("\xE2\x9C\x97 %s", text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

void algorithm_checkboxes(BenchForm& f) {
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    ImGui::TextUnformatted("algorithms");
    for (bench::Algo a : bench::all_algos()) {
        const std::string label(bench::name(a));
        bool on = std::find(f.algos.begin(), f.algos.end(), a) != f.algos.end();
        const float need = ImGui::GetFrameHeight() + ImGui::CalcTextSize(label.c_str()).x + ImGui::GetFontSize();
        ImGui::SameLine();
        if (ImGui::GetCursorScreenPos().x + need > right) ImGui::NewLine();
        if (ImGui::Checkbox(label.c_str(), &on)) {
            // Kept in the library's order, so the table and the chart list them the same way.
            std::vector<bench::Algo> next;
            for (bench::Algo b : bench::all_algos())
                if (b == a ? on : std::find(f.algos.begin(), f.algos.end(), b) != f.algos.end()) next.push_back(b);
            f.algos = next;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(bench::describe(a)).c_str());
    }
}

void bench_section(App& app) {
    Session& s = app.session;
    LiveBench& b = s.bench;
    BenchForm& f = b.form;
    ImGui::PushTextWrapPos(0);
    if (!b.available()) {
        ImGui::TextUnformatted(b.unavailable_sentence().c_str());
    } else {
        // Before a run the GPU is named by the backend that traced the main view (after one, by
        // the benchmark's own description, in the results).
        if (!b.result && s.trace && s.trace->trace.backend == "gpu") ImGui::Text("GPU: %s", s.backend_description.c_str());
        ImGui::TextDisabled(
            "Times the production single-pass scan against a device-to-device copy of the same bytes (the limit), "
            "CUB, Thrust and the chapter's scans; every output is checked against the CPU reference.");
    }
    ImGui::PopTextWrapPos();

    // The largest N the GPU's free memory allows (2^28 at most); without a GPU the field is
    // disabled anyway.
    const std::optional<bench::SizeLimit> limit = b.size_limit();
    ImGui::BeginDisabled(!b.controls_enabled());
    const float font = ImGui::GetFontSize();
    n_input("N##bench", &f.n, kMaxElements);
    flow(labelled_width(ImGui::GetFrameHeight(), "sweep 2^10 \xE2\x80\xA6 N"));
    ImGui::Checkbox("sweep 2^10 \xE2\x80\xA6 N", &f.sweep);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("run every power of two from 2^10 up to N: the points of the log-log chart");
    ImGui::SetNextItemWidth(font * 6);
    enum_combo("type##bench", &f.type, kTypes, type_text);
    flow(labelled_width(font * 6, "operator"));
    ImGui::SetNextItemWidth(font * 6);
    enum_combo("operator##bench", &f.op, kOps, op_text);
    flow(labelled_width(ImGui::GetFrameHeight(), "exclusive"));
    ImGui::Checkbox("exclusive##bench", &f.exclusive);
    flow(labelled_width(font * 6, "reps"));
    ImGui::SetNextItemWidth(font * 6);
    ImGui::InputInt("reps##bench", &f.reps);
    f.reps = std::clamp(f.reps, 1, 100000);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("timed runs per size and algorithm; the table shows their median");
    algorithm_checkboxes(f);
    ImGui::EndDisabled();
    if (limit) ImGui::TextDisabled("Largest N now: %s (%s).", grouped(limit->max_n).c_str(), limit->why.c_str());

    const std::string problem = b.form_problem();
    if (!problem.empty()) error_line(app, problem);
    if (b.running()) {
        const LiveBench::Progress pr = b.progress();
        const std::string what = b.cancelling() ? "cancelling after the current run..." : pr.what.empty() ? "starting..." : pr.what;
        ImGui::ProgressBar(float(pr.fraction), ImVec2(-ImGui::GetFontSize() * 7, 0), what.c_str());
        ImGui::SameLine();
        ImGui::BeginDisabled(b.cancelling());
        if (ImGui::Button("Cancel", ImVec2(ImGui::GetFontSize() * 6, 0))) b.cancel();
        ImGui::EndDisabled();
    } else {
        ImGui::BeginDisabled(!b.controls_enabled() || !problem.empty());
        if (ImGui::Button("Run benchmark")) b.start();
        ImGui::EndDisabled();
        if (b.available()) {
            ImGui::SameLine();
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("the same as: %s", bench_command(bench_config(f)).c_str());
            ImGui::PopTextWrapPos();
        }
    }
    if (!b.error.empty()) error_line(app, b.error);
    if (b.result) draw_bench_results(app);
}

}  // namespace

void draw_live_run_panel(App& app) {
    Session& s = app.session;
    if (!app.live.defaults_applied) {
        // Where only the emulation can trace, offer it at the N it takes.
        app.live.defaults_applied = true;
        if (!sampled_runs_on_gpu(s.form.backend)) s.sampled_form.n = std::min(s.sampled_form.n, kEmulatedTraceMaxN);
    }
    ImGui::BeginChild("live", ImVec2(0, 0), false);
    if (ImGui::CollapsingHeader("Benchmark: the production scan against the copy, CUB and the chapter's scans",
                                ImGuiTreeNodeFlags_DefaultOpen))
        bench_section(app);
    if (ImGui::CollapsingHeader("Sampled trace: one block of a full-size hierarchical run", ImGuiTreeNodeFlags_DefaultOpen))
        draw_sampled_trace_section(app);
    ImGui::EndChild();
}

}  // namespace scanlab::gui
