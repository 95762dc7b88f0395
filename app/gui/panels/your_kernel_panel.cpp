// The Your kernel panel: a student's .cu file in a source editor (ImGuiColorTextEdit, C++ with
// CUDA's words), opened from a file or a starter, saved atomically, and Run: compiled and traced on
// a worker with the controls' run (YourKernelModel::run), its trace then in every tab. Under the
// editor, what the run said: the findings (a click shows the step, marks the line and the cell),
// the compiler's messages (a click shows the line), or the one sentence of a run that did not end.
#include <algorithm>

#include <filesystem>

#include <TextEditor.h>
#include <imgui_internal.h>  // RenderTextEllipsis: a long name or run ends in "..."

#include "app/gui/app.hpp"
#include "app/gui/model/numbers.hpp"
#include "app/gui/model/schedule_menu.hpp"
#include "app/gui/panels/trace_files.hpp"
#include "app/gui/panels/widgets.hpp"
#include "app/gui/panels/your_kernel_panel.hpp"
#include "core/algorithms/table.hpp"
#include "core/input/run_options.hpp"
#include "core/number_text.hpp"

namespace scanlab::gui {
namespace {

// C++ with what the kernel tracer's shim gives a kernel (docs/your-kernel.md).
const TextEditor::Language* cuda_language() {
    static const TextEditor::Language cuda = [] {
        TextEditor::Language l = *TextEditor::Language::Cpp();
        l.name = "CUDA C++";
        for (const char* k : {"__global__", "__device__", "__host__", "__shared__", "__forceinline__", "__restrict__", "__syncthreads",
                              "__threadfence", "__threadfence_block"})
            l.keywords.insert(k);
        for (const char* id : {"threadIdx",
                               "blockIdx",
                               "blockDim",
                               "gridDim",
                               "warpSize",
                               "atomicAdd",
                               "atomicSub",
                               "atomicExch",
                               "atomicMax",
                               "atomicMin",
                               "atomicCAS",
                               "cudaMalloc",
                               "cudaFree",
                               "cudaMemcpy",
                               "cudaMemset",
                               "cudaDeviceSynchronize",
                               "cudaGetLastError",
                               "cudaGetErrorString",
                               "SECTION_SIZE",
                               "IDENTITY",
                               "op",
                               "T",
                               "printf"})
            l.identifiers.insert(id);
        return l;
    }();
    return &cuda;
}

// The editor and what it was last given: it lives with the panel, as a Dear ImGui demo window's
// state does; the document itself is the model's.
struct EditorState {
    TextEditor editor;
    uint64_t text_version = ~uint64_t(0);
    size_t undo_index = 0;
    uint64_t shown_version = 0;
    const void* marked_report = nullptr;  // the report (and selection) the markers were set for
    int marked_selection = -2;
    FileDialogState open_dialog, save_dialog;
    EditorState() {
        editor.SetLanguage(cuda_language());
        editor.SetPalette(TextEditor::GetDarkPalette());
        editor.SetTabSize(4);
        editor.SetInsertSpacesOnTabs(true);
        editor.SetShowWhitespacesEnabled(false);
        // A narrow panel wraps a long line rather than hiding its end.
        editor.SetWordWrapEnabled(true);
    }
};
EditorState& editor_state() {
    static EditorState s;
    return s;
}

void error_text(const App& app, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
    ImGui::PushTextWrapPos(0);
    ImGui::Text("\xE2\x9C\x97 %s", text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

// "preset fig9.10 · int32 · sum · inclusive · warps of 32, in-order · launched as kogge-stone"
std::string run_summary(const Session& s) {
    const Form& f = s.form;
    const InputSpec& in = f.input;
    std::string input = in.source == InputSource::preset   ? "preset " + in.preset
                        : in.source == InputSource::random ? grouped(in.random_n) + " random values (seed " + std::to_string(in.seed) + ")"
                        : in.source == InputSource::file   ? "file " + in.file
                                                           : "the typed values";
    const ScanRequest& q = f.request;
    const YourKernel& k = s.your_kernel;
    // A kernel of its own type scans that type, whatever the menu says. The text is searched again
    // only when it changes (the summary is drawn every frame; the search is a regular expression).
    static std::string searched;
    static std::optional<std::string> own;
    if (k.text != searched) own = kernel_tracer::kernel_type_in(k.text), searched = k.text;
    const std::string type = own ? *own + " (the kernel's own)" : type_text(q.type);
    std::string launch = k.block_dim > 0 ? std::to_string(k.block_dim) + " threads a block" : "launched as " + std::string(name(k.like));
    if (k.grid_dim > 0) launch += ", " + std::to_string(k.grid_dim) + " blocks";
    if (k.block_schedule.kind != BlockSchedule::Kind::in_order) launch += ", blocks " + k.block_schedule.text();
    return input + " · " + type + " · " + op_text(q.op) + " · " + (q.exclusive ? "exclusive" : "inclusive") + " · warps of " +
           std::to_string(q.warp_width) + ", " + q.schedule.text() + " · " + launch;
}

// A button laid beside the last, or on a new line where it would not fit.
bool flowing_button(const char* label, bool first = false) {
    if (!first) flow(ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2);
    return ImGui::Button(label);
}

// The order the kernel's blocks run in, one after another: the run options' --block-schedule,
// labelled as its row labels it (core/input/run_options.cpp).
void block_schedule_choice(YourKernel& k) {
    static const std::string label(find_option_by_flag("--block-schedule")->label);
    ImGui::TextUnformatted("Its blocks run one after another, in this order");
    ImGui::TextDisabled("(a kernel that relies on blockIdx order is WRONG where a later block runs first)");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    const ScheduleMenu menu = schedule_menu(k.block_schedule);
    if (ImGui::BeginCombo(label.c_str(), menu.entries[size_t(menu.current)].c_str())) {
        for (size_t i = 0; i < menu.entries.size(); ++i)
            if (ImGui::Selectable(menu.entries[i].c_str(), int(i) == menu.current))
                k.block_schedule = schedule_chosen(k.block_schedule, int(i));
        ImGui::EndCombo();
    }
    if (k.block_schedule.kind == BlockSchedule::Kind::random) {
        int seed = int(k.block_schedule.seed);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
        if (ImGui::InputInt("block seed", &seed)) k.block_schedule.seed = uint64_t(std::max(0, seed));
    }
}

// The launch: the algorithm the kernel is meant to be, or a block and grid of one's own.
void launch_popup(YourKernel& k) {
    if (!ImGui::BeginPopup("launch")) return;
    ImGui::TextUnformatted("Launched as the built-in algorithm it is meant to be");
    ImGui::TextDisabled("(its section, threads and grid for this input; its counts' formula)");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    if (ImGui::BeginCombo("as", std::string(name(k.like)).c_str())) {
        for (Algorithm a : all_algorithms())
            if (!algorithm_info(a).event_scheduled() && ImGui::Selectable(std::string(name(a)).c_str(), a == k.like)) k.like = a;
        ImGui::EndCombo();
    }
    ImGui::TextUnformatted("or with a launch of your own (0: as above)");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    if (ImGui::InputInt("threads a block (block dim)", &k.block_dim, 0)) k.block_dim = std::clamp(k.block_dim, 0, 1024);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    int grid = int(k.grid_dim);
    if (ImGui::InputInt("blocks (grid dim)", &grid, 0)) k.grid_dim = std::clamp(grid, 0, 65536);
    block_schedule_choice(k);
    ImGui::EndPopup();
}

// A starter picked over unsaved edits: replace them, or keep editing (nothing is lost unasked).
void discard_edits_popup(App& app) {
    const KernelStarter*& pending = app.your_kernel_panel.pending_starter;
    if (pending && !ImGui::IsPopupOpen("Discard your edits?")) ImGui::OpenPopup("Discard your edits?");
    if (!ImGui::BeginPopupModal("Discard your edits?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    const YourKernel& k = app.session.your_kernel;
    ImGui::Text("%s has edits that are not saved.", k.name.c_str());
    ImGui::Text("Opening the starter \"%s\" replaces them.", pending ? pending->title : "");
    if (ImGui::Button("Open the starter") && pending) {
        app.session.your_kernel.pick_starter(app.session, *pending);
        pending = nullptr;
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Keep my edits") || ImGui::IsKeyPressed(ImGuiKey_Escape)) {
        pending = nullptr;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

// Grade: the text held to Exercise 4 or 5 as `scanlab grade` holds a file (the starter's own
// exercise first); while it runs, Cancel.
void grade_button(App& app) {
    Session& s = app.session;
    if (s.your_kernel.grading.running()) {
        if (flowing_button("Cancel grading")) s.your_kernel.grading.cancel();
        return;
    }
    if (flowing_button("Grade...")) ImGui::OpenPopup("grade");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("hold the text to an exercise on hidden inputs, every type and operator, several schedules (scanlab grade)");
    if (!ImGui::BeginPopup("grade")) return;
    const KernelStarter* st = s.your_kernel.starter;
    for (const auto& [exercise, title] :
         {std::pair{4, "Exercise 4: the exclusive Kogge-Stone scan"}, std::pair{5, "Exercise 5: the hierarchical scan's host code"}})
        if (ImGui::Selectable(title, st && st->exercise == exercise)) s.your_kernel.grade(exercise);
    ImGui::EndPopup();
}

// One row of buttons (wrapping where the panel is narrow), the file's name, and what Run takes
// from the controls on one line.
void toolbar(App& app) {
    Session& s = app.session;
    YourKernel& k = s.your_kernel;
    if (k.running) {
        if (flowing_button("Cancel", true)) s.your_kernel.cancel_run(s);
        ImGui::SameLine();
        spinner(ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_Text));
    } else {
        if (flowing_button("Run", true)) s.your_kernel.run(s);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("compile the text below and trace it on the CPU with the controls' run (Ctrl+Enter)");
    }
    if (flowing_button("Starters")) ImGui::OpenPopup("starters");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("the book's exercises and kernels, each with one part left to write (assets/your-kernel/)");
    if (ImGui::BeginPopup("starters")) {
        // Over unsaved edits, a starter asks first: the edits would be lost.
        for (const KernelStarter& st : kernel_starters())
            if (ImGui::Selectable(st.title)) {
                if (k.edited())
                    app.your_kernel_panel.pending_starter = &st;
                else
                    s.your_kernel.pick_starter(s, st);
            }
        ImGui::EndPopup();
    }
    discard_edits_popup(app);
    if (flowing_button("Open...")) app.your_kernel_panel.open_dialog = true;
    if (flowing_button("Save")) {
        if (k.path.empty())
            app.your_kernel_panel.save_dialog = true;
        else
            s.your_kernel.save(s, k.path);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", k.path.empty() ? "choose where to keep it (Ctrl+S)" : ("to " + k.path + " (Ctrl+S)").c_str());
    if (flowing_button("Save as...")) app.your_kernel_panel.save_dialog = true;
    std::string launch = "Launch: " + (k.block_dim > 0 ? std::to_string(k.block_dim) + " a block" : std::string(name(k.like)));
    if (k.block_schedule.kind != BlockSchedule::Kind::in_order) launch += ", blocks " + k.block_schedule.text();
    if (flowing_button((launch + "##launch").c_str())) ImGui::OpenPopup("launch");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "the algorithm your kernel is meant to be (--like), or a block and grid of your own, and the order its blocks run in");
    launch_popup(k);
    grade_button(app);

    // The file's name, and what Run takes from the controls: a line each, a long one ending in an
    // ellipsis (whole on hover), so that the editor keeps the height.
    const std::string named = k.name + (k.dirty() ? "  (not saved)" : "");
    const std::string runs = "runs with " + run_summary(s);
    for (const std::string* text : {&named, &runs}) {
        const bool summary = text == &runs;
        if (summary && app.layout.presentation) break;  // presenting, the code has the room (Run's tooltip says it)
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float w = ImGui::GetContentRegionAvail().x;
        if (summary) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), at, ImVec2(at.x + w, at.y + ImGui::GetTextLineHeight()), at.x + w,
                                  text->c_str(), nullptr, nullptr);
        if (summary) ImGui::PopStyleColor();
        ImGui::Dummy(ImVec2(w, ImGui::GetTextLineHeight()));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", summary
                                        ? (*text + "\n(the input, type, operator, direction, warps and schedule are the controls')").c_str()
                                    : k.path.empty() ? (*text + ": Save asks where to keep it").c_str()
                                                     : k.path.c_str());
    }
    if (!k.restored.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().series_a));
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(k.restored.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    if (k.said_failed) error_text(app, k.said);
    const std::string absent = kernel_tracing_unavailable();
    if (!absent.empty()) error_text(app, absent);
}

// A list row that wraps: the whole row selects it.
bool wrapped_row(const char* id, const std::string& text, bool selected, ImU32 colour) {
    const float w = ImGui::GetContentRegionAvail().x;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, w);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const bool clicked = ImGui::Selectable(id, selected, 0, ImVec2(w, size.y));
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, colour, text.c_str(), nullptr, w);
    return clicked;
}

// The device check's line (docs/your-kernel.md): what the GPU gave beside the CPU run, or, where
// there is no nvcc or GPU, quietly why nothing was compared.
std::string device_text(const KernelReport& r) {
    if (r.device_checking) return "The device check: nvcc and the GPU, where this machine has them ...";
    if (!r.device_check || r.device_check->sentence.empty()) return "";
    const kernel_tracer::DeviceCheck& d = *r.device_check;
    return (d.skipped         ? ""
            : d.ran && d.same ? "\xE2\x9C\x93 "
                              : "\xE2\x9C\x97 ") +
           as_sentence(d.sentence) + (d.sanitizer.empty() ? "" : "\n" + as_sentence(d.sanitizer));
}

void device_line(const App& app, const KernelReport& r) {
    const std::string text = device_text(r);
    if (text.empty()) return;
    const kernel_tracer::DeviceCheck* d = r.device_check ? &*r.device_check : nullptr;
    if (r.device_checking) {
        spinner(ImGui::GetFontSize() * 0.4f, ImGui::GetColorU32(ImGuiCol_TextDisabled));
        ImGui::SameLine();
    }
    const bool quiet = r.device_checking || (d && d->skipped);
    ImGui::PushStyleColor(ImGuiCol_Text,
                          quiet ? ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]
                                : ImGui::ColorConvertU32ToFloat4(col(d->ran && d->same ? app.palette().formula : app.palette().error)));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

// The verdict line, first in the report: the palette's formula colour when the kernel is right and
// clean, the error colour otherwise (docs/your-kernel.md, "The verdict and the exit status").
void verdict_line(const App& app, const KernelReport& r) {
    if (r.verdict.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(col(r.verdict_clean ? app.palette().formula : app.palette().error)));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(r.verdict.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

// printf's lines, each with its step and thread, as `scanlab trace --kernel` prints them.
std::vector<std::string> printed_lines(const KernelReport& r) {
    std::vector<std::string> out;
    if (r.printed.empty()) return out;
    out.push_back("printf said (" + std::to_string(r.printed.size()) + (r.printed.size() == 1 ? " line):" : " lines):"));
    for (const kernel_tracer::Printed& p : r.printed)
        out.push_back((p.thread < 0 ? std::string("host code: ")
                                    : "step " + std::to_string(p.step) + ", thread " + std::to_string(p.thread) +
                                          (p.block > 0 ? " of block " + std::to_string(p.block) : std::string()) + ": ") +
                      p.text);
    return out;
}

// The grade's lines, roughly: its headline, a line a check, two more and a button a failed one.
float grade_height(const App& app) {
    const KernelGrading& g = app.session.your_kernel.grading;
    const float line = ImGui::GetTextLineHeightWithSpacing();
    if (g.running()) return ImGui::GetFrameHeightWithSpacing();
    if (!g.outcome) return 0;
    if (!g.outcome->grade) return line * 2;
    float h = line * 3;
    for (const kernel_tracer::GradeCheck& c : g.outcome->grade->checks)
        h += c.passed ? line : line * 3 + ImGui::GetFrameHeightWithSpacing();
    return h;
}

bool has_report(const App& app) {
    return app.session.your_kernel.report || app.session.your_kernel.grading.running() || app.session.your_kernel.grading.outcome;
}

float report_height(const App& app) {
    const YourKernel& k = app.session.your_kernel;
    if (!has_report(app)) return 0;
    const float gh = grade_height(app);
    if (!k.report) return gh + ImGui::GetStyle().WindowPadding.y * 2;
    const KernelReport& r = *k.report;
    const float w = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().WindowPadding.x * 2 - ImGui::GetStyle().ScrollbarSize;
    float h = gh + ImGui::GetStyle().WindowPadding.y * 2 + ImGui::CalcTextSize("x", nullptr, false, w).y * 2;
    if (!r.stopped.empty()) h += ImGui::CalcTextSize(("x " + r.stopped).c_str(), nullptr, false, w).y;
    if (r.needs_trust) h += ImGui::GetFrameHeightWithSpacing();
    if (k.offers_gpu_trust())
        h += ImGui::CalcTextSize(gpu_trust_sentence().c_str(), nullptr, false, w).y + ImGui::GetStyle().ItemSpacing.y +
             ImGui::GetFrameHeightWithSpacing();
    if (const std::string d = device_text(r); !d.empty())
        h += ImGui::CalcTextSize(("xx " + d).c_str(), nullptr, false, w).y + ImGui::GetStyle().ItemSpacing.y;
    for (const kernel_tracer::Finding& f : r.findings)
        h += ImGui::CalcTextSize(f.sentence.c_str(), nullptr, false, w).y + ImGui::GetStyle().ItemSpacing.y;
    for (const CompilerMessage& m : r.compiler)
        h += ImGui::CalcTextSize(m.text.c_str(), nullptr, false, w).y + ImGui::GetStyle().ItemSpacing.y;
    if (!r.verdict.empty()) h += ImGui::CalcTextSize(r.verdict.c_str(), nullptr, false, w).y + ImGui::GetStyle().ItemSpacing.y;
    for (const std::string& p : printed_lines(r))
        h += ImGui::CalcTextSize(p.c_str(), nullptr, false, w).y + ImGui::GetStyle().ItemSpacing.y;
    return h;
}

void report(App& app, float height) {
    Session& s = app.session;
    YourKernel& k = s.your_kernel;
    if (!has_report(app)) return;
    ImGui::BeginChild("report", ImVec2(0, height), ImGuiChildFlags_Borders);
    // The grade first while it runs or when it is the newer news; a run's report below it.
    draw_grade_report(app);
    if (!k.report) {
        ImGui::EndChild();
        return;
    }
    if (s.your_kernel.grading.running() || s.your_kernel.grading.outcome) ImGui::Separator();
    const KernelReport& r = *k.report;
    verdict_line(app, r);
    if (!r.stopped.empty()) error_text(app, r.stopped);
    if (r.needs_trust && !k.running && ImGui::Button("Run it without a sandbox: I wrote this file or trust it"))
        s.your_kernel.trust_and_run(s);
    if (r.traced) {
        const bool on_screen = s.trace && s.trace->trace.kernel.size();
        ImGui::PushTextWrapPos(0);
        if (r.findings.empty())
            ImGui::TextUnformatted(
                "No findings: no race, out-of-bounds access, read of unwritten shared memory or barrier some thread misses.");
        else
            ImGui::Text("%zu %s (click one: its step, its line, its cell):", r.findings.size(),
                        r.findings.size() == 1 ? "finding" : "findings");
        ImGui::PopTextWrapPos();
        if (!on_screen) ImGui::TextDisabled("(a later run replaced its trace on screen: Run again to see it)");
    }
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    for (size_t i = 0; i < r.findings.size(); ++i) {
        ImGui::PushID(int(i));
        if (wrapped_row("##finding", r.findings[i].sentence, k.selected_finding == int(i), text)) s.your_kernel.show_finding(s, int(i));
        ImGui::PopID();
    }
    if (!r.compiler.empty()) {
        ImGui::TextDisabled("The compiler's messages (click one: its line):");
        for (size_t i = 0; i < r.compiler.size(); ++i) {
            const CompilerMessage& m = r.compiler[i];
            const std::string line = m.line > 0 ? "line " + std::to_string(m.line) + ": " + m.text : m.text;
            ImGui::PushID(int(i + 100000));
            if (wrapped_row("##message", line, m.line > 0 && k.line_to_show == m.line, m.error ? col(app.palette().error) : text))
                s.your_kernel.show_compiler_message(int(i));
            ImGui::PopID();
        }
    }
    if (const std::vector<std::string> printed = printed_lines(r); !printed.empty()) {
        ImGui::TextDisabled("%s", printed.front().c_str());
        ImGui::PushTextWrapPos(0);
        for (size_t i = 1; i < printed.size(); ++i) ImGui::TextUnformatted(printed[i].c_str());
        ImGui::PopTextWrapPos();
    }
    // After the findings, which are the student's to click: the GPU's word on the same run.
    if (r.traced) device_line(app, r);
    if (k.offers_gpu_trust()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", gpu_trust_sentence().c_str());
        ImGui::PopTextWrapPos();
        if (ImGui::Button("Trust this file for the GPU check")) s.your_kernel.trust_for_gpu(s);
    }
    ImGui::EndChild();
}

// One check of a grade: PASS or FAIL with its runs; a failed one's smallest failing input, and
// the button that opens it as a run of the editor's kernel.
void grade_check(App& app, size_t i, const kernel_tracer::GradeCheck& c) {
    const std::string head = std::string(c.passed ? "\xE2\x9C\x93 PASS  " : "\xE2\x9C\x97 FAIL  ") + c.name + " (" +
                             std::to_string(c.runs) + (c.runs == 1 ? " run)" : " runs)");
    ImGui::PushStyleColor(ImGuiCol_Text, col(c.passed ? app.palette().formula : app.palette().error));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(head.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (c.passed) return;
    ImGui::Indent();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(("smallest failing input: " + c.failure).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PushID(int(i));
    if (ImGui::SmallButton("Open this input as a run")) app.session.your_kernel.open_grade_failure(app.session, i);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\n(its input, type, operator, warps and schedules into the controls; then Run)", c.replay.c_str());
    ImGui::PopID();
    ImGui::Unindent();
}

// The grade's first line: what it comes to, and of which text.
std::string grade_headline(const GradeOrder& order, const kernel_tracer::Grade& g) {
    size_t failed = 0;
    for (const kernel_tracer::GradeCheck& c : g.checks) failed += !c.passed;
    const std::string of = "Exercise " + std::to_string(g.exercise) + ", " + order.file_name + ": ";
    if (g.cancelled) return of + "CANCELLED: the checks below hold only the runs made before Cancel";
    if (g.passed()) return of + "PASSED: every check";
    return of + "FAILED: " + std::to_string(failed) + " of " + std::to_string(g.checks.size()) + " checks";
}

// The findings' and messages' lines marked in the editor (the selected one strongest), set again
// whenever the report or the selection changes.
void mark_lines(const App& app, EditorState& es) {
    const YourKernel& k = app.session.your_kernel;
    const void* report = k.report ? static_cast<const void*>(&*k.report) : nullptr;
    if (report == es.marked_report && k.selected_finding == es.marked_selection && k.text_version == es.text_version) return;
    es.marked_report = report;
    es.marked_selection = k.selected_finding;
    es.editor.ClearMarkers();
    if (!k.report) return;
    const Rgb e = app.palette().error;
    const ImU32 number = col(e), line = col(e, 70), strong = col(e, 150);
    for (size_t i = 0; i < k.report->findings.size(); ++i) {
        const kernel_tracer::Finding& f = k.report->findings[i];
        if (f.line > 0)
            es.editor.AddMarker(size_t(f.line - 1), number, int(i) == k.selected_finding ? strong : line, f.sentence, f.sentence);
    }
    for (const CompilerMessage& m : k.report->compiler)
        if (m.line > 0 && m.error) es.editor.AddMarker(size_t(m.line - 1), number, line, m.text, m.text);
}

}  // namespace

void draw_grade_report(App& app) {
    Session& s = app.session;
    KernelGrading& g = s.your_kernel.grading;
    if (g.running()) {
        const KernelGrading::Progress p = g.progress();
        const std::string what =
            "grading: run " + std::to_string(std::min(p.done + 1, std::max(p.total, 1))) + " of " + std::to_string(std::max(p.total, 1));
        ImGui::ProgressBar(float(p.fraction()), ImVec2(-ImGui::GetFontSize() * 7, 0), what.c_str());
        ImGui::SameLine();
        if (ImGui::Button("Cancel##grade")) g.cancel();
        return;
    }
    if (!g.outcome || !g.graded) return;
    if (!g.outcome->stopped.empty()) {
        error_text(app, g.outcome->stopped);
        return;
    }
    const kernel_tracer::Grade& grade = *g.outcome->grade;
    ImGui::PushStyleColor(ImGuiCol_Text, col(grade.passed() ? app.palette().formula : app.palette().error));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(grade_headline(*g.graded, grade).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (g.graded->text != s.your_kernel.text) ImGui::TextDisabled("(of the text as it was then: Grade again for the text in the editor)");
    for (size_t i = 0; i < grade.checks.size(); ++i) grade_check(app, i, grade.checks[i]);
}

void draw_your_kernel_panel(App& app) {
    Session& s = app.session;
    YourKernel& k = s.your_kernel;
    EditorState& es = editor_state();
    app.your_kernel_panel.focused = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    if (k.text.empty() && !k.starter && k.path.empty() && k.text_version == 0) {
        // A first look: the Exercise 4 starter, so the panel is never an empty page.
        s.your_kernel.open_starter(s, kernel_starters().front());
    }

    toolbar(app);

    // The model's text into the editor when it was replaced (an open, a starter); the editor's
    // edits back to the model.
    if (es.text_version != k.text_version) {
        es.editor.SetText(k.text);
        es.editor.ScrollToLine(0, TextEditor::Scroll::alignTop);
        es.text_version = k.text_version;
        es.undo_index = es.editor.GetUndoIndex();
        es.marked_report = nullptr;
        es.marked_selection = -2;
    }
    mark_lines(app, es);
    if (es.shown_version != k.show_version) {
        es.shown_version = k.show_version;
        if (k.line_to_show > 0) {
            const size_t line = size_t(k.line_to_show - 1);
            es.editor.SelectLine(line);
            es.editor.ScrollToLine(line, TextEditor::Scroll::alignMiddle);
        }
    }

    const float report_h =
        has_report(app) ? std::min(report_height(app), std::max(ImGui::GetContentRegionAvail().y * 0.4f, ImGui::GetFrameHeight() * 3)) : 0;
    const float editor_h =
        std::max(ImGui::GetFrameHeight() * 4, ImGui::GetContentRegionAvail().y - report_h - ImGui::GetStyle().ItemSpacing.y);
    // Ctrl+Enter is Run in this panel, as in the controls (the key capture runs it, keys.cpp): the
    // route is claimed so that the editor does not also take it for "insert a line below".
    for (const ImGuiKey enter : {ImGuiKey_Enter, ImGuiKey_KeypadEnter})
        (void)ImGui::Shortcut(ImGuiMod_Ctrl | enter,
                              ImGuiInputFlags_RouteGlobal | ImGuiInputFlags_RouteOverFocused | ImGuiInputFlags_RouteOverActive);
    ImGui::PushFont(app.mono(), 0.0f);
    es.editor.Render("editor", ImVec2(0, editor_h), ImGuiChildFlags_Borders, ImGuiWindowFlags_NoMove);
    ImGui::PopFont();
    // (While the editor has the keyboard it says it takes text input, as a text field does: the
    // app's own keys, Space and the arrows, are then the editor's.)
    if (es.editor.GetUndoIndex() != es.undo_index) {
        es.undo_index = es.editor.GetUndoIndex();
        s.your_kernel.edit(es.editor.GetText());
    }
    report(app, report_h);

    // Its files' dialogs, in the trace files' style.
    const Session::FileTask task{false, k.said_failed ? k.said : ""};
    file_dialog(
        app, "Open a kernel", "Open", es.open_dialog, &app.your_kernel_panel.open_dialog, task,
        [&](const std::string& p) { s.your_kernel.open(s, p); }, ".cu", "A CUDA C++ file with your scan kernel (docs/your-kernel.md).", "");
    file_dialog(
        app, "Save the kernel", "Save", es.save_dialog, &app.your_kernel_panel.save_dialog, task,
        [&](const std::string& p) { s.your_kernel.save(s, p); }, ".cu",
        "Saved whole or not at all: a failed save leaves the file as it was.",
        k.path.empty() ? (std::filesystem::current_path() / k.name).string() : k.path);
}

}  // namespace scanlab::gui
