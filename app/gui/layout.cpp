// The window: menu bar, the CPU-emulation banner, the refusal line, three columns (controls |
// stepper and tabs | Figure 9.10 and source) and a status bar. Headless shots draw one view.
#include <algorithm>

#include "app.hpp"

namespace scanlab::gui {
namespace {

constexpr ImGuiWindowFlags kFullWindow = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

void banner_and_error(App& app) {
    Session& s = app.session;
    const Palette& p = app.palette();
    const bool emulated = s.trace && s.trace->trace.backend == "cpu";
    if (emulated) {
        const std::string& why = s.emulation_reason;
        std::string text = "CPU emulation: the kernels' steps are replayed on the CPU, not run on a GPU";
        text += why.empty() ? std::string(" (chosen in the controls).") : ": " + why + ".";
        if (s.trace->origin.rfind("file ", 0) == 0) text = "Replaying " + s.trace->origin + ", recorded by the CPU emulation.";
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float w = ImGui::GetContentRegionAvail().x;
        // As tall as the sentence wrapped to the window (two lines in presentation mode).
        const float h = ImGui::CalcTextSize(text.c_str(), nullptr, false, w - 16).y + ImGui::GetStyle().ItemSpacing.y + 6;
        dl->AddRectFilled(a, ImVec2(a.x + w, a.y + h), col(p.banner));
        ImGui::SetCursorScreenPos(ImVec2(a.x + 8, a.y + 3));
        ImGui::PushTextWrapPos(a.x + w - 8);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::SetCursorScreenPos(ImVec2(a.x, std::max(a.y + h, ImGui::GetCursorScreenPos().y)));
        ImGui::Dummy(ImVec2(0, 2));
    } else if (s.trace) {
        ImGui::Text("Backend: %s", s.backend_description.empty() ? s.trace->trace.backend.c_str() : s.backend_description.c_str());
    }
    // The controls column shows a refusal next to the input; without it, it shows here.
    if (!s.error.empty() && !app.controls_shown()) {
        ImGui::PushStyleColor(ImGuiCol_Text, col(p.error));
        ImGui::PushTextWrapPos(0);
        ImGui::Text("\xE2\x9C\x97 %s", s.error.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
        if (s.trace) ImGui::TextDisabled("The last good trace stays on screen.");
    }
}

void status_bar(App& app) {
    Session& s = app.session;
    ImGui::Separator();
    if (s.busy()) {
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
        ImGui::SameLine();
        ImGui::Text("%s ... (the window stays live)", s.busy_what().c_str());
        ImGui::SameLine();
    }
    if (s.trace) {
        const Trace& t = s.trace->trace;
        ImGui::Text("%s · %s · N = %lld · %zu steps · %lld additions · %s", std::string(name(t.algorithm)).c_str(),
                    s.trace->origin.c_str(), static_cast<long long>(t.n), t.steps.size(), static_cast<long long>(t.counts.additions),
                    t.backend == "cpu" ? "CPU emulation" : "GPU");
    }
    if (!s.status.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("   %s", s.status.c_str());
    }
}

void centre(App& app) {
    draw_stepper(app);
    if (ImGui::BeginTabBar("views")) {
        const char* names[] = {"Steps", "Compare", "Counts", "Live run"};
        for (int i = 0; i < 4; ++i) {
            // A shortcut (1..4) or the remembered tab selects a tab once; clicks do the rest.
            const ImGuiTabItemFlags flags = app.tab_request == i ? ImGuiTabItemFlags_SetSelected : 0;
            if (ImGui::BeginTabItem(names[i], nullptr, flags)) {
                app.layout.tab = i;
                switch (i) {
                    case 0: draw_step_view(app); break;
                    case 1: draw_compare_view(app); break;
                    case 2: draw_counts_panel(app); break;
                    case 3: draw_live_run_panel(app); break;
                }
                ImGui::EndTabItem();
            }
        }
        app.tab_request = -1;
        ImGui::EndTabBar();
    }
}

void single_view(App& app) {
    switch (app.view) {
        case View::array: draw_step_view(app); break;
        case View::diagram:
            if (app.session.trace) draw_step_diagram(app, *app.session.trace, app.session.step, "diagram", 1);
            break;
        case View::fig910: draw_fig910_panel(app); break;
        case View::counts: draw_counts_panel(app); break;
        case View::source: draw_source_pane(app); break;
        case View::compare: draw_compare_view(app); break;
        case View::live:  // the tab as the window shows it, with the stepper above it
            draw_stepper(app);
            draw_live_run_panel(app);
            break;
        case View::window: break;
    }
}

}  // namespace

void draw_frame(App& app) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    const bool menu = app.view == View::window;
    ImGui::Begin("Scan Lab", nullptr, kFullWindow | (menu ? ImGuiWindowFlags_MenuBar : 0));
    if (menu) draw_menu_bar(app);
    banner_and_error(app);
    if (app.view != View::window) {
        single_view(app);
        ImGui::End();
        return;
    }

    Layout& l = app.layout;
    const float status_h = ImGui::GetFrameHeightWithSpacing() + 6;
    const float h = std::max(100.0f, ImGui::GetContentRegionAvail().y - status_h);
    const float total = ImGui::GetContentRegionAvail().x;
    const float font = ImGui::GetFontSize();
    l.figure_width = std::clamp(l.figure_width, 12 * font, std::max(12 * font, total * 0.5f));
    // Presenting, Figure 9.10 and the source take a fixed share, the step view the rest.
    float presenting_width = total * 0.36f;
    float& figure_width = l.presentation ? presenting_width : l.figure_width;
    if (app.controls_shown()) {
        l.controls_width = std::clamp(l.controls_width, 12 * font, std::max(12 * font, total * 0.35f));
        ImGui::BeginChild("controls", ImVec2(l.controls_width, h), true);
        draw_controls(app);
        ImGui::EndChild();
        vertical_splitter("##split-left", &l.controls_width, 12 * font, total * 0.35f, h, true);
    }
    const float centre_w = std::max(200.0f, ImGui::GetContentRegionAvail().x - figure_width - 6);
    ImGui::BeginChild("centre", ImVec2(centre_w, h), false);
    centre(app);
    ImGui::EndChild();
    vertical_splitter("##split-right", &figure_width, 12 * font, total * 0.5f, h, false);
    ImGui::BeginChild("right", ImVec2(0, h), false);
    ImGui::BeginChild("fig910", ImVec2(0, std::clamp(fig910_panel_height(ImGui::GetContentRegionAvail().x), 10 * font, h * 0.72f)), true);
    draw_fig910_panel(app);
    ImGui::EndChild();
    ImGui::BeginChild("source", ImVec2(0, 0), true);
    draw_source_pane(app);
    ImGui::EndChild();
    ImGui::EndChild();
    status_bar(app);
    ImGui::End();

    draw_trace_file_dialogs(app);
    draw_help_window(app);
}

}  // namespace scanlab::gui
