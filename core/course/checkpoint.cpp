#include "core/course/checkpoint.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/lesson/explain.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

std::optional<int64_t> read_number(const std::string& text) {
    std::string digits;
    for (char c : text)
        if (c != ',' && c != ' ' && c != '_') digits += c;
    if (digits.empty() || digits.size() > 18) return std::nullopt;
    const bool minus = digits[0] == '-';
    if (digits.size() == size_t(minus)) return std::nullopt;
    int64_t v = 0;
    for (size_t i = minus; i < digits.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(digits[i]))) return std::nullopt;
        v = v * 10 + (digits[i] - '0');
    }
    return minus ? -v : v;
}

}  // namespace

std::optional<std::vector<int64_t>> read_cells(const std::string& raw) {
    // The en dash the explanations print ("1–3") reads as a hyphen.
    const std::string_view dash = "–";
    std::string text;
    for (size_t i = 0; i < raw.size(); ++i) {
        const bool en_dash = std::string_view(raw).substr(i, dash.size()) == dash;
        text += en_dash ? '-' : raw[i];
        if (en_dash) i += dash.size() - 1;
    }
    std::set<int64_t> cells;
    size_t at = 0;
    while (at <= text.size()) {
        const size_t comma = std::min(text.find(',', at), text.size());
        const std::string part = text.substr(at, comma - at);
        const size_t dash = part.find('-', part.find_first_not_of(' ') + 1);
        const std::optional<int64_t> a = read_number(part.substr(0, dash));
        const std::optional<int64_t> b = dash == std::string::npos ? a : read_number(part.substr(dash + 1));
        if (!a || !b || *a < 0 || *b < *a || *b - *a > 1'000'000) return std::nullopt;
        for (int64_t c = *a; c <= *b; ++c) cells.insert(c);
        at = comma + 1;
    }
    return std::vector<int64_t>(cells.begin(), cells.end());
}

CheckpointAnswer checkpoint_answer(const std::string& file, const Slide& slide, const SlideFacts& facts) {
    const Checkpoint& c = *slide.checkpoint;
    CheckpointAnswer a;
    if (c.kind == Checkpoint::Kind::number) {
        // Any placeholder whose value is a number: "total", "value S[2]", "cell 3", "2*N - 1".
        const std::optional<std::string> value = placeholder_value(facts, c.answer);
        if (value) a.number = read_number(*value);
        if (!a.number)
            throw LessonError(
                at_line(file, c.answer_line, "the checkpoint's answer " + quoted_word(c.answer) + " has no value on this slide's run"));
        a.text = grouped(*a.number);
    } else if (c.kind == Checkpoint::Kind::predict) {
        if (facts.step < 0) throw LessonError(at_line(file, c.line, "a predict checkpoint asks about a step: give the slide ::: step K"));
        const std::optional<std::vector<int64_t>> cells = read_cells(facts.words.at("cells"));
        a.cells = cells.value_or(std::vector<int64_t>{});
        if (a.cells.empty())
            throw LessonError(at_line(
                file, c.line, "step " + std::to_string(facts.step) + " writes no cell by an addition: there is nothing to predict"));
        a.text = ranges(a.cells);
    } else if (c.kind == Checkpoint::Kind::kernel) {
        a.text = "a kernel that passes every check of scanlab grade --exercise " + std::to_string(c.exercise);
    } else {
        for (size_t i = 0; i < c.options.size(); ++i)
            if (c.options[i].right) a.right_option = i, a.text = c.options[i].text;
    }
    return a;
}

Grade grade(const Checkpoint& c, const CheckpointAnswer& answer, const std::string& given) {
    if (c.kind == Checkpoint::Kind::number) {
        const std::optional<int64_t> n = read_number(given);
        if (!n) return {false, quoted_word(given) + " is not a whole number"};
        return {*n == *answer.number, *n == *answer.number ? "" : "not " + grouped(*n)};
    }
    if (c.kind == Checkpoint::Kind::predict) {
        const std::optional<std::vector<int64_t>> cells = read_cells(given);
        if (!cells) return {false, quoted_word(given) + " is not a list of cells such as 1-3, 5"};
        return {*cells == answer.cells, *cells == answer.cells ? "" : "the step does not write exactly " + ranges(*cells)};
    }
    if (c.kind == Checkpoint::Kind::kernel) return {false, "a kernel is graded by running it: Grade in the Lesson panel"};
    const std::optional<int64_t> k = read_number(given);
    if (!k || *k < 1 || *k > int64_t(c.options.size())) return {false, "choose an option from 1 to " + std::to_string(c.options.size())};
    const ChoiceOption& o = c.options[size_t(*k - 1)];
    return {o.right, o.reason};
}

LessonProgress::LessonProgress(const Lesson& lesson) {
    for (const Slide& s : lesson.slides)
        slides.push_back(s.checkpoint ? std::optional<CheckpointRecord>(CheckpointRecord{}) : std::nullopt);
}

void LessonProgress::record(size_t slide, const Grade& g) {
    std::optional<CheckpointRecord>& r = slides.at(slide);
    if (!r || r->right) return;
    ++r->tries;
    r->right = g.right;
}

int LessonProgress::checkpoints() const {
    return int(std::count_if(slides.begin(), slides.end(), [](const auto& r) { return r.has_value(); }));
}

int LessonProgress::right() const {
    return int(std::count_if(slides.begin(), slides.end(), [](const auto& r) { return r && r->right; }));
}

int LessonProgress::right_first_time() const {
    return int(std::count_if(slides.begin(), slides.end(), [](const auto& r) { return r && r->right && r->tries == 1; }));
}

}  // namespace scanlab
