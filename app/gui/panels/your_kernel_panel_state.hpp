#pragma once
// Held by App (app.hpp) beside the other panels' state; the panel reads and writes it.
#include <optional>

namespace scanlab::gui {

struct KernelStarter;

// The Your kernel panel's own state (your_kernel_panel.cpp; the editor itself lives there). The
// document and its run are the model's (session.your_kernel).
struct YourKernelPanelState {
    bool shown = false;  // open last frame
    bool focused = false;  // it has focus: Ctrl+Enter runs the kernel, Ctrl+S and Ctrl+O are its files'
    bool open_dialog = false;  // requests for its Open and Save dialogs
    bool save_dialog = false;
    bool presented = false;  // the presentation layout was built with the panel open
    // Normal mode: whether the layout on screen was built with the panel open (unset: the saved
    // layout, as the user left it). Closing the panel builds the first layout again.
    std::optional<bool> laid_out;
    const KernelStarter* pending_starter = nullptr;  // picked over unsaved edits: asked about first
};

}  // namespace scanlab::gui
