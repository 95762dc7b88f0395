// Compare mode: the current algorithm and the comparison algorithm on the same input, side by
// side (one above the other), stepping together: step k of the first beside step min(k, last)
// of the second, each with its step label and additions so far.
#include <algorithm>

#include "../app.hpp"

namespace scanlab::gui {
namespace {

void one_side(App& app, const ShownTrace& st, size_t k, const char* id, Rgb colour, bool finished) {
    const Trace& t = st.trace;
    const Step& s = t.steps[k];
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(colour)), "\xE2\x96\xA0 %s", std::string(name(t.algorithm)).c_str());
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0);
    ImGui::Text("#%zu %s%s:  %lld additions so far of %lld,  %lld active / %lld idle threads,  %lld divergent warps", k,
                step_label(s).c_str(), finished ? "  (finished)" : "", static_cast<long long>(st.book.cumulative_additions[k]),
                static_cast<long long>(t.counts.additions), static_cast<long long>(s.counts.active_threads),
                static_cast<long long>(s.counts.idle_threads), static_cast<long long>(s.counts.divergent_warps));
    ImGui::PopTextWrapPos();
    draw_array_view(app, st, k, id, array_view_height(st, k), 0);
}

}  // namespace

void draw_compare_view(App& app) {
    Session& s = app.session;
    if (!s.trace || s.trace->trace.steps.empty()) return;
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
    flow(ImGui::CalcTextSize(note).x);
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", note);
    ImGui::PopTextWrapPos();
    one_side(app, *s.trace, s.step, "compare-a", app.palette().series_a, false);
    if (!s.compare && !s.trace->trace.sample.all()) {
        ImGui::TextWrapped("There is no comparison beside a sampled trace: it is one block of a full-size run. Change a control to "
                           "run the comparison again.");
        return;
    }
    if (!s.compare) {
        ImGui::TextWrapped("%s cannot run on this input: %s", std::string(name(s.form.compare_algorithm)).c_str(),
                           s.compare_error.empty() ? "(running...)" : s.compare_error.c_str());
        return;
    }
    const size_t k = s.compare_step();
    one_side(app, *s.compare, k, "compare-b", app.palette().series_b, s.step >= s.compare->trace.steps.size());
    ImGui::Spacing();
    const int64_t a = s.trace->trace.counts.additions, b = s.compare->trace.counts.additions;
    ImGui::PushTextWrapPos(0);
    ImGui::Text("In all: %s %lld additions in %zu steps; %s %lld additions in %zu steps.", std::string(name(s.trace->trace.algorithm)).c_str(),
                static_cast<long long>(a), s.trace->trace.steps.size(), std::string(name(s.compare->trace.algorithm)).c_str(),
                static_cast<long long>(b), s.compare->trace.steps.size());
    ImGui::PopTextWrapPos();
}

}  // namespace scanlab::gui
