#include "app/gui/model/lesson_words.hpp"

#include <array>

namespace scanlab::gui {
namespace {

struct WordRow {
    LessonWord word;
    const char* en;
    const char* pt;
};

// One row a word, in LessonWord's order (checked below).
constexpr std::array<WordRow, size_t(LessonWord::count)> kWords{{
    {LessonWord::back, "< Back", "< Voltar"},
    {LessonWord::next, "Next >", "Avançar >"},
    {LessonWord::check, "Check", "Verificar"},
    {LessonWord::score, "Score", "Pontuação"},
    {LessonWord::slide, "Slide", "Slide"},
    {LessonWord::of, "of", "de"},
    {LessonWord::checkpoints, "checkpoints", "perguntas"},
    {LessonWord::right, "Right.", "Certo."},
    {LessonWord::not_yet, "Not yet.", "Ainda não."},
    {LessonWord::tries, "Tries", "Tentativas"},
    {LessonWord::run_answer, "The run's answer", "A resposta da execução"},
    {LessonWord::answer_closed, "The answer opens once you have tried.", "A resposta aparece depois da sua tentativa."},
    {LessonWord::back_to_lesson, "Back to the lesson", "Voltar à aula"},
    {LessonWord::checkpoint, "Checkpoint", "Pergunta"},
    {LessonWord::number_hint, "a number", "um número"},
    {LessonWord::cells_hint, "cells, e.g. 1-3, 5", "células, ex.: 1-3, 5"},
    {LessonWord::english_explanations, "", "As explicações geradas das execuções (painel Explain) estão em inglês."},
}};

constexpr bool in_order() {
    for (size_t i = 0; i < kWords.size(); ++i)
        if (size_t(kWords[i].word) != i) return false;
    return true;
}
static_assert(in_order(), "kWords lists the words in LessonWord's order");

}  // namespace

const char* lesson_word(LessonWord w, const std::string& language) {
    const WordRow& r = kWords[size_t(w)];
    return language == "pt" ? r.pt : r.en;
}

}  // namespace scanlab::gui
