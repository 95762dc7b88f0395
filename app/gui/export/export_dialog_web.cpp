// The web edition's File > Export figure (SVG)...: the figure of the trace on screen, drawn from the
// trace as the desktop draws it (svg_figures.hpp), written to the page's file system and offered as
// a download. A figure of a trace the page holds (1 MiB at most) takes milliseconds, so it is drawn
// in the frame that asks for it. Animations are the desktop app's and `scanlab export`'s: a page
// has no second process to draw their frames in, and its one thread is the window's.
#include <filesystem>
#include <fstream>

#include "app/gui/app.hpp"
#include "app/gui/export/svg_figures.hpp"
#include "app/gui/shell/browser.hpp"
#include "core/error.hpp"

namespace scanlab::gui {
namespace {

struct FigureDialog {
    bool open = false;
    int figure = int(SvgFigure::step_diagram);
    bool presenting = false;
    std::string said;
    bool failed = false;
};

FigureDialog& dialog() {
    static FigureDialog d;
    return d;
}

void download_figure(App& app, FigureDialog& d) {
    const TracePtr t = app.session.trace;
    SvgRequest r;
    r.figure = SvgFigure(d.figure);
    r.step = app.session.step;
    r.presenting = d.presenting;
    const std::string name = "scanlab-" + run_name(t->trace) + (r.figure == SvgFigure::array_view ? "-step" + std::to_string(app.session.step) : "") + ".svg";
    try {
        const std::string svg = svg_figure(t->trace, r);
        std::error_code ec;
        std::filesystem::create_directories("/downloads", ec);
        std::ofstream("/downloads/" + name) << svg;
        browser::download("/downloads/" + name, name, "image/svg+xml");
        d.said = std::string(figure_name(r.figure)) + " downloads as " + name + " (the browser's downloads)";
        d.failed = false;
    } catch (const ScanError& e) {
        d.said = e.what();
        d.failed = true;
    }
    app.session.status = d.said, app.session.status_failed = d.failed;
}

}  // namespace

void open_export_dialog(bool) {
    dialog().open = true;
    dialog().said.clear();
}

bool export_running() { return false; }

void draw_export_dialogs(App& app) {
    FigureDialog& d = dialog();
    if (!d.open) return;
    const float w = ImGui::GetFontSize() * 26;
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, 1e6f));
    if (ImGui::Begin("Export figure (SVG)", &d.open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoDocking | ImGuiWindowFlags_AlwaysAutoResize)) {
        if (!app.session.trace || app.session.trace->trace.steps.empty()) {
            ImGui::TextWrapped("Run a trace first: a figure is drawn from its steps.");
        } else {
            ImGui::RadioButton("step diagram (Figures 9.1, 9.5)", &d.figure, int(SvgFigure::step_diagram));
            ImGui::RadioButton("array view of the current step", &d.figure, int(SvgFigure::array_view));
            ImGui::RadioButton("Figure 9.10 as of the current step", &d.figure, int(SvgFigure::fig910));
            ImGui::Checkbox("presentation colours and text", &d.presenting);
            if (ImGui::Button("Download SVG")) download_figure(app, d);
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("Animations (GIF, MP4): the desktop app, or scanlab export --format gif.");
            if (!d.said.empty()) {
                if (d.failed) ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
                ImGui::TextUnformatted(d.said.c_str());
                if (d.failed) ImGui::PopStyleColor();
            }
            ImGui::PopTextWrapPos();
        }
    }
    ImGui::End();
}

}  // namespace scanlab::gui
