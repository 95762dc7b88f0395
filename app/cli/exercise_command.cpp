#include "app/cli/exercise_command.hpp"

#include <charconv>
#include <iostream>

#include "app/cli/error_sentences.hpp"
#include "core/error.hpp"
#include "core/input/run_words.hpp"
#include "core/lesson/exercises.hpp"
#include "core/number_text.hpp"
#include "core/whole_number.hpp"
#include "kernels/select_backend.hpp"

namespace scanlab::cli {
namespace {

const char* kExerciseUsage =
    "usage:\n"
    "  scanlab exercise                         the exercises of PMPP 3rd ed. chapter 9, one line each\n"
    "  scanlab exercise N [--backend auto|cpu|gpu] [--device NAME]\n"
    "                                           exercise N answered from real runs, with the commands that repeat them\n"
    "                                           (--device: exercise 9 for one GPU of its table)\n";

void list() {
    std::cout << "PMPP 3rd ed., chapter 9 (scanlab exercise N answers one from real runs):\n";
    for (const Exercise& e : chapter9_exercises())
        std::cout << "  " << e.number << ". " << e.statement << "  [" << e.fourth_edition << "]\n";
    std::cout << "The 4th edition's chapter 11 also asks for Kogge-Stone with double buffering instead of the second barrier "
                 "(its exercise 2; --algo kogge-stone-double-buffer).\n";
}

}  // namespace

int run_exercise_command(const std::vector<std::string>& args) {
    return with_error_sentences(
        [&] {
            if (args.empty()) {
                list();
                return 0;
            }
            if (args[0] == "--help" || args[0] == "-h") {
                std::cout << kExerciseUsage;
                return 0;
            }
            const std::string& word = args[0];
            const std::optional<int> read = parse_whole<int>(word);
            if (!read) throw UsageError(quoted_word(word) + " is not an exercise number: give 1 to 9 (scanlab exercise lists them)");
            const int number = *read;
            BackendChoice choice = BackendChoice::automatic;
            ExerciseOptions options;
            for (size_t i = 1; i < args.size(); ++i) {
                const std::string& flag = args[i];
                if (i + 1 >= args.size()) throw UsageError(flag + " needs a value (scanlab exercise --help)");
                const std::string& v = args[++i];
                if (flag == "--backend") {
                    auto b = parse_backend_choice(v);
                    if (!b) throw UsageError("unknown backend " + quoted_word(v) + "; choose auto, cpu or gpu");
                    choice = *b;
                } else if (flag == "--device") {
                    if (number != 9) throw UsageError("--device picks a GPU for exercise 9 only");
                    options.device = v;
                } else {
                    throw UsageError("unknown option " + quoted_word(flag) + " (scanlab exercise --help)");
                }
            }
            if (number == 9) options.this_gpu = this_machine_gpu();
            BackendSelection selection = select_backend(choice);
            if (!selection.note.empty() && number != 9) std::cerr << "scanlab: " << selection.note << "\n";
            const ExerciseAnswer a = answer_exercise(number, *selection.backend, options);
            std::cout << exercise_text(a);
            std::cout.flush();
            return std::cout ? 0 : 1;
        },
        "out of memory");
}

}  // namespace scanlab::cli
