#pragma once
// The inputs both Export dialogs show, the app's (export_dialog.cpp) and the page's
// (export_dialog_web.cpp): for an animation the range of steps, the time per step and the size,
// kept in range; for a figure which one, and whether in presentation colours.
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <utility>

#include <imgui.h>

#include "app/gui/export/export_options.hpp"
#include "app/gui/export/svg_figures.hpp"

namespace scanlab::gui {

// `last` -1 stands for the run's last step, so that it follows a longer run opened later.
inline void draw_animation_inputs(int& first, int& last, int& frame_ms, int& size, size_t steps) {
    const int max_step = int(steps) - 1;
    const float narrow = ImGui::GetFontSize() * 7;
    first = std::clamp(first, 0, max_step);
    int shown_last = last < 0 ? max_step : std::clamp(last, 0, max_step);
    ImGui::SetNextItemWidth(narrow);
    ImGui::InputInt("first step", &first);
    ImGui::SetNextItemWidth(narrow);
    if (ImGui::InputInt("last step", &shown_last)) last = shown_last >= max_step ? -1 : std::max(0, shown_last);
    ImGui::SetNextItemWidth(narrow);
    ImGui::InputInt("ms per step", &frame_ms, 100, 500);
    frame_ms = std::clamp(frame_ms, kMinFrameMs, kMaxFrameMs);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
    if (ImGui::BeginCombo("size", kAnimationSizes[size].name)) {
        for (int i = 0; i < int(std::size(kAnimationSizes)); ++i)
            if (ImGui::Selectable(kAnimationSizes[i].name, i == size)) size = i;
        ImGui::EndCombo();
    }
}

// The figures as the dialogs offer them, each with the figures of the book it draws.
inline void draw_figure_inputs(int& figure, bool& presenting) {
    constexpr std::pair<SvgFigure, const char*> kChoices[] = {{SvgFigure::step_diagram, "step diagram (Figures 9.1, 9.5)"},
                                                              {SvgFigure::array_view, "array view of the current step"},
                                                              {SvgFigure::fig910, "Figure 9.10 as of the current step"}};
    for (const auto& [f, label] : kChoices) ImGui::RadioButton(label, &figure, int(f));
    ImGui::Checkbox("presentation colours and text", &presenting);
}

}  // namespace scanlab::gui
