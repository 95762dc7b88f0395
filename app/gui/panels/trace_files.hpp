#pragma once
// The path dialogs (trace_files.cpp): the trace files' Open and Save, and the look other files'
// dialogs share.
#include <functional>
#include <string>
#include <vector>

#include "app/gui/model/session.hpp"

namespace scanlab::gui {

struct App;

// The state of a path dialog (trace_files.cpp): the path typed, the folder listed.
struct FileDialogState {
    std::string path;
    std::string folder;
    std::vector<std::string> entries;  // sub-folders end with '/'
    std::string listed;
    double listed_at = 0;  // ImGui time of the listing: files written since show up
    bool asked = false;  // an open or save of `path` was started from this dialog
    bool failure_seen = false;  // its failure was shown (the path field took the focus for it)
    bool enter_waiting = false;  // Enter was pressed; the characters typed before it are still arriving
};

void draw_trace_file_dialogs(App& app);
// The file dialogs' look for another kind of file (the Your kernel panel's .cu files): the folder's
// files ending in `extension` listed, `hint` over the path, `suggested` the path it opens with
// (else the last one). `start` opens or saves; the task says how that went.
void file_dialog(App& app, const char* title, const char* action, FileDialogState& d, bool* open, const Session::FileTask& task,
                 const std::function<void(const std::string&)>& start, const char* extension, const char* hint,
                 const std::string& suggested);

}  // namespace scanlab::gui
