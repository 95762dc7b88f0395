#include "app/gui/model/your_kernel.hpp"

#include <regex>
#include <sstream>

#include "app/gui/model/trace_book.hpp"
#include "core/input/run_link.hpp"
#include "core/input/run_words.hpp"

namespace scanlab::gui {

const std::vector<KernelStarter>& kernel_starters() {
    // The runs docs/your-kernel.md gives for each starter.
    static const std::vector<KernelStarter> starters = {
        {"ex4-exclusive-kogge-stone.cu", "Exercise 4: an exclusive Kogge-Stone scan", 4, "--preset fig9.10 --exclusive",
         Algorithm::kogge_stone},
        {"ex5-hierarchical.cu", "Exercise 5: the hierarchical scan's host code", 5, "--random 40 --section 8", Algorithm::hierarchical},
        {"kogge-stone.cu", "Kogge-Stone: the stride loop's body", 0, "--preset fig9.10", Algorithm::kogge_stone},
        {"brent-kung.cu", "Brent-Kung: the reduction and distribution trees", 0, "--preset fig9.10", Algorithm::brent_kung},
    };
    return starters;
}

const KernelStarter* starter_for_exercise(int exercise) {
    for (const KernelStarter& s : kernel_starters())
        if (s.exercise == exercise) return &s;
    return nullptr;
}

std::string starter_path(const KernelStarter& s) { return std::string(SCANLAB_KERNEL_STARTERS) + "/" + s.file; }

RunSpec starter_run(const KernelStarter& s) {
    std::vector<std::string> words;
    std::istringstream in(s.words);
    for (std::string w; in >> w;) words.push_back(w);
    RunSpec spec = parse_run_words(words, [](const std::string&, const auto&) { return false; });
    spec.request.algorithm = s.like;
    return spec;
}

std::vector<CompilerMessage> compiler_messages(const std::string& diagnostics, const std::string& file_name) {
    // "path/file.cu:12:5: error: text": clang's form with -fno-color-diagnostics.
    static const std::regex message(R"(^(.*?):(\d+):(\d+): (fatal error|error|warning|note): (.*)$)");
    std::vector<CompilerMessage> out;
    std::istringstream in(diagnostics);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (!std::regex_match(line, m, message)) continue;
        const std::string path = m[1];
        const bool mine = path == file_name || (path.size() > file_name.size() &&
                                                path.compare(path.size() - file_name.size(), file_name.size(), file_name) == 0 &&
                                                path[path.size() - file_name.size() - 1] == '/');
        CompilerMessage c;
        c.error = m[4] != "warning" && m[4] != "note";
        c.text = std::string(m[4]) + ": " + std::string(m[5]);
        if (mine) c.line = std::stoi(m[2]), c.column = std::stoi(m[3]);
        // Another file's note (the shim's declaration a message points at) says nothing of the student's code.
        if (!mine && !c.error) continue;
        out.push_back(std::move(c));
    }
    return out;
}

int64_t finding_cell(const Trace& t, size_t k, const kernel_tracer::Finding& f) {
    if (f.step < 0 || size_t(f.step) != k || k >= t.steps.size() || f.element < 0) return -1;
    const Step& s = t.steps[k];
    const Row row = step_row(t, k);
    if (f.shared && s.array == ArrayKind::xy) {
        const int64_t per_block = s.blocks > 0 ? int64_t(row.count) / s.blocks : 0;
        if (f.element >= per_block || f.block >= s.blocks) return -1;
        return f.block * per_block + f.element;
    }
    // Y, as the file names it (the step's array carries the same name).
    if (!f.shared && f.array == shown_array(s) && s.array == ArrayKind::y && f.element < int64_t(row.count)) return f.element;
    return -1;
}

}  // namespace scanlab::gui
