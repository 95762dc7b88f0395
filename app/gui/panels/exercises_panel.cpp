// The Exercises panel: PMPP 3rd ed. chapter 9's exercises, one line each; the selected one's
// answer (core/exercises, the same text `scanlab exercise N` prints, computed on a worker by the
// model's ExerciseBook), and buttons that open the exercise's runs in the main view beside it.
// Keys while the panel has focus (keys.cpp): Up/Down choose an exercise, Enter opens its run.
#include <algorithm>

#include <imgui_internal.h>  // RenderTextEllipsis: a statement longer than the panel ends in "..."

#include "app/gui/app.hpp"
#include "app/gui/panels/exercises_panel.hpp"
#include "app/gui/panels/widgets.hpp"
#include "app/gui/panels/your_kernel_panel.hpp"

namespace scanlab::gui {
namespace {

void open_run(App& app, const RunSpec& spec) {
    app.session.open_run(spec);
    app.tab_request = Tab::steps;  // the Steps tab: the run's steps, beside the answer
}

// The run the selected exercise's answer speaks of, once the answer is in (none for exercise 9).
const RunSpec* main_run_of(const ExerciseBook& book) {
    const ExerciseResult* r = book.result(book.selected);
    if (!r || !r->answer || r->answer->main_run >= r->answer->runs.size()) return nullptr;
    return &r->answer->runs[r->answer->main_run];
}

// One exercise a row: the whole row selects it; a statement too long for the panel ends in an
// ellipsis, and the tooltip holds all of it. In a short panel the list scrolls, keeping the
// selected exercise in sight, so that the answer keeps most of the height.
void exercise_list(App& app) {
    ExerciseBook& book = app.session.exercises;
    const float line = ImGui::GetTextLineHeight();
    const float row = ImGui::GetTextLineHeightWithSpacing();
    const float whole = row * float(chapter9_exercises().size()) + ImGui::GetStyle().WindowPadding.y;
    const float height = std::min(whole, std::max(row * 3, ImGui::GetContentRegionAvail().y * 0.35f));
    ImGui::BeginChild("exercises", ImVec2(0, height));
    for (const Exercise& e : chapter9_exercises()) {
        const std::string label = std::to_string(e.number) + ".  " + std::string(e.statement);
        ImGui::PushID(e.number);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float w = ImGui::GetContentRegionAvail().x;
        if (ImGui::Selectable("##exercise", book.selected == e.number, 0, ImVec2(w, line))) book.selected = e.number;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Exercise %d: %s\n(%s)", e.number, std::string(e.statement).c_str(), std::string(e.fourth_edition).c_str());
        ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), at, ImVec2(at.x + w, at.y + line), at.x + w, label.c_str(), nullptr, nullptr);
        if (book.selected == e.number && app.exercises_panel.in_view != e.number) {
            ImGui::SetScrollHereY();
            app.exercises_panel.in_view = e.number;
        }
        ImGui::PopID();
    }
    ImGui::EndChild();
}

// The answer line by line: prose wraps to the panel; indented lines (tables, states, listings,
// commands) are in the monospace font and wrap under their own start. Each command that repeats
// a run has its own button that opens that run.
// A listing's line as the answers number it ("  7  code", " 12  code"): the length of its
// number and the two spaces after it, else 0.
size_t listing_number_width(std::string_view line) {
    const size_t lead = line.find_first_not_of(' ');
    if (lead == std::string_view::npos || lead > 3) return 0;
    const size_t digits = line.find_first_not_of("0123456789", lead);
    if (digits == std::string_view::npos || digits == lead || digits - lead > 4 || line.compare(digits, 2, "  ") != 0) return 0;
    return digits + 2;
}

void answer_text(App& app, const ExerciseResult& r) {
    const ExerciseAnswer& a = *r.answer;
    size_t start = 0;
    while (start < r.text.size()) {
        size_t end = r.text.find('\n', start);
        if (end == std::string::npos) end = r.text.size();
        const std::string line = r.text.substr(start, end - start);
        start = end + 1;
        const size_t number = listing_number_width(line);
        if (line.rfind("  ", 0) != 0 && number == 0) {
            ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x);
            ImGui::TextWrapped("%s", line.c_str());
            ImGui::PopTextWrapPos();
            continue;
        }
        bool command = false;
        for (size_t i = 0; i < a.commands.size() && i < a.runs.size(); ++i) {
            if (line != "  " + a.commands[i]) continue;
            ImGui::PushID(int(i));
            if (ImGui::SmallButton("open")) open_run(app, a.runs[i]);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("open this run in the main view");
            ImGui::PopID();
            ImGui::SameLine();
            command = true;
        }
        ImGui::PushFont(app.mono(), 0.0f);
        // Every line wraps to the panel, never under a scrollbar: a command after its button (what
        // tells the runs apart, their N, is at the end); a listing's line under its code, right of
        // its number, as the source pane wraps it; a table's row under its own start.
        std::string_view text = std::string_view(line).substr(command ? 2 : 0);
        if (!command) {
            const size_t lead = number > 0 ? number : text.find_first_not_of(' ');
            if (lead != std::string_view::npos && lead > 0) {
                ImGui::TextUnformatted(text.data(), text.data() + lead);
                ImGui::SameLine(0, 0);
                text.remove_prefix(lead);
            }
        }
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 8));
        ImGui::TextUnformatted(text.data(), text.data() + text.size());
        ImGui::PopTextWrapPos();
        ImGui::PopFont();
    }
}

// An exercise that asks for a kernel (one with a starter): its answer is that kernel's listing, so
// it stays closed until asked for, on the web as on the desktop.
bool answer_closes(int exercise) { return starter_for_exercise(exercise) != nullptr; }

// Its starter, where the student can write the kernel here (Try it yourself). The web edition
// compiles no kernel: there the student writes it in the desktop app or on paper.
const KernelStarter* starter_of(int exercise) {
#if defined(__EMSCRIPTEN__)
    (void)exercise;
    return nullptr;
#else
    return starter_for_exercise(exercise);
#endif
}

bool answer_shown(const App& app, int exercise) { return !answer_closes(exercise) || (app.layout.answers_shown >> exercise & 1); }

void try_it_yourself(App& app, int exercise) {
    app.session.your_kernel.try_exercise(app.session, exercise);
    app.layout.show_your_kernel = true;
    app.your_kernel_panel.shown = false;  // in front, even where it was open behind another tab
}

}  // namespace

void select_next_exercise(App& app, int delta) {
    ExerciseBook& book = app.session.exercises;
    book.selected = std::clamp(book.selected + delta, 1, int(chapter9_exercises().size()));
}

void open_selected_exercise_run(App& app) {
    const int selected = app.session.exercises.selected;
    // With its answer closed, Enter tries the exercise rather than opening the answer's run (where
    // it can be tried: the web edition has no kernel to try it with, and Enter waits for the answer).
    if (!answer_shown(app, selected)) {
        if (starter_of(selected)) try_it_yourself(app, selected);
        return;
    }
    if (const RunSpec* run = main_run_of(app.session.exercises)) open_run(app, *run);
}

namespace {

// The exercise's buttons: Try it yourself and Grade my kernel (an exercise that asks for a kernel),
// Show or Hide the answer, Open this run.
void draw_answer_buttons(App& app, const ExerciseAnswer& answer, const KernelStarter* starter, bool shown, const RunSpec* main_run) {
    Session& s = app.session;
    ExerciseBook& book = s.exercises;
    const bool closes = answer_closes(book.selected);
    if (starter) {
        if (ImGui::Button("Try it yourself")) try_it_yourself(app, book.selected);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("write the kernel yourself: %s in the Your kernel panel, with this exercise's input%s", starter->file,
                              shown ? "" : " (Enter)");
    }
    if (starter) {
        // Grade: the Your kernel panel's text held to this exercise, as `scanlab grade` holds a file.
        const bool grading = s.your_kernel.grading.running();
        flow(ImGui::CalcTextSize("Grade my kernel").x + ImGui::GetStyle().FramePadding.x * 2);
        ImGui::BeginDisabled(grading);
        if (ImGui::Button("Grade my kernel")) {
            if (!s.your_kernel.starter || s.your_kernel.starter->exercise != book.selected) s.your_kernel.grade_exercise = book.selected;
            s.your_kernel.grade(book.selected);
            app.layout.show_your_kernel = true;  // its editor is where a failing input is opened and fixed
        }
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip(
                "the text in the Your kernel panel (%s), on hidden inputs of many sizes, every type and operator, several "
                "warp and block schedules, held to the correct scan, to no findings and to the chapter's work",
                s.your_kernel.name.c_str());
    }
    if (closes) {
        const uint32_t bit = uint32_t(1) << book.selected;
        if (starter) flow(ImGui::CalcTextSize(shown ? "Hide the answer" : "Show the answer").x + ImGui::GetStyle().FramePadding.x * 2);
        if (ImGui::Button(shown ? "Hide the answer" : "Show the answer")) app.layout.answers_shown ^= bit;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", shown ? "close it again: try first, compare after" : "the kernel that answers it, and its run");
    }
    if (main_run && shown) {
        if (closes) flow(ImGui::CalcTextSize("Open this run").x + ImGui::GetStyle().FramePadding.x * 2);
        if (ImGui::Button("Open this run")) open_run(app, *main_run);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\nin the main view (Enter)", answer.commands[answer.main_run].c_str());
    } else if (!main_run) {
        ImGui::TextDisabled("This exercise runs no scan: it reads the GPUs' limits.");
    }
}

}  // namespace

void draw_exercises_panel(App& app) {
    Session& s = app.session;
    ExerciseBook& book = s.exercises;
    const std::vector<Exercise>& all = chapter9_exercises();
    if (book.selected < 1 || book.selected > int(all.size())) book.selected = 1;

    const ExerciseResult* r = book.result(book.selected);
    const ExerciseAnswer* answer = r && r->answer ? &*r->answer : nullptr;
    const RunSpec* main_run = main_run_of(book);
    // Up/Down and Enter reach the panel through the shortcuts (keys.cpp) while it has focus.
    app.exercises_panel.focused = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    // Every frame: cheap once the answer is in, and it follows a change of the backend menu.
    book.select(book.selected, s.form.backend);

    const bool shown = answer_shown(app, book.selected);
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(shown                       ? "Up/Down choose, Enter opens the run"
                        : starter_of(book.selected) ? "Up/Down choose, Enter tries it yourself"
                                                    : "Up/Down choose; write the kernel, then Show the answer");
    ImGui::PopTextWrapPos();
    exercise_list(app);
    ImGui::Separator();

    if (book.computing(book.selected)) {
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
        ImGui::SameLine();
        ImGui::TextUnformatted("running the exercise's scans ...");
    }
    if (r && !r->error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
        ImGui::PushTextWrapPos(0);
        ImGui::Text("\xE2\x9C\x97 %s", r->error.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    if (!answer) return;
    // An exercise that asks for a kernel: its starter in the Your kernel panel, with its run, first;
    // its answer (the kernel's listing and the run that executes it) behind a button.
    const KernelStarter* starter = starter_of(book.selected);
    draw_answer_buttons(app, *answer, starter, shown, main_run);
    // The grade of this exercise, while it runs and after.
    if (starter &&
        (s.your_kernel.grading.running() ? s.your_kernel.grade_exercise == book.selected
                                         : s.your_kernel.grading.graded && s.your_kernel.grading.graded->exercise == book.selected))
        draw_grade_report(app);
    // The rest of the panel, but never under eight lines (a very short panel scrolls instead).
    const float height = std::max(ImGui::GetContentRegionAvail().y, ImGui::GetTextLineHeightWithSpacing() * 8);
    ImGui::BeginChild("answer", ImVec2(0, height), ImGuiChildFlags_Borders);
    if (shown) {
        answer_text(app, *r);
    } else {
        const Exercise& e = all[size_t(book.selected - 1)];
        ImGui::PushTextWrapPos(0);
        ImGui::Text("Exercise %d: %s", e.number, std::string(e.statement).c_str());
        ImGui::Spacing();
        ImGui::TextDisabled("%s", starter_of(book.selected)
                                      ? "The answer is closed: write the kernel first (Try it yourself), then Show the answer to compare."
                                      : "The answer is closed: write the kernel first (the desktop app's Your kernel panel runs it; "
                                        "here, on paper), then Show the answer to compare.");
        ImGui::PopTextWrapPos();
    }
    ImGui::EndChild();
}

}  // namespace scanlab::gui
