#pragma once
// A lecturer's sentence held against the slide's run, as the explanation tests hold the app's own
// explanations (tests/explanation_sentences_test.cpp): what a sentence can be checked for is what
// it states of the run in numbers and in the operator's words. The numbers a placeholder gives are
// the run's by construction (and {{explain}} is held by the explanation tests), so what is held is
// the text the lecturer typed: a slide's prose (and its question) is refused where it
//   - counts the run's things by hand and the run contradicts the count: "27 additions", "9 steps",
//     "16 threads", "4 blocks", "16 values" (a count of additions is the run's whole count, the
//     count so far, the step's, or the chapter's formula or bound at this N; of steps, the run's;
//     of threads, a block's, the step's active or idle ones; of blocks, the grid; of values or
//     elements, N);
//   - gives an element a value the run contradicts: "Y[5] = 23", "X[0] = 2", "S[2] = 20", "N = 16";
//   - lets a count disagree with its noun ("1 additions", "3 step");
//   - speaks of additions on a run whose operator is max or min, which adds nothing.
// A number the prose means as something else is written with a placeholder or a formula
// ({{= N*log2N - (N - 1)}}), which is right by construction; docs/lessons.md says so.
#include <optional>
#include <string>

#include "core/course/slide_run.hpp"

namespace scanlab {

// Why the run refuses `text` (a line of prose as the lecturer wrote it, its placeholders left out),
// as a sentence; nothing where it holds. `language` is the lesson's ("en", "pt"): the nouns
// counted are its own. A number after "every" ("a flag every 4 elements") is a period, not a count.
std::optional<std::string> refused_sentence(const std::string& text, const SlideFacts& facts, const std::string& language);

}  // namespace scanlab
