// The live tab's sampled trace: choose the block algorithm, N, the section and a block of the
// full-size hierarchical run; the Session traces it on a worker (the GPU, or the emulation at a
// reduced N), states the memory it holds against a full trace (estimate_trace), and the trace
// opens in the step view here and in the Steps tab.
#include <algorithm>
#include <cstdio>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/live_run_panel.hpp"
#include "app/gui/panels/step_view.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

const char* block_algo_text(Algorithm a) { return algorithm_info(a).name.data(); }
// "Brent-Kung blocks (PMPP 3rd ed. §9.4): up to 2048 elements a block, 2 elements a thread".
const char* block_algo_tip(Algorithm a) {
    static std::vector<std::pair<Algorithm, std::string>> tips;
    for (const auto& [b, tip] : tips)
        if (b == a) return tip.c_str();
    const AlgorithmInfo& row = algorithm_info(a);
    tips.emplace_back(a, std::string(row.title) + " blocks (" + std::string(row.chapter) + "): up to " + std::to_string(row.capacity()) +
                             " elements a block, " +
                             (row.elements_per_thread == 1 ? std::string("one thread each")
                                                           : std::to_string(row.elements_per_thread) + " elements a thread"));
    return tips.back().second.c_str();
}

void wrapped(const std::string& text, bool disabled = false) {
    ImGui::PushTextWrapPos(0);
    if (disabled)
        ImGui::TextDisabled("%s", text.c_str());
    else
        ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

void sampled_refusal(App& app, const std::string& text, const char* after = "") {
    ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
    ImGui::PushTextWrapPos(0);
    ImGui::Text("\xE2\x9C\x97 %s%s", text.c_str(), after);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

// The section: the core's default (the block algorithm's largest), or a smaller power of two.
void section_combo(SampledForm& f) {
    const int largest = algorithm_info(f.block_algorithm).capacity();
    if (f.section > largest) f.section = 0;
    const std::string current = f.section == 0 ? "auto (" + std::to_string(largest) + ")" : std::to_string(f.section);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.5f);
    if (ImGui::BeginCombo("section##sampled", current.c_str())) {
        if (ImGui::Selectable(("auto (" + std::to_string(largest) + ")").c_str(), f.section == 0)) f.section = 0;
        for (int s = largest / 2; s >= 16; s /= 2)
            if (ImGui::Selectable(std::to_string(s).c_str(), f.section == s)) f.section = s;
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("elements per block; a smaller section makes more blocks and a longer S");
}

// The form: the block algorithm, section, type and operator, N, and which block to keep, with
// the range of blocks the core gives for that N.
void draw_sampled_form(Session& s) {
    SampledForm& f = s.sampled_form;
    const float font = ImGui::GetFontSize();
    ImGui::SetNextItemWidth(font * 8);
    enum_combo("block algorithm##sampled", &f.block_algorithm, multi_kernel_block_algorithms(), block_algo_text, block_algo_tip);
    flow(labelled_width(font * 7.5f, "section"));
    section_combo(f);
    flow(labelled_width(font * 5.5f, "type"));
    ImGui::SetNextItemWidth(font * 5.5f);
    enum_combo("type##sampled", &f.type, {ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64}, type_text);
    flow(labelled_width(font * 5.5f, "operator"));
    ImGui::SetNextItemWidth(font * 5.5f);
    enum_combo("operator##sampled", &f.op, {OpKind::sum, OpKind::max, OpKind::min}, op_text);

    // N, exactly, up to the core's 2^28; the cap refuses past it with its sentence.
    n_input("N##sampled", &f.n, kMaxElements);
    // The range comes from the core (resolve, in the preview), never from arithmetic of ours.
    s.preview_sampled();
    const bool current = s.preview_current();
    const SampledReport& pv = s.sampled_preview;
    char range[128] = "of \xE2\x80\xA6";
    if (current && pv.error.empty())
        std::snprintf(range, sizeof range, "of 0 \xE2\x80\xA6 %s (%s blocks of %d)", grouped(pv.grid - 1).c_str(), grouped(pv.grid).c_str(),
                      pv.section);
    else if (current)
        range[0] = 0;
    flow(labelled_width(font * 6, "block") + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(range).x);
    ImGui::SetNextItemWidth(font * 6);
    ImGui::InputScalar("block", ImGuiDataType_S64, &f.block);
    f.block = std::max<int64_t>(0, f.block);
    ImGui::SameLine();
    ImGui::TextDisabled("%s", range);
}

// Trace this block, disabled while a job runs, while the benchmark has the GPU, or where the
// form is refused; what is running beside it.
void draw_trace_button(Session& s, bool gpu, bool refused) {
    const bool tracing = s.busy();
    // A trace on the GPU while the benchmark runs would disturb its timings: one at a time.
    const bool gpu_taken = gpu && s.bench.running();
    ImGui::BeginDisabled(tracing || gpu_taken || refused);
    if (ImGui::Button(tracing ? "Tracing..." : "Trace this block")) s.trace_sampled();
    ImGui::EndDisabled();
    if (gpu_taken) {
        ImGui::SameLine();
        ImGui::TextDisabled("(after the benchmark: both would share the GPU)");
    }
    if (tracing) {
        ImGui::SameLine();
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
        ImGui::SameLine();
        ImGui::TextUnformatted(s.busy_what().c_str());
    }
}

// The memory statement: the trace's own when it is of this form, else the form's estimate (or
// the sentence that refuses it); then the last trace's refusal, where it is another.
void draw_memory_statement(App& app, bool current) {
    Session& s = app.session;
    const SampledForm& f = s.sampled_form;
    const SampledReport& pv = s.sampled_preview;
    const bool shown_is_form = s.sampled_trace && s.sampled_report.form == f;
    if (shown_is_form) {
        wrapped(memory_statement(s.sampled_report));
        char took[160];
        const double sec = s.sampled_report.seconds;
        if (sec < 1)
            std::snprintf(took, sizeof took, "Traced in %.0f ms on %s.", sec * 1000, s.sampled_report.backend.c_str());
        else
            std::snprintf(took, sizeof took, "Traced in %.2f s on %s.", sec, s.sampled_report.backend.c_str());
        wrapped(took, true);
    } else if (current && !pv.error.empty()) {
        sampled_refusal(app, pv.error);
    } else if (current) {
        wrapped(memory_statement(pv), true);
    } else {
        ImGui::TextDisabled("estimating the memory this trace needs...");
    }
    if (!s.sampled_error.empty() && !(current && s.sampled_error == pv.error))
        sampled_refusal(app, s.sampled_error, "  (the trace on screen stays)");
}

}  // namespace

void draw_sampled_trace_section(App& app) {
    Session& s = app.session;
    SampledForm& f = s.sampled_form;
    const bool gpu = sampled_runs_on_gpu(s.form.backend);
    const TraceCap cap = sampled_trace_cap(gpu, f.type);
    wrapped(
        "Any block of a run of millions of elements, in full, with the block sums S whole at every level; the counts cover "
        "every block. It opens below and in the Steps tab.",
        true);
    if (!gpu) wrapped("No GPU here: " + cap.why + ".");

    draw_sampled_form(s);
    const bool current = s.preview_current();
    draw_trace_button(s, gpu, current && !s.sampled_preview.error.empty());
    draw_memory_statement(app, current);

    ImGui::Spacing();
    if (s.sampled_trace && s.trace == s.sampled_trace) {
        // A newly traced block scrolls into view: it is what the student asked to see. (A shot
        // keeps the tab's top, where its controls and the memory statement are.)
        if (app.live.scrolled_to != s.sampled_trace.get() && !app.headless) {
            app.live.scrolled_to = s.sampled_trace.get();
            ImGui::SetScrollHereY(0.0f);
        }
        draw_step_view(app, std::max(ImGui::GetFontSize() * 14, ImGui::GetWindowHeight() * 0.45f));
    } else if (s.sampled_trace) {
        ImGui::TextDisabled("The step view shows another run now.");
        ImGui::SameLine();
        if (ImGui::SmallButton("Show the sampled trace again")) s.show_sampled();
    }
}

}  // namespace scanlab::gui
