#pragma once
// The Lesson panel's own words in each language a lesson may be written in (::: language), one
// table with the languages side by side, so that a lesson is data and the player speaks its language.
#include <string>

namespace scanlab::gui {

enum class LessonWord {
    back,
    next,
    check,
    score,
    slide,
    of,
    checkpoints,
    right,
    not_yet,
    tries,
    run_answer,
    answer_closed,
    back_to_lesson,
    checkpoint,
    number_hint,
    cells_hint,
    english_explanations,
    count  // count: the table's size
};

// The word in `language` ("en", "pt"); English for a language the table does not have.
const char* lesson_word(LessonWord w, const std::string& language);

}  // namespace scanlab::gui
