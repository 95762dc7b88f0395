#pragma once
// The Your kernel panel and the Grade report it shares with the Exercises tab.

namespace scanlab::gui {

struct App;

// The Your kernel panel (your_kernel_panel.cpp; the web edition's says in one line that it needs
// the desktop app).
void draw_your_kernel_panel(App& app);
// The last Grade's report (the Your kernel panel's, shown in the Exercises tab too): its progress
// and Cancel while it runs, then each check passed or failed, a failed one with its smallest
// failing input and a button that opens it as a run.
void draw_grade_report(App& app);

}  // namespace scanlab::gui
