// The stepper: first / back / play-pause / forward / last, speed, and a timeline scrubber whose
// ticks carry the steps' labels in the chapter's words ("K1 · stride 4", "reduction level 2").
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/panels/stepper.hpp"
#include "app/gui/panels/widgets.hpp"

namespace scanlab::gui {
namespace {

// A band colour per kernel, so K1 / K2 / K3 / host read as groups on the timeline.
ImU32 kernel_band(Kernel k, int alpha) {
    switch (k) {
        case Kernel::single: return IM_COL32(80, 110, 160, alpha);
        case Kernel::k1: return IM_COL32(80, 120, 190, alpha);
        case Kernel::k2: return IM_COL32(130, 90, 180, alpha);
        case Kernel::k3: return IM_COL32(70, 150, 120, alpha);
        case Kernel::host: return IM_COL32(170, 120, 60, alpha);
    }
    return IM_COL32(100, 100, 100, alpha);
}

// The label without its kernel (and tree levels abbreviated), for ticks too narrow for the whole
// label; hovering a tick shows the whole one.
std::string short_label(const Step& s) {
    if (s.phase == Phase::reduction) return prefixed("red. ", s.level);
    if (s.phase == Phase::distribution) return prefixed("dist. ", s.level);
    // Three-phase sub-steps: "p1 2/4" (phase 1, element 2 of C = 4), "p3 1/4".
    if (s.phase == Phase::thread_scan || s.phase == Phase::add_predecessor)
        return std::string(s.phase == Phase::thread_scan ? "p1 " : "p3 ") + std::to_string(s.level + 1) + "/" +
               std::to_string(s.coarsening);
    std::string l = step_label(s);
    const size_t dot = l.rfind(" · ");
    return dot == std::string::npos ? l : l.substr(dot + 4);
}

// The timeline's strip on screen: its top left, width and height, and one slot per step.
struct Strip {
    ImVec2 a;
    float w = 0, h = 0, slot = 0;
};

// Kernel bands across the top third, labelled with the kernel's name where it fits.
void draw_kernel_bands(const ShownTrace& run, const Strip& st, float band_h, ImDrawList* dl) {
    const std::vector<Step>& steps = run.trace.steps;
    const size_t n = steps.size();
    const float font = ImGui::GetFontSize();
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && steps[j].kernel == steps[i].kernel && steps[j].depth == steps[i].depth) ++j;
        const float x0 = st.a.x + st.slot * float(i), x1 = st.a.x + st.slot * float(j);
        dl->AddRectFilled(ImVec2(x0 + 1, st.a.y), ImVec2(x1 - 1, st.a.y + band_h), kernel_band(steps[i].kernel, 200), 3);
        std::string k = steps[i].kernel == Kernel::single ? run_name(run.trace) : std::string(name(steps[i].kernel));
        if (steps[i].depth > 0) k += " · S^" + std::to_string(steps[i].depth);
        if (ImGui::CalcTextSize(k.c_str()).x < x1 - x0 - 6)
            dl->AddText(ImVec2(x0 + 5, st.a.y + (band_h - font) * 0.5f), IM_COL32_WHITE, k.c_str());
        i = j;
    }
}

// Ticks with labels under the bands (from `ty`), the current step as a filled slot.
void draw_step_ticks(App& app, const std::vector<Step>& steps, const Strip& st, float ty, size_t cur, ImDrawList* dl) {
    const Palette& p = app.palette();
    const size_t n = steps.size();
    const float font = ImGui::GetFontSize();
    const ImVec2 a = st.a;
    const float w = st.w, slot = st.slot;
    dl->AddRectFilled(ImVec2(a.x + slot * float(cur), ty), ImVec2(a.x + slot * float(cur + 1), a.y + st.h), col(p.current_row), 3);
    // An event trace's ticks carry step numbers only (each event in the tooltip): its events
    // repeat (start, scanned, ...) and would read as a sentence, mixed with numbers where they do
    // not fit.
    const bool events = !steps.empty() && steps.front().event.has_value();
    const size_t label_every = std::max<size_t>(1, size_t(std::ceil(font * (events ? 2.2f : 4.0f) / std::max(slot, 1.0f))));
    const float room = slot * float(label_every) - 6;
    auto label_for = [&](size_t i, float space) {
        if (events) return std::to_string(i);
        std::string full = step_label(steps[i]);
        if (ImGui::CalcTextSize(full.c_str()).x < space) return full;
        std::string part = short_label(steps[i]);
        if (ImGui::CalcTextSize(part.c_str()).x < space) return part;
        return std::to_string(i);
    };
    // The current step's label first, so the others can keep out of its way. It takes the room up
    // to the next labelled tick (its own slot's at least), so it never hides that tick's label.
    const size_t next_label = (cur / label_every + 1) * label_every;
    const float cur_right = next_label < n ? a.x + slot * float(next_label) : a.x + w;
    const std::string cur_text = label_for(cur, std::max(room, cur_right - (a.x + slot * float(cur)) - 10));
    const float cur_w = ImGui::CalcTextSize(cur_text.c_str()).x;
    const float cur_x = std::clamp(a.x + slot * float(cur) + 4, a.x, a.x + w - cur_w - 4);
    for (size_t i = 0; i < n; ++i) {
        const float x = a.x + slot * float(i);
        dl->AddLine(ImVec2(x, ty), ImVec2(x, ty + font * 0.4f), ImGui::GetColorU32(ImGuiCol_TextDisabled));
        if (i % label_every != 0 || i == cur) continue;
        const std::string text = label_for(i, room);
        const float tw = ImGui::CalcTextSize(text.c_str()).x;
        // Never past the timeline's right end, nor into the current step's label.
        if (tw > room + 4 || x + 4 + tw > a.x + w || (x + 4 < cur_x + cur_w + 6 && x + 4 + tw > cur_x - 6)) continue;
        dl->AddText(ImVec2(x + 4, ty + font * 0.45f), ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
    }
    dl->AddRectFilled(ImVec2(cur_x - 3, ty + font * 0.4f), ImVec2(cur_x + cur_w + 3, ty + font * 1.5f), col(p.current_row), 3);
    dl->AddText(ImVec2(cur_x, ty + font * 0.45f), IM_COL32_WHITE, cur_text.c_str());
}

// A hovered step's tooltip: its label and counts, and what S^d is where the step is in a level
// of the recursion (the labels name it S^d).
void step_tooltip(const Step& step, size_t k) {
    const int d = step.depth;
    const std::string level =
        d > 0 ? "\nS^" + std::to_string(d) + ": the block sums of " + (d == 1 ? std::string("S") : "S^" + std::to_string(d - 1)) +
                    " (level " + std::to_string(d) + " of the recursion): " + (d == 1 ? std::string("S") : "S^" + std::to_string(d - 1)) +
                    " is longer than one section, so it is scanned in sections too and its sections' totals are S^" + std::to_string(d)
              : std::string();
    ImGui::SetTooltip("step %zu: %s\n%s, %s active / %s idle threads%s", k, step_label(step).c_str(),
                      counted(step.counts.additions, "addition", "additions").c_str(), grouped(step.counts.active_threads).c_str(),
                      grouped(step.counts.idle_threads).c_str(), level.c_str());
}

void timeline(App& app) {
    Session& s = app.session;
    // (In Compare, the longer run's steps: the shorter one rests on its last.)
    const ShownTrace& run = *s.stepped_trace();
    const std::vector<Step>& steps = run.trace.steps;
    const size_t n = steps.size();
    if (n == 0) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float font = ImGui::GetFontSize();
    // (Presenting, the kernels' band a line high: the step view below keeps the room.)
    const bool presenting = app.layout.presentation;
    Strip st;
    st.w = ImGui::GetContentRegionAvail().x;
    st.h = font * (presenting ? 2.45f : 3.1f);
    st.a = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("timeline", ImVec2(st.w, st.h));
    st.slot = st.w / float(n);
    auto slot_of = [&](float x) { return size_t(std::clamp(int((x - st.a.x) / st.slot), 0, int(n) - 1)); };
    if (ImGui::IsItemActive()) {
        s.playing = false;
        s.go_to_stepped(slot_of(ImGui::GetIO().MousePos.x));
    }
    const float band_h = font * (presenting ? 1.1f : 1.25f);
    draw_kernel_bands(run, st, band_h, dl);
    draw_step_ticks(app, steps, st, st.a.y + band_h + 2, s.stepped_step(), dl);
    if (ImGui::IsItemHovered()) {
        const size_t k = slot_of(ImGui::GetIO().MousePos.x);
        step_tooltip(steps[k], k);
    }
}

}  // namespace

void draw_stepper(App& app) {
    Session& s = app.session;
    if (!s.trace) {
        if (s.busy()) {
            spinner(ImGui::GetFontSize() * 0.6f, ImGui::GetColorU32(ImGuiCol_Text));
            ImGui::SameLine();
            ImGui::TextUnformatted("running the first trace...");
        } else {
            ImGui::TextUnformatted("No trace yet: choose an input on the left.");
        }
        return;
    }
    const ShownTrace& run = *s.stepped_trace();
    const size_t n = run.trace.steps.size();
    ImGui::BeginDisabled(n == 0);
    if (ImGui::Button("|<")) s.first_step();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("first step (Home)");
    ImGui::SameLine();
    if (ImGui::Button("<")) s.playing = false, s.step_back();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("step back (Left)");
    ImGui::SameLine();
    if (ImGui::Button(s.playing ? "Pause" : "Play", ImVec2(ImGui::GetFontSize() * 4, 0))) s.toggle_play();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("play / pause (Space)");
    ImGui::SameLine();
    if (ImGui::Button(">")) s.playing = false, s.step_forward();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("step forward (Right)");
    ImGui::SameLine();
    if (ImGui::Button(">|")) s.last_step();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("last step (End)");
    ImGui::EndDisabled();
    // The speed on the buttons' line where it fits whole, else under them; a drag field, whose
    // value no slider grab covers.
    flow(ImGui::GetFontSize() * 9);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    ImGui::DragFloat("##speed", &s.steps_per_second, 0.02f, 0.25f, 10.0f, "%.2f steps/s",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("steps a second while playing: drag, or double-click and type");
    if (n > 0) {
        char text[160];
        const size_t k = s.stepped_step();
        std::snprintf(text, sizeof text, "step #%zu of %zu:  %s%s", k, n, step_label(run.trace.steps[k]).c_str(),
                      &run == s.trace.get() ? "" : (" (" + run_name(run.trace) + ")").c_str());
        ImGui::SameLine();
        // Presenting, the step's name stands over the step view: this line is left out where it
        // would take a line of its own.
        const bool fits = ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(text).x;
        if (!fits && !app.layout.presentation) ImGui::NewLine();
        if (fits || !app.layout.presentation)
            ImGui::TextUnformatted(text);
        else
            ImGui::NewLine();
    }
    if (s.busy()) {
        ImGui::SameLine();
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
    }
    timeline(app);
}

}  // namespace scanlab::gui
