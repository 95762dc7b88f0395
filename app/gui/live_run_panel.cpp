// The place for the live full-size run. It is filled by the live-run feature (a GPU run of the
// whole input timed on the device, through an interface in kernels/); until then this panel says
// so plainly and shows no numbers.
#include "app.hpp"

namespace scanlab::gui {

void draw_live_run_panel(App& app) {
    ImGui::Spacing();
    ImGui::TextUnformatted("Live full-size run");
    ImGui::Separator();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(
        "Not available yet: the live full-size run arrives with the GPU live-run feature. It will run the chosen "
        "algorithm on a large input on the GPU and show the measured time and throughput here.");
    ImGui::Spacing();
    ImGui::TextDisabled("Nothing on this tab is measured or estimated until then.");
    if (app.session.trace) ImGui::TextDisabled("The traces in the other tabs come from: %s.", app.session.backend_description.c_str());
    ImGui::PopTextWrapPos();
}

}  // namespace scanlab::gui
