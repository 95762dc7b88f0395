#pragma once
// The Lesson panel (lesson_panel.cpp).
#include <string>

namespace scanlab::gui {

struct App;

// The Lesson panel (lesson_panel.cpp), its Open dialog, and B's black screen over everything.
void draw_lesson_panel(App& app);
void draw_lesson_dialog(App& app);
// Opens the lesson at `path` on its first slide, the panel shown (or says why in the panel).
void open_lesson(App& app, const std::string& path);
// A lesson file opened as File > Open lesson opens it: the panel shown at its first slide. False,
// with app.lesson.error, where it could not be read.
bool open_lesson_file(App& app, const std::string& path);
void draw_black_screen(const App& app);
void end_lesson_markdown();  // the Markdown renderer's contexts freed, while the GL backend still lives

}  // namespace scanlab::gui
