// The menu bar: trace files, screenshots, presentation mode, help. Every item names its key.
#include <filesystem>

#include "app/gui/app.hpp"
#include "app/gui/export/export_dialog.hpp"
#include "app/gui/panels/lesson_panel.hpp"
#include "app/gui/panels/menu_bar.hpp"
#include "app/gui/shell/theme.hpp"

namespace scanlab::gui {

void draw_menu_bar(App& app) {
    if (!ImGui::BeginMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("Open trace...", "Ctrl+O")) app.open_dialog = true;
#if defined(__EMSCRIPTEN__)  // the page carries the shipped lessons, and reads no other by its path
        if (ImGui::BeginMenu("Open lesson")) {
            for (const std::string& path : shipped_lessons())
                if (ImGui::MenuItem(std::filesystem::path(path).stem().string().c_str())) open_lesson(app, path);
            ImGui::EndMenu();
        }
#else
        if (ImGui::MenuItem("Open lesson...")) app.lesson_dialog = true;
#endif
        if (ImGui::MenuItem("Save trace...", "Ctrl+S", false, app.session.trace != nullptr)) app.save_dialog = true;
        if (ImGui::MenuItem("Screenshot to PNG", "F12")) app.want_screenshot = true;
        if (ImGui::MenuItem("Export animation...", nullptr, false, app.session.trace != nullptr)) open_export_dialog(false);
        if (ImGui::MenuItem("Export figure (SVG)...", nullptr, false, app.session.trace != nullptr)) open_export_dialog(true);
#if !defined(__EMSCRIPTEN__)  // the page is the offline page's own edition
        if (ImGui::MenuItem("Export offline page (HTML)...", nullptr, false, app.session.trace != nullptr || app.lesson.is_open()))
            open_offline_page_dialog();
#endif
#if !defined(__EMSCRIPTEN__)  // a page is closed with its browser tab
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) app.want_quit = true;
#endif
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        if (ImGui::MenuItem("Presentation mode", "F5", app.layout.presentation)) {
            app.layout.presentation = !app.layout.presentation;
            apply_theme(app);
        }
        ImGui::MenuItem("Controls", "Ctrl+B", app.layout.presentation ? &app.controls_in_presentation : &app.layout.show_controls);
        ImGui::MenuItem("Figure 9.10", nullptr, &app.layout.show_fig910);
        ImGui::MenuItem("Explain this step", nullptr, &app.layout.show_explain);
        ImGui::MenuItem("Source", nullptr, &app.layout.show_source);
        ImGui::MenuItem("Exercises", "Ctrl+E", &app.layout.show_exercises);
        ImGui::MenuItem("Your kernel", "Ctrl+K", &app.layout.show_your_kernel);
#if !defined(__EMSCRIPTEN__)
        ImGui::MenuItem("Lesson", nullptr, &app.show_lesson);
#endif
        ImGui::MenuItem("Emulation banner", nullptr, &app.show_banner);
        if (ImGui::MenuItem("Reset layout")) {
            app.reset_layout = true;
            app.layout.show_fig910 = app.layout.show_source = app.layout.show_explain = true;
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Larger text", "Ctrl++")) change_font_scale(app, 1.1f);
        if (ImGui::MenuItem("Smaller text", "Ctrl+-")) change_font_scale(app, 1 / 1.1f);
        if (ImGui::MenuItem("Default text size", "Ctrl+0")) change_font_scale(app, 0);
        ImGui::Separator();
        for (const TabInfo& tab : kTabs)
            if (ImGui::MenuItem(tab.name, tab.key, app.layout.tab == tab.tab)) app.tab_request = tab.tab;
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("Keyboard and mouse", "F1")) app.help_window = true;
        ImGui::EndMenu();
    }
    ImGui::EndMenuBar();
}

void draw_help_window(App& app) {
    if (!app.help_window) return;
    // As tall as its rows, whatever the text size (the table sets the width).
    if (ImGui::Begin("Keyboard and mouse", &app.help_window, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
        const char* rows[][2] = {
            {"Space", "play / pause"},
            {"Left / Right", "step back / forward"},
            {"Home / End", "first / last step"},
            {"1 2 3 4", "step view, compare, operation counts, live run"},
            {"F5 (Esc leaves)", "presentation mode: large fonts, high contrast"},
            {"Esc", "close a dropdown, then this window, then leave presentation mode"},
            {"F12", "screenshot of the window to PNG"},
            {"Ctrl+O / Ctrl+S", "open / save a trace (the CLI's JSON)"},
            {"Ctrl+B", "show / hide the controls (View: every panel)"},
            {"Ctrl+E", "the chapter's exercises: Up/Down choose, Enter opens the run (or, for a kernel to write, tries it yourself)"},
            {"Ctrl +/-/0", "larger / smaller / default text"},
            {"drag a panel's tab", "rearrange the panels; drag an edge to resize"},
            {"Ctrl+Enter", "run with the current controls (your kernel, while it is on screen)"},
            {"Ctrl+K", "the Your kernel panel: write a scan kernel and trace it"},
#if defined(__EMSCRIPTEN__)
            {"Ctrl+wheel, +/-, pinch", "zoom the array view; drag or Shift+wheel pans; a finger drags to scroll"},
#else
            {"Ctrl+wheel, +/-", "zoom the array view; drag or Shift+wheel pans"},
            {"PageDown / PageUp", "a lesson's next / previous slide (a presenter's remote sends these)"},
            {"B", "a lesson open: black screen, and back"},
            {"Ctrl+Q", "quit (settings and layout are kept)"},
#endif
        };
        // The keys as wide as the widest; what they do takes the rest and wraps there, never cut.
        if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg, ImVec2(ImGui::GetFontSize() * 32, 0))) {
            ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
            ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
            for (auto& r : rows) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r[0]);
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", r[1]);
            }
            ImGui::EndTable();
        }
    }
    ImGui::End();
}

}  // namespace scanlab::gui
