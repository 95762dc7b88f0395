// The web edition's Your kernel panel: a page cannot run a compiler, so it says where to go.
#include "app/gui/app.hpp"
#include "app/gui/panels/your_kernel_panel.hpp"

namespace scanlab::gui {

void draw_your_kernel_panel(App& app) {
    (void)app;
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(kernel_tracing_unavailable().c_str());
    ImGui::PopTextWrapPos();
}

void draw_grade_report(App& app) { (void)app; }  // no kernel is graded in a page

}  // namespace scanlab::gui
