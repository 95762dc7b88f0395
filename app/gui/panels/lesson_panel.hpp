#pragma once
// The Lesson panel (lesson_panel.cpp).
#include <string>

namespace scanlab::gui {

struct App;

// The Lesson panel (lesson_panel.cpp), its Open dialog, and B's black screen over everything.
void draw_lesson_panel(App& app);
void draw_lesson_dialog(App& app);
// Opens the lesson at `path` on its first slide, the panel shown (File > Open lesson, the
// Lesson menu, the offline page's lesson). False where it could not be read: app.lesson.error says
// why, and the panel shows it.
bool open_lesson(App& app, const std::string& path);
void draw_black_screen(const App& app);
void end_lesson_markdown();  // the Markdown renderer's contexts freed, while the GL backend still lives

}  // namespace scanlab::gui
