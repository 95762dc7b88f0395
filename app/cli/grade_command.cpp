#include "app/cli/grade_command.hpp"

#include <iostream>

#include "app/cli/error_sentences.hpp"
#include "app/cli/progress_line.hpp"
#include "core/number_text.hpp"
#include "kernel_tracer/host/grade.hpp"

namespace scanlab::cli {

int run_grade_command(const std::vector<std::string>& args) {
    return with_error_sentences(
        [&] {
            int exercise = 0;
            std::string file;
            for (size_t i = 0; i < args.size(); ++i) {
                if (args[i] == "--exercise" && i + 1 < args.size()) {
                    exercise = whole_number<int>("--exercise", args[++i]);
                } else if (!args[i].starts_with("--") && file.empty()) {
                    file = args[i];
                } else {
                    throw UsageError("grade takes --exercise 4|5 and one FILE.cu; " + quoted_path(args[i]) + " is neither");
                }
            }
            if (exercise == 0 || file.empty()) throw UsageError("usage: scanlab grade --exercise 4|5 FILE.cu");
            const kernel_tracer::Grade g = [&] {
                ProgressLine progress("grading " + quoted_path(file) + " on hidden inputs");
                return kernel_tracer::grade_exercise(exercise, file);
            }();
            output_begins();
            std::cout << "Exercise " << exercise << ", " << kernel_tracer::path_word(file) << ":\n";
            for (const kernel_tracer::GradeCheck& c : g.checks) {
                std::cout << (c.passed ? "  PASS  " : "  FAIL  ") << c.name << " (" << c.runs << (c.runs == 1 ? " run" : " runs") << ")\n";
                if (!c.passed) std::cout << "        smallest failing input: " << c.failure << "\n        replay: " << c.replay << "\n";
            }
            std::cout << (g.passed() ? "PASSED: every check\n" : "FAILED: see the checks above\n");
            return g.passed() ? 0 : 1;
        },
        "out of memory");
}

}  // namespace scanlab::cli
