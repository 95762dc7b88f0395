#pragma once
// The inputs both Export animation dialogs show, the app's (export_dialog.cpp) and the page's
// (export_dialog_web.cpp): the range of steps, the time per step and the size, kept in range.
#include <algorithm>
#include <cstddef>
#include <iterator>

#include <imgui.h>

#include "app/gui/export/export_options.hpp"

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

}  // namespace scanlab::gui
