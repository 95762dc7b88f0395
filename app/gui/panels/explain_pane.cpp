// The lesson said out loud: the verdict line over the step view (is the result the scan of its
// input?), and the explanation pane under the array view: what the current step does, generated
// from the trace by the core, with the predict mode beside it.
#include <algorithm>

#include <imgui_internal.h>  // RenderTextEllipsis: the title on one line

#include <imgui_stdlib.h>  // after imgui.h, which it needs
#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/explain_pane.hpp"
#include "app/gui/panels/widgets.hpp"
#include "core/lesson/explain.hpp"

namespace scanlab::gui {
namespace {

// The explanation of one step, made once per step shown (not every frame).
const Explanation& explanation(const ShownTrace& st, size_t k) {
    static const ShownTrace* made_for = nullptr;
    static size_t made_step = size_t(-1);
    static Explanation e;
    if (made_for != &st || made_step != k) {
        e = explain_step(st.trace, FinalSteps{st.book.final_offset, st.book.final_from}, k, formula_for(st.trace),
                         st.findings ? &*st.findings : nullptr);
        made_for = &st;
        made_step = k;
    }
    return e;
}

void predict_controls(App& app, const ShownTrace& st) {
    Prediction& pr = app.predict;
    Session& s = app.session;
    if (ImGui::Checkbox("Predict", &pr.on) && pr.on) pr.follow(st.trace, &st, s.step);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The row this step writes is hidden: type the values of the highlighted cells, then reveal it.");
    if (!pr.on) return;
    pr.follow(st.trace, &st, s.step);
    // Under the title: the button first, always in the same place and of the same width (Reveal,
    // then Next step where the click was), the score beside it, then the cells, wrapped to the pane.
    const float button_w = ImGui::CalcTextSize("Next step").x + ImGui::GetStyle().FramePadding.x * 2;
    if (pr.cells.empty()) {
        if (ImGui::Button("Next step", ImVec2(button_w, 0))) s.step_forward();
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("score %d of %d", pr.right, pr.asked);
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("This step writes nothing to predict; step on (Right arrow).");
        ImGui::PopTextWrapPos();
        return;
    }
    if (!pr.revealed) {
        if (ImGui::Button("Reveal", ImVec2(button_w, 0))) pr.reveal(st.trace);
    } else {
        if (ImGui::Button("Next step", ImVec2(button_w, 0))) s.step_forward();
    }
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("score %d of %d", pr.right, pr.asked);
    if (pr.cells.empty() || s.step != pr.step) return;  // stepped on: the next frame asks again
    const std::string arr(shown_array(st.trace.steps[s.step]));
    const float box = ImGui::GetFontSize() * 4;
    const ImGuiStyle& style = ImGui::GetStyle();
    for (size_t i = 0; i < pr.cells.size(); ++i) {
        const std::string label = arr + "[" + std::to_string(pr.cells[i]) + "] =";
        // One cell: its label and its box (or, revealed, its answer in a box's width).
        const float w = ImGui::CalcTextSize(label.c_str()).x + style.ItemSpacing.x + box;
        if (i) flow(w + 12);
        ImGui::PushID(int(i));
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(label.c_str());
        ImGui::SameLine();
        if (pr.revealed) {
            const bool right = prediction_right(st.trace, s.step, pr.cells[i], pr.answers[i]);
            const std::string shown =
                (pr.answers[i].empty() ? std::string("(blank)") : pr.answers[i]) + (right ? " \xE2\x9C\x93" : " \xE2\x9C\x97");
            ImGui::TextColored(right ? ImVec4(0.35f, 0.85f, 0.45f, 1) : ImVec4(1, 0.4f, 0.4f, 1), "%s", shown.c_str());
            // A box's width, so that the cells after it keep their places.
            if (const float tw = ImGui::CalcTextSize(shown.c_str()).x; tw < box) {
                ImGui::SameLine(0, 0);
                ImGui::Dummy(ImVec2(box - tw, 1));
            }
        } else {
            ImGui::SetNextItemWidth(box);
            // Enter in the last box reveals.
            if (ImGui::InputText("##answer", &pr.answers[i], ImGuiInputTextFlags_EnterReturnsTrue) && i + 1 == pr.cells.size())
                pr.reveal(st.trace);
        }
        ImGui::PopID();
    }
}

}  // namespace

void draw_verdict_line(App& app, const ShownTrace& st) {
    const Verdict& v = st.book.verdict;
    const std::string head = v.headline();
    if (head.empty()) return;
    const Palette& p = app.palette();
    ImGui::PushTextWrapPos(0);
    ImGui::PushStyleColor(ImGuiCol_Text, col(v.correct() ? p.formula : p.error));
    const std::string line = (v.correct() ? "\xE2\x86\x92 " : "\xE2\x9C\x97 ") + head;
    ImGui::TextUnformatted(line.c_str());
    ImGui::PopStyleColor();
    // On a projector the headline is the lesson; the why is one hover away.
    if (app.layout.presentation) {
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", v.detail().c_str());
    } else {
        ImGui::TextDisabled("%s", v.detail().c_str());
    }
    ImGui::PopTextWrapPos();
}

namespace {

// A student's kernel's step: what its trace records and the findings made in it, as the CLI's
// --explain says them (core/lesson/explain_kernel.hpp). The chapter's sentences describe the built-in
// algorithms' steps, not the student's code (and for an exercise's starter they would give its answer away).
void explain_kernel_step(App& app, float height) {
    const ShownTrace& st = *app.session.trace;
    const Explanation& e = explanation(st, std::min(app.session.step, st.trace.steps.size() - 1));
    ImGui::TextUnformatted(e.title.c_str());
    ImGui::BeginChild("explanation", ImVec2(0, height), height > 0);
    ImGui::PushTextWrapPos(0);
    for (const std::string& line : e.lines) ImGui::TextUnformatted(line.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
}

}  // namespace

void draw_explain_pane(App& app, float height) {
    Session& s = app.session;
    if (!s.trace || s.trace->trace.steps.empty() || !s.trace->book.full) return;
    if (!s.trace->trace.kernel.empty()) return explain_kernel_step(app, height);
    // In Compare, past the end of the shorter main run, the longer run's step: what is moving.
    const ShownTrace& st = *s.stepped_trace();
    const size_t k = s.stepped_step();
    const bool main_run = &st == s.trace.get();
    if (!st.book.full || k >= st.trace.steps.size()) return;
    const Explanation& e = explanation(st, k);
    const std::string title = main_run ? e.title : run_name(st.trace) + ": " + e.title;
    // The step's title and the predict switch share a line (the title ends in an ellipsis where
    // it must, whole on hover): a short panel keeps its lines for the explanation.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float predict_w =
        main_run ? ImGui::GetFrameHeight() + ImGui::CalcTextSize("Predict").x + style.ItemInnerSpacing.x + style.ItemSpacing.x : 0;
    const float title_w = std::max(ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x - predict_w);
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const float text_y = a.y + style.FramePadding.y;
    ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), ImVec2(a.x, text_y), ImVec2(a.x + title_w, text_y + ImGui::GetFontSize()),
                              a.x + title_w, title.c_str(), nullptr, nullptr);
    ImGui::Dummy(ImVec2(title_w, ImGui::GetFrameHeight()));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", title.c_str());
    if (main_run) {  // (the prediction is of the main run's rows)
        ImGui::SameLine(0, style.ItemSpacing.x);
        predict_controls(app, st);
    }
    ImGui::BeginChild("explanation", ImVec2(0, height), height > 0);
    ImGui::PushTextWrapPos(0);
    for (const std::string& line : e.lines) {
        // In predict mode the values a thread produced would give the answer away.
        if (main_run && app.predict.hides(&st, k) && line.rfind("What the working threads do:", 0) == 0) {
            std::string hidden;
            for (size_t from = 0; from < line.size();) {
                size_t to = line.find('\n', from);
                if (to == std::string::npos) to = line.size();
                std::string l = line.substr(from, to - from);
                if (const size_t colon = l.find(": ", l.find(']')); l.find("→") != std::string::npos && colon != std::string::npos)
                    l = l.substr(0, colon) + ": ?";
                hidden += (from ? "\n" : "") + l;
                from = to + 1;
            }
            ImGui::TextUnformatted(hidden.c_str());
            continue;
        }
        ImGui::TextUnformatted(line.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
}

}  // namespace scanlab::gui
