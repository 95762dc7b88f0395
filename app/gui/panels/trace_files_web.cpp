// Open and save traces in the web edition: File > Open (Ctrl+O) opens the browser's file picker
// (or drop a file on the page), File > Save (Ctrl+S) downloads the trace as scanlab-ALGO.json. The
// reading and writing are the desktop's (Session::open_trace, save_trace) on the page's own file
// system; a malformed file gets the same sentence in the status line, and the trace stays.
#include <filesystem>

#include "app/gui/app.hpp"
#include "app/gui/panels/trace_files.hpp"
#include "app/gui/shell/browser.hpp"

namespace scanlab::gui {

void draw_trace_file_dialogs(App& app) {
    static std::string saving;  // the name of a save under way, downloaded once it is written
    Session& s = app.session;
    if (app.open_dialog) {
        app.open_dialog = false;
        browser::pick_trace_file();
    }
    if (app.save_dialog && s.trace && saving.empty()) {
        std::error_code ec;
        std::filesystem::create_directories("/downloads", ec);
        saving = "scanlab-" + std::string(name(s.trace->trace.algorithm)) + ".json";
        s.save_trace("/downloads/" + saving);
    }
    app.save_dialog = false;
    if (!saving.empty() && !s.save_task.pending) {
        if (s.save_task.failure.empty()) {
            browser::download("/downloads/" + saving, saving, "application/json");
            s.status = "the trace downloads as " + saving + " (the browser's downloads)";
        }
        saving.clear();
    }
}

}  // namespace scanlab::gui
