#pragma once
// A slide held against its run: the run its ::: run words state, made by the CPU emulation (the
// same words as `scanlab trace`, read by parse_run_words), the numbers the prose may quote from it,
// and the prose with its placeholders filled in. A placeholder with no value on the slide is an
// error naming its line, never an empty gap.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/course/lesson.hpp"
#include "core/input/run_spec.hpp"
#include "core/lesson/index_formula.hpp"
#include "core/trace.hpp"

namespace scanlab {

// What a slide may quote: whole numbers by name (for {{additions}} and {{= 2*N - 1}}) and words
// ({{algorithm}}, {{label}}, {{explain}}, ...).
struct SlideFacts {
    Bindings numbers;  // names are string literals, so the views stay valid
    std::map<std::string, std::string> words;
    const Trace* trace = nullptr;
    long long step = -1;  // the slide's last step shown, -1: none
};

// The runs of a lesson, each distinct run made once.
class LessonRuns {
public:
    // The slide's run; throws LessonError at its ::: run line when the words are refused, or at the
    // slide when it has none.
    const Trace& trace(const std::string& file, const Slide& slide);
    // The spec the slide's words state, as the app opens it as an ordinary run.
    static RunSpec spec(const std::string& file, const Slide& slide);

private:
    std::map<std::vector<std::string>, std::shared_ptr<const Trace>> made_;
};

// The numbers and words of `slide` on `trace`. Throws LessonError at the ::: step line for a step
// the run does not have.
SlideFacts slide_facts(const std::string& file, const Slide& slide, const Trace& trace);

// The value of one placeholder, the text between {{ and }}: a number grouped ("4,085"), an element
// ("value Y[5]", "cell 3"), a word ("label"); nothing when the slide has none.
std::optional<std::string> placeholder_value(const SlideFacts& facts, const std::string& inside);

// `text` (line `line` of the file) with every {{...}} replaced by its value. Throws LessonError
// naming the placeholder and what the slide does have when one has no value.
std::string fill_placeholders(const std::string& file, int line, const std::string& text, const SlideFacts& facts);

// The slide's prose, placeholders filled in, as Markdown.
std::string slide_markdown(const std::string& file, const Slide& slide, const SlideFacts& facts);

}  // namespace scanlab
