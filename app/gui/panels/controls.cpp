// The controls column: the request (algorithm, block algorithm, operator, type, inclusive or
// exclusive, section, warp width and schedule, backend), the input and the comparison. Every
// change runs again on a worker thread; a refusal is shown inline and the last trace stays.

#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>  // after imgui.h, which it needs

#include "app/gui/app.hpp"
#include "app/gui/model/schedule_menu.hpp"
#include "app/gui/panels/controls.hpp"
#include "app/gui/panels/widgets.hpp"
#include "core/algorithms/lookback_window.hpp"
#include "core/input/input.hpp"
#include "core/input/run_options.hpp"

namespace scanlab::gui {
namespace {

// A control's label as the table of run options gives it (core/input/run_options.cpp): the core's
// sentences name the control in the same words ("int64 in the type menu", "the section menu").
const char* label_of(Control control) {
    const RunOption* o = find_option_by_control(control);
    return o ? o->label.data() : "";
}

// The menu's label for each row of the algorithm table (kept alive for ImGui, built once).
const char* algo_text(Algorithm a) {
    static const std::vector<std::string> labels = [] {
        std::vector<std::string> v;
        for (const AlgorithmInfo& row : algorithm_table()) v.push_back(std::string(row.name) + (row.racy ? "  (wrong on purpose)" : ""));
        return v;
    }();
    const std::vector<AlgorithmInfo>& table = algorithm_table();
    for (size_t i = 0; i < table.size(); ++i)
        if (table[i].id == a) return labels[i].c_str();
    return "?";
}
const char* algo_tip(Algorithm a) { return algorithm_info(a).summary.data(); }
const char* backend_text(BackendChoice b) {
    return b == BackendChoice::automatic ? "auto (GPU if usable)" : b == BackendChoice::cpu ? "CPU emulation" : "GPU";
}

// A schedule's menu (model/schedule_menu.hpp): true when an entry was picked.
template <class S>
bool schedule_combo(const char* label, S& schedule) {
    const ScheduleMenu menu = schedule_menu(schedule);
    bool picked = false;
    if (ImGui::BeginCombo(label, menu.entries[size_t(menu.current)].c_str())) {
        for (size_t i = 0; i < menu.entries.size(); ++i)
            if (ImGui::Selectable(menu.entries[i].c_str(), int(i) == menu.current))
                schedule = schedule_chosen(schedule, int(i)), picked = true;
        ImGui::EndCombo();
    }
    return picked;
}

// A radio button's width, for flow(): the circle, the gap, the label.
float radio_width(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

// The room the panel leaves right of its fields for a label and a help marker (main draw, below).
constexpr float kLabelRoomEm = 6.5f;

// The next field leaves room for its label and the help marker after it, where the table's label is
// longer than the panel's usual room ("look-back window"): the label is never cut.
void room_for_label(const char* label) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float wanted = ImGui::CalcTextSize(label).x + st.ItemInnerSpacing.x + st.ItemSpacing.x + ImGui::CalcTextSize("(?)").x;
    if (wanted > ImGui::GetFontSize() * kLabelRoomEm) ImGui::SetNextItemWidth(-wanted);
}

void help_marker(const char* text) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

// A greyed hint under a control, wrapped to the column (never cut at its right edge).
void hint(const char* text) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", text);
    ImGui::PopTextWrapPos();
}

// The note over the controls when the trace on screen is not their run (a file, the live tab's), or
// is the student's kernel, which the controls run again. True: the built-in run was asked for.
bool showing_note(const Session& s) {
    if (s.kernel_on_screen()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(("Showing your kernel " + s.trace->trace.kernel + ": a change below runs it again.").c_str());
        ImGui::TextDisabled("The algorithm menu runs a built-in one instead.");
        ImGui::PopTextWrapPos();
        const bool built_in = ImGui::SmallButton(("run " + std::string(name(s.form.request.algorithm)) + " instead").c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("the built-in algorithm the menu names, on the same input, in place of your kernel");
        ImGui::Spacing();
        return built_in;
    }
    const bool sampled = s.trace && s.trace == s.sampled_trace;
    if (s.trace && (s.trace->origin.rfind("file ", 0) == 0 || sampled)) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("Showing %s%s. Changing a control runs a new trace from these settings.", sampled ? "the Live run tab's " : "",
                            s.trace->origin.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Spacing();
    }
    return false;
}

// ALGORITHM: the algorithm, its block scan and coarsening (`algorithm`: a built-in run is chosen),
// the operator, the type, inclusive or exclusive, the section (`run`: the run on screen's settings).
struct AlgorithmEdit {
    bool algorithm = false;
    bool run = false;
};
AlgorithmEdit algorithm_section(Form& f, const Session& s) {
    bool changed = false, run = false;
    ImGui::TextDisabled("ALGORITHM");
    changed |= enum_combo(label_of(Control::algorithm), &f.request.algorithm, all_algorithms(), algo_text, algo_tip);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", algo_tip(f.request.algorithm));
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", algo_tip(f.request.algorithm));
    ImGui::PopTextWrapPos();
    if (algorithm_info(f.request.algorithm).takes_block_algorithm) {
        // The table says which block scans this algorithm takes (hierarchical's blocks, or
        // three-phase's phase 2); a choice the new algorithm does not take falls back to its first.
        const std::vector<Algorithm> blocks = block_algorithms_for(f.request.algorithm);
        if (std::find(blocks.begin(), blocks.end(), f.request.block_algorithm) == blocks.end()) f.request.block_algorithm = blocks.front();
        changed |= enum_combo(algorithm_info(f.request.algorithm).takes_coarsening ? "phase 2 scan" : label_of(Control::block_algorithm),
                              &f.request.block_algorithm, blocks, algo_text, algo_tip);
    }
    if (takes_coarsening(f.request.algorithm, f.request.block_algorithm)) {
        // The coarsened block is the algorithm itself, or hierarchical's block algorithm; its row's default C.
        const AlgorithmInfo& algo = algorithm_info(f.request.algorithm);
        const AlgorithmInfo& coarsened = algo.takes_coarsening ? algo : algorithm_info(f.request.block_algorithm);
        const int shown = f.request.coarsening > 0 ? f.request.coarsening : coarsened.elements_per_thread;
        if (ImGui::BeginCombo(label_of(Control::coarsening), ("C = " + std::to_string(shown)).c_str())) {
            for (int c = 1; c <= 64; c *= 2)
                if (ImGui::Selectable(("C = " + std::to_string(c)).c_str(), shown == c)) f.request.coarsening = c, changed = true;
            ImGui::EndCombo();
        }
        help_marker(
            "Thread coarsening: each thread scans C contiguous elements of the section on its own (phase 1), a block "
            "scan runs over the T = section / C subsection totals (phase 2), and each thread adds its predecessor's "
            "total (phase 3).");
    }
    run |= enum_combo("operator", &f.request.op, {OpKind::sum, OpKind::max, OpKind::min}, op_text);
    run |= enum_combo(label_of(Control::type), &f.request.type,
                      {ElementType::int32, ElementType::int64, ElementType::float32, ElementType::float64}, type_text);
    // A student's kernel that names its own element type scans that type.
    const YourKernel& k = s.your_kernel;
    if (s.kernel_on_screen() && k.report && k.report->own_type)
        hint(("your kernel scans its own type, " + std::string(type_text(*k.report->own_type)) + ": this menu does not apply to it")
                 .c_str());
    int incl = f.request.exclusive ? 1 : 0;
    run |= ImGui::RadioButton("inclusive", &incl, 0);
    flow(radio_width("exclusive"));
    run |= ImGui::RadioButton("exclusive", &incl, 1);
    f.request.exclusive = incl == 1;

    std::string section = f.request.section == 0 ? "auto" : std::to_string(f.request.section);
    if (ImGui::BeginCombo(label_of(Control::section), section.c_str())) {
        if (ImGui::Selectable("auto", f.request.section == 0)) f.request.section = 0, run = true;
        for (int n = 2; n <= largest_section(); n *= 2)
            if (ImGui::Selectable(std::to_string(n).c_str(), f.request.section == n)) f.request.section = n, run = true;
        ImGui::EndCombo();
    }
    help_marker(
        "Elements per block. auto: the preset's section (Figure 9.10 uses 4), else the whole input for the "
        "single-section kernels and the algorithm's default for the multi-block ones.");
    if (s.kernel_on_screen() && k.block_dim > 0)
        hint(("your kernel's launch sets its own block (" + std::to_string(k.block_dim) + " threads): the section does not apply to it")
                 .c_str());

    return {changed, run};
}

// THREADS: the warp width and the order the emulation runs a block's warps in.
bool threads_section(Form& f) {
    bool changed = false;
    ImGui::TextDisabled("THREADS");
    std::string warp = std::to_string(f.request.warp_width);
    if (ImGui::BeginCombo(label_of(Control::warp_width), warp.c_str())) {
        for (int w = 1; w <= kWarpSize; w *= 2)
            if (ImGui::Selectable(std::to_string(w).c_str(), f.request.warp_width == w)) f.request.warp_width = w, changed = true;
        ImGui::EndCombo();
    }
    help_marker(
        "Threads per warp in the emulation: divergent warps are counted per warp, and the racy kernel's "
        "warps run in the schedule below. 32 on every NVIDIA GPU; try 4 to see warps in Figure 9.10.");
    changed |= schedule_combo("schedule", f.request.schedule);
    help_marker(
        "The order the emulation runs the warps of a block in. Only kogge-stone-racy's result depends on it: "
        "that is its lesson.");
    if (f.request.schedule.kind == Schedule::Kind::random) {
        int seed = int(f.request.schedule.seed);
        if (ImGui::InputInt("schedule seed", &seed)) {
            f.request.schedule.seed = uint64_t(std::max(0, seed));
            changed = true;
        }
    }
    return changed;
}

// BLOCKS, for an event-scheduled scan: the block schedule, the SM slots, the static index and
// the look-back window, as its row says it takes them.
bool blocks_section(Form& f, const AlgorithmInfo& info) {
    bool changed = false;
    ImGui::TextDisabled("BLOCKS");
    changed |= schedule_combo(label_of(Control::block_schedule), f.request.block_schedule);
    help_marker(
        "The order the emulation starts the blocks in and lets them run: in-order starts block 0 first and gives the "
        "resident blocks turns in turn; reverse starts the last block first; random draws the start order and every "
        "turn from the seed. On the GPU the hardware decides, and the trace replays the order it recorded.");
    if (f.request.block_schedule.kind == BlockSchedule::Kind::random) {
        int seed = int(f.request.block_schedule.seed);
        if (ImGui::InputInt("block seed", &seed)) {
            f.request.block_schedule.seed = uint64_t(std::max(0, seed));
            changed = true;
        }
    }
    int resident = f.request.resident_blocks;
    if (ImGui::InputInt(label_of(Control::resident_blocks), &resident)) {
        f.request.resident_blocks = std::clamp(resident, 1, kMaxResidentBlocks);
        changed = true;
    }
    help_marker("Blocks resident at once in the emulation: the SM slots. A block leaves its slot when it is done.");
    if (info.takes_static_index) {
        changed |= ImGui::Checkbox((std::string(label_of(Control::static_index)) + " (blockIdx)").c_str(), &f.request.static_index);
        help_marker(
            "Each block takes its tile from blockIdx instead of drawing it from a counter. With the reverse "
            "schedule and fewer resident blocks than blocks, the resident blocks wait for tiles before theirs, "
            "whose blocks never start: the emulation finds the deadlock and shows who waits on whom. A random "
            "schedule deadlocks when every resident block comes to wait on one not yet started, which depends on "
            "the seed: with 4 of 8 blocks resident, random:2 deadlocks and random:1 completes. Refused on the GPU, where it could hang.");
    }
    if (info.takes_window) {
        const std::string window = std::to_string(f.request.lookback_window);
        room_for_label(label_of(Control::window));
        if (ImGui::BeginCombo(label_of(Control::window), window.c_str())) {
            for (int w = 1; w <= kMaxLookbackWindow; w *= 2)
                if (ImGui::Selectable(std::to_string(w).c_str(), f.request.lookback_window == w))
                    f.request.lookback_window = w, changed = true;
            ImGui::EndCombo();
        }
        help_marker(
            "The look-back window W: the predecessors one look-back reads at once. 32 is CUB's: one warp, a lane a status word, waiting while "
            "any of them is invalid. 1 makes the look-back a chain: one predecessor at a time, as the domino scan waits.");
    }
    return changed;
}

// INPUT: a preset, typed values or N random values, and the segmented scan's head flags. A menu
// choice changes the form at once; typed text is a draft until Enter or Run (`commit`).
struct InputEdit {
    bool changed = false;
    bool commit = false;
};
InputEdit input_section(Session& s) {
    Form& f = s.form;
    bool changed = false, commit = false;
    ImGui::TextDisabled("INPUT");
    for (const auto& [label, source] :
         {std::pair{"preset", InputSource::preset}, std::pair{"text", InputSource::text}, std::pair{"random", InputSource::random}}) {
        if (source != InputSource::preset) flow(radio_width(label));
        if (ImGui::RadioButton(label, f.input.source == source) && f.input.source != source) {
            f.input.source = source;
            changed = true;
        }
    }
    if (f.input.source == InputSource::preset) {
        bool first = true;
        for (const Preset& p : presets()) {
            const bool on = f.input.preset == p.name;
            if (!first) flow(radio_width(std::string(p.name).c_str()));
            first = false;
            if (ImGui::RadioButton(std::string(p.name).c_str(), on) && !on) {
                f.input.preset = std::string(p.name);
                changed = true;
            }
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", std::string(p.source).c_str(), std::string(p.values).c_str());
        }
        if (auto p = find_preset(f.input.preset)) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("%s: %s", std::string(p->source).c_str(), std::string(p->values).c_str());
            ImGui::PopTextWrapPos();
            if (ImGui::SmallButton("edit as text")) {
                f.input.text = std::string(p->values);
                s.text_draft.reset();
                f.input.source = InputSource::text;
                if (f.request.section == 0 && p->section) f.request.section = p->section;
                changed = true;
            }
        }
    } else if (f.input.source == InputSource::text) {
        // Edits stay a draft until Enter or Run (a half-typed value never runs).
        std::string text = s.text_draft.value_or(f.input.text);
        // Wrapped at the column's edge: a long list stays readable whole.
        const bool enter = ImGui::InputTextMultiline(
            "##values", &text, ImVec2(-1, ImGui::GetTextLineHeight() * 4),
            ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CtrlEnterForNewLine | ImGuiInputTextFlags_WordWrap);
        if (text != f.input.text)
            s.text_draft = text;
        else
            s.text_draft.reset();
        commit |= enter;
        hint(s.text_draft ? "edited: Enter or Run to use these values" : "numbers separated by spaces or commas");
    } else {
        long long n = s.random_n_draft.value_or(f.input.random_n), seed = static_cast<long long>(s.seed_draft.value_or(f.input.seed));
        commit |= ImGui::InputScalar(label_of(Control::random), ImGuiDataType_S64, &n, nullptr, nullptr, nullptr,
                                     ImGuiInputTextFlags_EnterReturnsTrue);
        if (n != f.input.random_n) s.random_n_draft = n;
        commit |= ImGui::InputScalar("seed", ImGuiDataType_S64, &seed, nullptr, nullptr, nullptr, ImGuiInputTextFlags_EnterReturnsTrue);
        if (uint64_t(std::max(0LL, seed)) != f.input.seed) s.seed_draft = uint64_t(std::max(0LL, seed));
        for (long long k : {16LL, 64LL, 256LL, 2048LL}) {
            if (ImGui::SmallButton(std::to_string(k).c_str())) s.random_n_draft = k, commit = true;
            ImGui::SameLine();
        }
        ImGui::NewLine();
        hint("values 0..9, reproducible from the seed");
    }

    if (algorithm_info(f.request.algorithm).takes_flags) {
        // The segmented scan's head flags: a draft until Enter or Run, as the typed values.
        std::string flags = s.flags_draft.value_or(f.input.flags);
        commit |= ImGui::InputText(label_of(Control::flags), &flags, ImGuiInputTextFlags_EnterReturnsTrue);
        if (flags != f.input.flags)
            s.flags_draft = flags;
        else
            s.flags_draft.reset();
        help_marker(
            "One 0 or 1 per value (1 starts a segment: the scan restarts there), separated by spaces or commas; "
            "or every:K for a segment every K values.");
        hint(s.flags_draft ? "edited: Enter or Run to use these flags" : "1 starts a segment; every:K");
    }

    return {changed, commit};
}

// A refusal of the input or the request, in the app's words, right under the input.
void refusal(const App& app) {
    const Session& s = app.session;
    if (!s.error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, col(app.palette().error));
        ImGui::PushTextWrapPos(0);
        ImGui::Text("\xE2\x9C\x97 %s", s.error.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
        if (s.trace) hint("The last good trace stays on screen.");
    }
}

// COMPARE WITH: the algorithm the Compare and Counts tabs run beside this one.
bool compare_section(Session& s) {
    bool changed = false;
    ImGui::TextDisabled("COMPARE WITH");
    changed |= enum_combo("second", &s.form.compare_algorithm, all_algorithms(), algo_text, algo_tip);
    if (!s.compare_error.empty()) {  // a note, not a refusal: the run itself stands
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", s.compare_error.c_str());
        ImGui::PopTextWrapPos();
    }
    return changed;
}

}  // namespace

void draw_controls(App& app) {
    Session& s = app.session;
    Form& f = s.form;
    bool changed = false;  // a setting of the run on screen changed: run it again with the committed input
    bool built_in = false;  // a built-in algorithm was chosen: its run
    bool commit = false;  // Enter or Run: the typed input too
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kLabelRoomEm);
    built_in |= showing_note(s);
    const AlgorithmEdit algorithm = algorithm_section(f, s);
    built_in |= algorithm.algorithm;
    changed |= algorithm.run;
    ImGui::Spacing();
    changed |= threads_section(f);
    if (const AlgorithmInfo& info = algorithm_info(f.request.algorithm); info.event_scheduled()) {
        ImGui::Spacing();
        built_in |= blocks_section(f, info);
    }
    changed |= enum_combo("backend", &f.backend, {BackendChoice::automatic, BackendChoice::cpu, BackendChoice::gpu}, backend_text);
    if (s.kernel_on_screen()) hint("your kernel always runs on the CPU: the backend runs the comparison beside it");

    ImGui::Spacing();
    const InputEdit input = input_section(s);
    changed |= input.changed;
    commit |= input.commit;
    refusal(app);
    ImGui::Spacing();
    changed |= compare_section(s);
    ImGui::PopItemWidth();

    ImGui::Spacing();
    const std::string run = s.kernel_on_screen() ? "Run " + s.your_kernel.name + "  (Ctrl+Enter)" : std::string("Run  (Ctrl+Enter)");
    if (ImGui::Button(run.c_str(), ImVec2(-1, 0))) commit = true;
    // A menu choice runs at once, with the input as last committed.
    if (built_in)
        s.run();
    else if (commit)
        s.commit_input();
    else if (changed)
        s.run_again();
}

}  // namespace scanlab::gui
