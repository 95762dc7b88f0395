#include "core/course/lesson_check.hpp"

#include "core/algorithms/table.hpp"
#include "core/course/checkpoint.hpp"
#include "core/course/prose_check.hpp"
#include "core/course/slide_run.hpp"
#include "core/lesson/explain.hpp"
#include "core/lesson/listings.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

// What a view points at must lie in the run: cells of its array, a row of the step diagram, lines
// of the listing the Source pane shows for it.
void check_point(const std::string& file, const Slide& s, const Trace& t) {
    if (s.point.empty()) return;
    const auto refuse = [&](const std::string& sentence) { throw LessonError(at_line(file, s.view_line, sentence)); };
    if (s.point == "cells" && s.point_to >= t.n)
        refuse("cell " + std::to_string(s.point_to) + " is past the end of the run's " + grouped(t.n) + " elements");
    if (s.point == "row" && s.point_to >= (long long)t.steps.size())
        refuse("row " + std::to_string(s.point_to) + " is not a step of the run, which has " +
               counted(int64_t(t.steps.size()), "step", "steps"));
    if (s.point == "lines") {
        const Listing* l = find_listing(listing_name(t.algorithm, t.block_algorithm));
        const size_t lines = l ? shown_lines(*l, t.exclusive).size() : 0;
        if (s.point_from < 1 || s.point_to > (long long)lines)
            refuse("the listing of " + std::string(name(t.algorithm)) + " has lines 1 to " + std::to_string(lines) + "; lines " +
                   std::to_string(s.point_from) + "-" + std::to_string(s.point_to) + " are not all in it");
    }
}

// The lecturer's stated answer held against the run's.
void check_stated(const std::string& file, const Checkpoint& c, const CheckpointAnswer& a, const SlideFacts& f) {
    const auto contradicted = [&](int line, const std::string& sentence) { throw LessonError(at_line(file, line, sentence)); };
    if (c.kind == Checkpoint::Kind::number && !c.stated.empty()) {
        const std::optional<int64_t> stated = evaluate(c.stated, {});
        if (!stated) contradicted(c.answer_line, "the stated answer " + quoted_word(c.stated) + " is not a whole number");
        if (*stated != *a.number)
            contradicted(c.answer_line,
                         "the run contradicts this checkpoint: " + c.answer + " is " + a.text + " on its run, not " + grouped(*stated));
    }
    if (c.kind == Checkpoint::Kind::predict && !c.answer.empty()) {
        const std::optional<std::vector<int64_t>> stated = read_cells(c.answer);
        if (!stated || *stated != a.cells)
            contradicted(c.answer_line, "the run contradicts this checkpoint: step " + std::to_string(f.step) + " writes cells " + a.text +
                                            ", not " + c.answer);
    }
    if (c.kind == Checkpoint::Kind::choice && !c.holds.empty()) {
        const std::optional<int64_t> holds = evaluate(c.holds, f.numbers);
        if (!holds) contradicted(c.holds_line, "::: holds " + quoted_word(c.holds) + " has no value on this slide's run");
        if (*holds == 0) contradicted(c.holds_line, "the run contradicts this checkpoint: " + c.holds + " is false on its run");
    }
}

// The text as the lecturer typed it: each {{placeholder}} left out (a mark that is no word or number).
std::string typed_text(const std::string& text) {
    std::string out;
    size_t at = 0;
    for (size_t open; (open = text.find("{{", at)) != std::string::npos;) {
        const size_t close = text.find("}}", open);
        if (close == std::string::npos) break;
        out.append(text, at, open - at).append("\x01");  // (append: GCC 12 warns falsely on + here)
        at = close + 2;
    }
    return out.append(text, at, std::string::npos);
}

void check_slide(const Lesson& lesson, const Slide& s, LessonRuns& runs, std::vector<std::string>& problems) {
    const Trace& t = runs.trace(lesson.file, s);
    const SlideFacts f = slide_facts(lesson.file, s, t);
    check_point(lesson.file, s, t);
    // Each line filled in, then held to what the run says (prose_check.hpp).
    const auto hold = [&](int line, const std::string& text) {
        fill_placeholders(lesson.file, line, text, f);
        if (const std::optional<std::string> why = refused_sentence(typed_text(text), f, lesson.language))
            throw LessonError(at_line(lesson.file, line, *why));
    };
    for (const ProseLine& p : s.prose) {
        try {
            hold(p.line, p.text);
        } catch (const LessonError& e) {
            problems.push_back(e.what());
        }
    }
    if (!s.checkpoint) return;
    hold(s.checkpoint->line, s.checkpoint->question);
    const CheckpointAnswer a = checkpoint_answer(lesson.file, s, f);
    check_stated(lesson.file, *s.checkpoint, a, f);
}

}  // namespace

std::vector<std::string> check_lesson(const Lesson& lesson) {
    std::vector<std::string> problems;
    LessonRuns runs;
    for (const Slide& s : lesson.slides) {
        try {
            check_slide(lesson, s, runs, problems);
        } catch (const LessonError& e) {
            problems.push_back(e.what());
        }
    }
    return problems;
}

std::string slide_text(const Lesson& lesson, size_t k) {
    if (k >= lesson.slides.size())
        throw LessonError(file_name_shown(lesson.file) + " has " + counted(int64_t(lesson.slides.size()), "slide", "slides") +
                          "; there is no slide " + std::to_string(k + 1));
    const Slide& s = lesson.slides[k];
    LessonRuns runs;
    const Trace& t = runs.trace(lesson.file, s);
    const SlideFacts f = slide_facts(lesson.file, s, t);
    std::string out = "Slide " + std::to_string(k + 1) + " of " + std::to_string(lesson.slides.size()) +
                      (s.section.empty() ? "" : " · " + s.section) + "\n";
    std::string words;
    for (const std::string& w : s.run_words) words += " " + w;
    out +=
        "Run: scanlab trace" + words + (f.step >= 0 ? "  (step " + std::to_string(f.step) + ": " + f.words.at("label") + ")" : "") + "\n\n";
    out += slide_markdown(lesson.file, s, f);
    if (s.checkpoint) {
        const Checkpoint& c = *s.checkpoint;
        out += "\nCheckpoint: " + fill_placeholders(lesson.file, c.line, c.question, f) + "\n";
        for (size_t i = 0; i < c.options.size(); ++i) out += "  " + std::to_string(i + 1) + ". " + c.options[i].text + "\n";
    }
    return out;
}

}  // namespace scanlab
