#include "core/course/lesson.hpp"

#include <algorithm>

#include <fstream>
#include <iterator>
#include <sstream>

#include "core/number_text.hpp"

namespace scanlab {
namespace {

std::string trimmed(const std::string& s) {
    const size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::vector<std::string> words_of(const std::string& s) {
    std::istringstream in(s);
    return {std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()};
}

// The words of a ::: run line as a shell splits them: quotes group ("3, 1, 7" is one word).
std::optional<std::vector<std::string>> shell_words(const std::string& s) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (char c : s) {
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '"' || c == '\'') {
            quote = c, in_word = true;
        } else if (c == ' ' || c == '\t') {
            if (in_word) words.push_back(word);
            word.clear(), in_word = false;
        } else {
            word += c, in_word = true;
        }
    }
    if (quote) return std::nullopt;
    if (in_word) words.push_back(word);
    return words;
}

// "3" or "3-7": both ends included; false when it is neither.
bool read_range(const std::string& s, long long& from, long long& to) {
    try {
        size_t used = 0;
        from = std::stoll(s, &used);
        if (used == s.size()) {
            to = from;
            return from >= 0;
        }
        // A-B, or A..B as a range is written in many languages.
        const size_t sep = s.compare(used, 2, "..") == 0 ? 2 : s[used] == '-' ? 1 : 0;
        if (sep == 0) return false;
        const std::string rest = s.substr(used + sep);
        to = std::stoll(rest, &used);
        return used == rest.size() && from >= 0 && to >= from;
    } catch (const std::exception&) {
        return false;
    }
}

class LessonReader {
public:
    LessonReader(const std::string& file) { lesson_.file = file; }

    void line(int number, const std::string& raw) {
        line_ = number;
        const std::string t = trimmed(raw);
        if (t == "---") return next_slide();
        if (slide().line == 0) slide().line = number;
        if (t.rfind(":::", 0) == 0) return directive(trimmed(t.substr(3)));
        if (lesson_.title.empty() && t.rfind("# ", 0) == 0) lesson_.title = trimmed(t.substr(2));
        slide().prose.push_back({number, raw});
    }

    Lesson finish() {
        if (!lesson_.slides.empty() && lesson_.slides.back().line == 0) lesson_.slides.pop_back();
        if (lesson_.slides.empty()) throw LessonError(at_line(lesson_.file, 1, "the lesson has no slides"));
        if (lesson_.title.empty()) throw LessonError(at_line(lesson_.file, 1, "the lesson has no title: begin it with a line \"# Title\""));
        for (const Slide& s : lesson_.slides)
            if (s.checkpoint) check_complete(*s.checkpoint);
        return std::move(lesson_);
    }

private:
    Lesson lesson_;
    int line_ = 0;

    [[noreturn]] void fail(const std::string& sentence) const { throw LessonError(at_line(lesson_.file, line_, sentence)); }

    Slide& slide() {
        if (lesson_.slides.empty()) lesson_.slides.emplace_back();
        return lesson_.slides.back();
    }

    // A new slide keeps the section and the run of the one before it: a run is stated once and
    // stepped through on the slides that follow.
    void next_slide() {
        Slide carried;
        if (!lesson_.slides.empty()) {
            const Slide& last = lesson_.slides.back();
            if (last.line == 0) return;
            carried.section = last.section;
            carried.run_words = last.run_words;
            carried.run_line = last.run_line;
        }
        lesson_.slides.push_back(std::move(carried));
    }

    void directive(const std::string& text) {
        const size_t space = text.find(' ');
        const std::string word = text.substr(0, space);
        const std::string rest = space == std::string::npos ? "" : trimmed(text.substr(space + 1));
        Slide& s = slide();
        if (word == "run") {
            const std::optional<std::vector<std::string>> words = shell_words(rest);
            if (!words) fail("a quote on this ::: run line is not closed");
            s.run_words = *words;
            s.run_line = line_;
            if (s.run_words.empty()) fail("::: run needs the words of scanlab trace, e.g. ::: run --algo brent-kung --preset fig9.10");
        } else if (word == "step" || word == "steps") {
            long long a = 0, b = 0;
            if (!read_range(rest, a, b)) fail("::: " + word + " expects a step number or a range A-B, got " + quoted_word(rest));
            s.first_step = a, s.last_step = b, s.step_line = line_;
        } else if (word == "view") {
            view(s, rest);
        } else if (word == "section") {
            s.section = rest;
        } else if (word == "language") {
            if (rest != "en" && rest != "pt") fail("::: language is en or pt, got " + quoted_word(rest));
            lesson_.language = rest;
        } else if (word == "checkpoint") {
            checkpoint(s, rest);
        } else {
            checkpoint_part(s, word, rest);
        }
    }

    void view(Slide& s, const std::string& rest) {
        const std::vector<std::string> w = words_of(rest);
        bool known = false;
        for (const char* v : kLessonViews) known = known || (!w.empty() && w[0] == v);
        if (!known)
            fail("::: view names one of steps, compare, counts, live, fig9.10, source, exercises, kernel; got " + quoted_word(rest));
        s.view = w[0];
        s.view_line = line_;
        if (w.size() == 1) return;
        if (w.size() != 3 || (w[1] != "cells" && w[1] != "row" && w[1] != "lines") || !read_range(w[2], s.point_from, s.point_to))
            fail("::: view " + w[0] + " points at cells A-B, row K or lines A-B; got " + quoted_word(rest));
        s.point = w[1];
    }

    void checkpoint(Slide& s, const std::string& kind) {
        if (s.checkpoint) fail("a slide has one checkpoint; this slide's is at line " + std::to_string(s.checkpoint->line));
        Checkpoint c;
        c.line = line_;
        if (kind == "number")
            c.kind = Checkpoint::Kind::number;
        else if (kind == "choice")
            c.kind = Checkpoint::Kind::choice;
        else if (kind == "predict")
            c.kind = Checkpoint::Kind::predict;
        else if (kind == "kernel")
            c.kind = Checkpoint::Kind::kernel;
        else
            fail("::: checkpoint is number, choice, predict or kernel; got " + quoted_word(kind));
        s.checkpoint = c;
    }

    // ::: ask, ::: answer, ::: right, ::: wrong, ::: holds: the parts of the slide's checkpoint.
    void checkpoint_part(Slide& s, const std::string& word, const std::string& rest) {
        const bool part = word == "ask" || word == "answer" || word == "right" || word == "wrong" || word == "holds";
        if (!part)
            fail("unknown directive ::: " + word +
                 " (run, step, steps, view, section, language, checkpoint, ask, answer, right, wrong, holds)");
        if (!s.checkpoint) fail("::: " + word + " belongs to a checkpoint: write ::: checkpoint number|choice|predict|kernel above it");
        Checkpoint& c = *s.checkpoint;
        if (rest.empty()) fail("::: " + word + " needs its text");
        if (word == "ask") {
            c.question = rest;
        } else if (word == "answer") {
            const size_t eq = rest.rfind('=');
            c.answer = trimmed(eq == std::string::npos ? rest : rest.substr(0, eq));
            c.stated = eq == std::string::npos ? "" : trimmed(rest.substr(eq + 1));
            c.answer_line = line_;
            if (c.kind == Checkpoint::Kind::kernel) c.exercise = graded_exercise(rest);
        } else if (word == "holds") {
            c.holds = rest;
            c.holds_line = line_;
        } else {
            if (c.kind != Checkpoint::Kind::choice) fail("::: " + word + " is an option of a choice checkpoint");
            const size_t bar = rest.find('|');
            ChoiceOption o{line_, trimmed(rest.substr(0, bar)), bar == std::string::npos ? "" : trimmed(rest.substr(bar + 1)),
                           word == "right"};
            if (!o.right && o.reason.empty()) fail("a wrong option says why it is wrong: ::: wrong TEXT | REASON");
            c.options.push_back(o);
        }
    }

    // A kernel checkpoint's answer: "exercise N", an exercise `scanlab grade` grades.
    int graded_exercise(const std::string& rest) const {
        const std::vector<std::string> w = words_of(rest);
        const auto& graded = kGradedExercises;
        if (w.size() == 2 && w[0] == "exercise")
            for (int e : graded)
                if (w[1] == std::to_string(e)) return e;
        fail("a kernel checkpoint's answer is the exercise whose kernel is graded: ::: answer exercise 4 or ::: answer exercise 5; got " +
             quoted_word(rest));
    }

    void check_complete(const Checkpoint& c) const {
        const auto missing = [&](const std::string& what) {
            throw LessonError(at_line(lesson_.file, c.line, "this checkpoint has no " + what));
        };
        if (c.question.empty()) missing("question (::: ask)");
        if (c.kind == Checkpoint::Kind::number && c.answer.empty()) missing("answer (::: answer additions = 26)");
        if (c.kind == Checkpoint::Kind::kernel && c.exercise == 0) missing("exercise (::: answer exercise 4)");
        if (c.kind != Checkpoint::Kind::choice) return;
        int right = 0;
        for (const ChoiceOption& o : c.options) right += o.right;
        if (right != 1 || c.options.size() < 2) missing("single right option among two or more (::: right and ::: wrong)");
    }
};

}  // namespace

// The lesson's file as a compiler names it ("ch9.md:12: ..."), quoted as any path the user gave
// where it is long or holds a character that would change how the line reads.
std::string file_name_shown(const std::string& file) {
    const bool plain = file.size() <= 40 && std::none_of(file.begin(), file.end(), [](char c) {
                           return static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\'';
                       });
    return plain && quoted_path(file) == "'" + file + "'" ? file : quoted_path(file);
}

std::string at_line(const std::string& file, int line, const std::string& sentence) {
    return file_name_shown(file) + ":" + std::to_string(line) + ": " + sentence;
}

Lesson parse_lesson(const std::string& text, const std::string& file) {
    LessonReader r(file);
    std::istringstream in(text);
    std::string raw;
    for (int number = 1; std::getline(in, raw); ++number) r.line(number, raw);
    return r.finish();
}

Lesson read_lesson(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string file = path.substr(path.find_last_of('/') + 1);
    if (!in) throw LessonError("cannot open the lesson " + quoted_path(path));
    std::ostringstream text;
    text << in.rdbuf();
    return parse_lesson(text.str(), file);
}

}  // namespace scanlab
