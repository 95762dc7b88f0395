#pragma once
// The app's Export dialogs (export_dialog.cpp; the web edition's, export_dialog_web.cpp).
#include <string>

namespace scanlab::gui {

struct App;

// File > Export animation... and Export figure (SVG) (export/export_dialog.cpp; the web edition's
// figure only, as a download: export/export_dialog_web.cpp).
void open_export_dialog(bool figure);
void open_offline_page_dialog();  // the desktop's File > Export offline page (HTML)...
void draw_export_dialogs(App& app);
bool export_running();  // an export is under way: the frame loop keeps drawing its progress
// The smoke test's hand on the animation dialog: its Export button pressed with these choices
// (a size of the dialog's list, presenting); "" or why it did not start. And how it is going.
std::string press_export(App& app, int size_choice, bool presenting);
void cancel_export();  // its Cancel button (and quitting): the child ends, writing nothing
struct ExportProgress {
    bool running = false;
    int frames_done = 0, frames_total = 0;
    std::string result, error;
};
ExportProgress export_progress();

}  // namespace scanlab::gui
