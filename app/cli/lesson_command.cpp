#include "app/cli/lesson_command.hpp"

#include <iostream>

#include "app/cli/error_sentences.hpp"
#include "core/course/lesson_check.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"

namespace scanlab::cli {
namespace {

const char* kLessonUsage =
    "usage:\n"
    "  scanlab lesson check FILE...           run every slide of each lesson and hold it against its run;\n"
    "                                         each problem is printed as FILE:LINE: sentence (exit status 1)\n"
    "  scanlab lesson show FILE [--slide K]   slide K (from 1; default every slide) with its numbers filled in\n"
    "  A lesson is a Markdown file with ::: directives; docs/lessons.md shows how to write one.\n";

int check(const std::vector<std::string>& files) {
    if (files.empty()) throw UsageError("scanlab lesson check needs a lesson file (scanlab lesson --help)");
    int failed = 0;
    for (const std::string& path : files) {
        std::vector<std::string> problems;
        size_t slides = 0;
        try {
            const Lesson lesson = read_lesson(path);
            slides = lesson.slides.size();
            problems = check_lesson(lesson);
        } catch (const LessonError& e) {
            problems = {e.what()};
        }
        for (const std::string& p : problems) std::cerr << p << "\n";
        if (problems.empty())
            std::cout << path << ": " << counted(int64_t(slides), "slide", "slides")
                      << (slides == 1 ? " holds against its run\n" : " hold against their runs\n");
        failed += !problems.empty();
    }
    return failed ? 1 : 0;
}

int show(const std::vector<std::string>& args) {
    if (args.empty()) throw UsageError("scanlab lesson show needs a lesson file (scanlab lesson --help)");
    std::optional<size_t> only;
    for (size_t i = 1; i < args.size(); ++i) {
        if (args[i] != "--slide" || i + 1 >= args.size())
            throw UsageError("unknown option " + quoted_word(args[i]) + " (scanlab lesson --help)");
        const size_t k = whole_number<size_t>("--slide", args[++i]);
        if (k == 0) throw UsageError("--slide counts from 1");
        only = k - 1;
    }
    const Lesson lesson = read_lesson(args[0]);
    for (size_t k = only.value_or(0); k < (only ? *only + 1 : lesson.slides.size()); ++k)
        std::cout << (k > only.value_or(0) ? "\n---\n\n" : "") << slide_text(lesson, k);
    std::cout.flush();
    return std::cout ? 0 : 1;
}

}  // namespace

int run_lesson_command(const std::vector<std::string>& args) {
    return with_error_sentences(
        [&] {
            if (args.empty() || args[0] == "--help" || args[0] == "-h") {
                std::cout << kLessonUsage;
                return args.empty() ? 2 : 0;
            }
            const std::vector<std::string> rest(args.begin() + 1, args.end());
            if (args[0] == "check") return check(rest);
            if (args[0] == "show") return show(rest);
            throw UsageError("unknown lesson command " + quoted_word(args[0]) + "; use check or show (scanlab lesson --help)");
        },
        "out of memory");
}

}  // namespace scanlab::cli
