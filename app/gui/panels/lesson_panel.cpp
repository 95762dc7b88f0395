// The Lesson panel: a lesson's slides (core/course/), one at a time, with Back and Next (PageUp and
// PageDown, as a presenter's remote sends them), the list of slides with the checkpoints passed,
// the slide's prose with its numbers from its run, and its checkpoint. The slide's run is an
// ordinary run of the other panels; B blacks the screen out. The model is app.lesson.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include "app/gui/app.hpp"
#include "app/gui/model/lesson_words.hpp"
#include "app/gui/panels/lesson_panel.hpp"
#include "app/gui/panels/trace_files.hpp"
#include "app/gui/panels/widgets.hpp"
#include "core/input/run_link.hpp"

#include <imgui_stdlib.h>  // InputText on std::string (after imgui.h)
#if SCANLAB_RICH_MD
#include <map>

#include "imgui_rich_md/rich_md.h"
#endif

namespace scanlab::gui {
namespace {

#if SCANLAB_RICH_MD
// One Markdown context per text size (the window's, presenting's, Ctrl +/-): its fonts are made for
// that size, and a context is never destroyed while a frame may still draw with its fonts.
std::map<int, RichMd::Context*>& markdown_contexts() {
    static std::map<int, RichMd::Context*> contexts;
    return contexts;
}

// The prose in the app's own faces, DejaVu Sans and, for code, DejaVu Sans Mono (the Source pane's):
// the Roboto that imgui_rich_md embeds has no arrow (the deed lines' "→" drew as a box) and set the
// slides apart from the rest of the window. Its four styles, asked for as
// BASE-{Regular,Bold,RegularItalic,BoldItalic}.ttf, are DejaVu's files; any other asset is the
// library's own. The page carries the same files at the same paths (app/web/page.cmake).
constexpr const char* kDejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans";
constexpr const char* kDejaVuSansMono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";

RichMd::AssetBytes read_asset(const std::string& path) {
    const bool code = path == "fonts/Inconsolata-Medium.ttf" && std::filesystem::exists(kDejaVuSansMono);
    if (!code && !path.starts_with(kDejaVuSans)) return RichMd::ReadAssetDefault(path);
    std::string file = code ? kDejaVuSansMono : path;
    for (const auto& [asked, there] : {std::pair<std::string, std::string>{"-Regular.ttf", ".ttf"},
                                       {"-RegularItalic.ttf", "-Oblique.ttf"},
                                       {"-BoldItalic.ttf", "-BoldOblique.ttf"},
                                       {"-Bold.ttf", "-Bold.ttf"}})
        if (path.ends_with(asked)) file = path.substr(0, path.size() - asked.size()) + there;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void slide_prose(const std::string& markdown) {
    RichMd::Context*& c = markdown_contexts()[int(ImGui::GetFontSize() + 0.5f)];
    if (!c) {
        RichMd::MarkdownOptions options;
        options.fontOptions.regularSize = float(int(ImGui::GetFontSize() + 0.5f));
        if (std::filesystem::exists(std::string(kDejaVuSans) + ".ttf")) {
            RichMd::HostServices host = RichMd::GetHostServices();
            host.ReadAsset = read_asset;
#if defined(__EMSCRIPTEN__)
            // The page's bold and italic faces hold only the characters a slide writes
            // (app/web/lesson_fonts.cmake): any other is drawn from the regular face, merged into each.
            host.DefaultMergeFonts = [] { return std::vector<std::string>{std::string(kDejaVuSans) + ".ttf"}; };
#endif
            RichMd::SetHostServices(host);
            options.fontOptions.fontBasePath = kDejaVuSans;
        }
        c = RichMd::CreateContext(options);
    }
    RichMd::SetCurrentContext(c);
    RichMd::Render(markdown);
}
#else
// Built without imgui_rich_md (its sources could not be fetched): the prose as wrapped text, a
// paragraph a line, headings larger.
void slide_prose(const std::string& markdown) {
    size_t at = 0;
    while (at < markdown.size()) {
        const size_t end = std::min(markdown.find('\n', at), markdown.size());
        const std::string line = markdown.substr(at, end - at);
        at = end + 1;
        if (line.empty()) {
            ImGui::Spacing();
            continue;
        }
        const bool heading = line[0] == '#';
        if (heading) ImGui::PushFont(nullptr, ImGui::GetFontSize() * 1.3f);
        ImGui::TextWrapped("%s", heading ? line.substr(line.find_first_not_of("# ")).c_str() : line.c_str());
        if (heading) ImGui::PopFont();
    }
}
#endif

// The player's word in the open lesson's language.
const char* word(const App& app, LessonWord w) { return lesson_word(w, app.lesson.lesson ? app.lesson.lesson->language : "en"); }

void dim_wrapped(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

// A slide's name in the list: its first heading, else its first words.
std::string slide_name(const PreparedSlide& s) {
    const size_t heading = s.markdown.rfind("\n#", 0) == 0 || s.markdown.rfind("#", 0) == 0 ? 0 : s.markdown.find("\n#");
    const size_t from = heading == std::string::npos ? 0 : s.markdown.find_first_not_of("\n# ", heading);
    const std::string line = s.markdown.substr(from, s.markdown.find('\n', from) - from);
    return line.size() > 40 ? line.substr(0, 37) + "..." : line;
}

// A mark for each slide with a checkpoint: passed, tried and not yet passed, or not tried.
const char* mark(const std::optional<CheckpointRecord>& r) {
    if (!r) return "   ";
    return r->right ? "[x]" : r->attempted() ? "[!]" : "[ ]";
}

void slide_list(App& app) {
    LessonPlayer& p = app.lesson;
    const float height = std::max(ImGui::GetTextLineHeightWithSpacing() * 4, ImGui::GetContentRegionAvail().y * 0.22f);
    ImGui::BeginChild("slides", ImVec2(0, height), ImGuiChildFlags_Borders);
    std::string section;
    for (size_t k = 0; k < p.slides.size(); ++k) {
        const Slide& s = p.lesson->slides[k];
        if (s.section != section) ImGui::TextDisabled("%s", (section = s.section).c_str());
        const std::string label = std::string(mark(p.progress->slides[k])) + " " + std::to_string(k + 1) + ". " + slide_name(p.slides[k]) +
                                  "##slide" + std::to_string(k);
        if (ImGui::Selectable(label.c_str(), k == p.slide)) p.go(k, app.session);
        // The slide shown in sight when another slide is shown (PageDown, a link) or the list is
        // another window's (presenting): for a few frames, while a new window's layout settles.
        static std::pair<size_t, ImGuiID> in_sight{size_t(-1), 0};
        static int since = 0;
        if (k == p.slide) {
            const std::pair<size_t, ImGuiID> here{p.slide, ImGui::GetID("in sight")};
            if (here != in_sight) in_sight = here, since = ImGui::GetFrameCount();
            if (ImGui::GetFrameCount() - since < 3) ImGui::SetScrollHereY();
        }
    }
    ImGui::EndChild();
}

// The grade of the slide's checkpoint so far: right or not yet, why, the tries and the answer once attempted.
void grade_lines(App& app) {
    LessonPlayer& p = app.lesson;
    const std::optional<CheckpointRecord>& r = p.progress->slides[p.slide];
    if (const std::optional<Grade>& g = p.graded[p.slide]) {
        ImGui::TextColored(g->right ? ImVec4(0.3f, 0.8f, 0.4f, 1) : ImVec4(0.95f, 0.45f, 0.35f, 1), "%s",
                           word(app, g->right ? LessonWord::right : LessonWord::not_yet));
        if (!g->right && !g->reason.empty()) ImGui::TextWrapped("%s", g->reason.c_str());
    }
    if (r && r->attempted())
        ImGui::TextWrapped("%s: %d.  %s: %s", word(app, LessonWord::tries), r->tries, word(app, LessonWord::run_answer),
                           p.slides[p.slide].answer.text.c_str());
    else
        dim_wrapped(word(app, LessonWord::answer_closed));
}

// "Write this kernel": the exercise's starter in the Your kernel panel, graded as `scanlab grade`
// grades a file. The web edition compiles no kernel and says so in one line.
void kernel_checkpoint(App& app, const Checkpoint& c) {
    LessonPlayer& p = app.lesson;
    if (!kernel_grading_available()) {
        dim_wrapped("Writing this kernel is graded in the desktop app (scanlab), whose Your kernel panel compiles and runs it.");
        return;
    }
    if (ImGui::Button(("Open exercise " + std::to_string(c.exercise) + "'s starter").c_str()) && p.open_kernel_starter(app.session)) {
        app.layout.show_your_kernel = true;
        app.your_kernel_panel.shown = false;  // in front, even where it was open behind another tab
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("in the Your kernel panel, unless it already holds this exercise's kernel");
    flow(ImGui::CalcTextSize(word(app, LessonWord::check)).x + ImGui::GetStyle().FramePadding.x * 2);
    ImGui::BeginDisabled(app.session.your_kernel.grading.running() || app.session.your_kernel.text.empty());
    if (ImGui::Button(word(app, LessonWord::check))) p.grade_kernel(app.session);
    ImGui::EndDisabled();
    if (p.grading_kernel()) {
        ImGui::SameLine();
        spinner(ImGui::GetFontSize() * 0.4f, ImGui::GetColorU32(ImGuiCol_Text));
        ImGui::SameLine();
        ImGui::TextDisabled("grading the Your kernel panel's text on hidden inputs");
    }
    grade_lines(app);
    if (!p.kernel_report.empty()) ImGui::TextUnformatted(p.kernel_report.c_str());
}

void checkpoint(App& app) {
    LessonPlayer& p = app.lesson;
    const Slide& s = p.lesson->slides[p.slide];
    if (!s.checkpoint) return;
    const Checkpoint& c = *s.checkpoint;
    ImGui::SeparatorText(word(app, LessonWord::checkpoint));
    ImGui::TextWrapped("%s", p.slides[p.slide].question.c_str());
    std::string& typed = p.typed[p.slide];
    bool submit = false;
    if (c.kind == Checkpoint::Kind::kernel) return kernel_checkpoint(app, c);
    if (c.kind == Checkpoint::Kind::choice) {
        for (size_t i = 0; i < c.options.size(); ++i) {
            const std::string n = std::to_string(i + 1);
            // The option's text wraps beside its button: a long option is read whole in a narrow panel.
            if (ImGui::RadioButton(("##option" + n).c_str(), typed == n)) typed = n;
            ImGui::SameLine();
            ImGui::TextWrapped("%s. %s", n.c_str(), c.options[i].text.c_str());
        }
    } else {
        const float check =
            ImGui::CalcTextSize(word(app, LessonWord::check)).x + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x;
        ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * 14, ImGui::GetContentRegionAvail().x - check));
        const char* hint = word(app, c.kind == Checkpoint::Kind::number ? LessonWord::number_hint : LessonWord::cells_hint);
        submit = ImGui::InputTextWithHint("##answer", hint, &typed, ImGuiInputTextFlags_EnterReturnsTrue);
        ImGui::SameLine();
    }
    if (ImGui::Button(word(app, LessonWord::check)) || submit) p.check(typed);
    grade_lines(app);
}

// The view a slide opens (::: view), once as it opens: a tab of the trace, or a panel shown and in
// front. The student may look elsewhere afterwards.
void open_slide_view(App& app) {
    const std::string v = std::exchange(app.lesson.view_request, "");
    Layout& l = app.layout;
    if (v.empty()) return;
    for (const TabInfo& t : kTabs)
        if (v == kLinkViews[size_t(t.tab)]) app.tab_request = t.tab;
    if (v == "fig9.10") l.show_fig910 = true, app.panel_to_front = "Figure 9.10";
    if (v == "source") l.show_source = true, app.panel_to_front = "Source";
    if (v == "exercises") l.show_exercises = true;
    if (v == "kernel") l.show_your_kernel = true;
}

void no_lesson(App& app) {
    ImGui::TextWrapped("No lesson is open. A lesson drives the runs slide by slide and asks you questions on the way.");
#if !defined(__EMSCRIPTEN__)  // the page reads no file by its path: it offers the lessons it carries
    if (ImGui::Button("Open lesson...")) app.lesson_dialog = true;
#endif
    for (const std::string& path : shipped_lessons())
        if (ImGui::Button(("Open " + std::filesystem::path(path).filename().string()).c_str())) open_lesson(app, path);
    if (!app.lesson.error.empty()) ImGui::TextWrapped("%s", app.lesson.error.c_str());
}

}  // namespace

void draw_lesson_panel(App& app) {
    LessonPlayer& p = app.lesson;
    p.follow(app.session);
    open_slide_view(app);
    if (!p.is_open()) return no_lesson(app);
    const Slide& s = p.lesson->slides[p.slide];
    ImGui::TextWrapped("%s", p.lesson->title.c_str());
    const std::string of = std::string(" ") + word(app, LessonWord::of) + " ";
    std::string place = word(app, LessonWord::slide);
    place.append(" ").append(std::to_string(p.slide + 1)).append(of).append(std::to_string(p.slides.size()));
    if (!s.section.empty()) place.append("  ·  ").append(s.section);  // (append: GCC 12 warns falsely on + here)
    dim_wrapped(place);
    ImGui::Text("%s: %d%s%d %s", word(app, LessonWord::score), p.progress->right(), of.c_str(), p.progress->checkpoints(),
                word(app, LessonWord::checkpoints));
    // Where the lesson is not in English, the player says that the generated explanations still are.
    if (*word(app, LessonWord::english_explanations)) dim_wrapped(word(app, LessonWord::english_explanations));
    ImGui::BeginDisabled(p.slide == 0);
    if (ImGui::Button(word(app, LessonWord::back))) p.back(app.session);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(p.slide + 1 >= p.slides.size());
    if (ImGui::Button(word(app, LessonWord::next))) p.next(app.session);
    ImGui::EndDisabled();
    if (!p.run_on_screen(app.session) && !app.session.busy()) {
        ImGui::SameLine();
        if (ImGui::Button(word(app, LessonWord::back_to_lesson))) p.go(p.slide, app.session);
    }
    if (!p.error.empty()) ImGui::TextWrapped("%s", p.error.c_str());
    if (!p.save_error.empty()) ImGui::TextWrapped("%s", p.save_error.c_str());
    slide_list(app);
    ImGui::BeginChild("slide");
    slide_prose(p.slides[p.slide].markdown);
    checkpoint(app);
    ImGui::EndChild();
}

void end_lesson_markdown() {
#if SCANLAB_RICH_MD
    for (auto& [size, c] : markdown_contexts()) RichMd::DestroyContext(c);
    markdown_contexts().clear();
#endif
}

void draw_black_screen(const App& app) {
    if (!app.lesson.black) return;
    ImGuiViewport* v = ImGui::GetMainViewport();
    ImGui::GetForegroundDrawList(v)->AddRectFilled(v->Pos, ImVec2(v->Pos.x + v->Size.x, v->Pos.y + v->Size.y), IM_COL32(0, 0, 0, 255));
}

bool open_lesson(App& app, const std::string& path) {
    app.show_lesson = true;  // its error, if any, shown in the panel
    if (!app.lesson.open(path)) return false;
    app.lesson.go(0, app.session);
    return true;
}

void draw_lesson_dialog(App& app) {
#if defined(__EMSCRIPTEN__)  // the page opens the lessons it carries from its menu, never a path
    (void)app;
#else
    static FileDialogState state;
    const Session::FileTask task{false, app.lesson.error};
    file_dialog(
        app, "Open lesson", "Open", state, &app.lesson_dialog, task, [&](const std::string& path) { open_lesson(app, path); }, ".md",
        "A lesson: Markdown slides with ::: directives (docs/lessons.md).", std::string(SCANLAB_LESSONS) + "/");
#endif
}

}  // namespace scanlab::gui
