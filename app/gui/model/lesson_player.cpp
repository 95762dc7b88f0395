#include "app/gui/model/lesson_player.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/gui/model/session.hpp"
#include "core/course/lesson_check.hpp"
#include "core/course/slide_run.hpp"
#include "core/trace_io/atomic_file.hpp"

namespace scanlab::gui {

bool LessonPlayer::open(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open the lesson " + path + ": it does not exist or is not readable";
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (!open_text(text.str(), path.substr(path.find_last_of('/') + 1))) return false;
    this->path = path;
    return true;
}

bool LessonPlayer::open_text(const std::string& text, const std::string& file) {
    try {
        Lesson l = parse_lesson(text, file);
        // A lesson that does not hold against its runs is refused whole, with its first problem:
        // the player never shows a number its run contradicts.
        if (const std::vector<std::string> problems = check_lesson(l); !problems.empty()) {
            error = problems.front() + (problems.size() > 1 ? " (and " + std::to_string(problems.size() - 1) + " more; scanlab lesson check lists them)" : "");
            return false;
        }
        std::vector<PreparedSlide> prepared;
        LessonRuns runs;
        for (const Slide& s : l.slides) {
            const SlideFacts f = slide_facts(file, s, runs.trace(file, s));
            PreparedSlide p{slide_markdown(file, s, f), "", {}, LessonRuns::spec(file, s), f.step, s.view};
            if (s.checkpoint) {
                p.question = fill_placeholders(file, s.checkpoint->line, s.checkpoint->question, f);
                p.answer = checkpoint_answer(file, s, f);
            }
            prepared.push_back(std::move(p));
        }
        progress.emplace(l);
        typed.assign(l.slides.size(), "");
        graded.assign(l.slides.size(), std::nullopt);
        slides = std::move(prepared);
        lesson = std::move(l);
        path.clear();  // open() names it
        slide = 0;
        error.clear();
        load_progress();
        return true;
    } catch (const ScanError& e) {
        error = e.what();
        return false;
    }
}

void LessonPlayer::go(size_t k, Session& session) {
    if (!lesson || k >= slides.size()) return;
    const bool same_run = k != slide && lesson->slides[k].run_words == lesson->slides[slide].run_words && session.trace &&
                          session.trace == run_trace_;
    slide = k;
    black = false;
    // A slide on the same run only moves the step; another run is opened as an ordinary run.
    // On the CPU emulation, as the lesson's numbers were made: its warp and block schedules are
    // reproducible, so a racy run on screen is the one the prose speaks of (a GPU's is not).
    if (!same_run || !session.trace) {
        session.form.backend = BackendChoice::cpu;
        session.open_run(slides[k].spec);
    }
    step_pending_ = true;
    follow(session);
}

void LessonPlayer::next(Session& session) {
    if (lesson && slide + 1 < slides.size()) go(slide + 1, session);
}

void LessonPlayer::back(Session& session) {
    if (lesson && slide > 0) go(slide - 1, session);
}

void LessonPlayer::follow(Session& session) {
    if (!step_pending_ || session.busy() || !session.trace) return;
    step_pending_ = false;
    run_trace_ = session.trace;
    session.playing = false;
    const long long k = slides[slide].step;
    session.go_to(k < 0 ? 0 : size_t(k));
}

std::optional<Grade> LessonPlayer::check(const std::string& given) {
    if (!lesson || !lesson->slides[slide].checkpoint) return std::nullopt;
    const Grade g = grade(*lesson->slides[slide].checkpoint, slides[slide].answer, given);
    progress->record(slide, g);
    graded[slide] = g;
    save_progress();
    return g;
}

// One line a checkpoint: "SLIDE TRIES RIGHT" (the slide from 1). A line for a slide that has no
// checkpoint now (the lesson was edited since) is left out.
void LessonPlayer::load_progress() {
    if (progress_folder.empty()) return;
    std::ifstream in(progress_folder + "/" + lesson->file + ".progress");
    size_t k = 0;
    int tries = 0, right = 0;
    while (in >> k >> tries >> right)
        if (k >= 1 && k <= progress->slides.size() && progress->slides[k - 1] && tries > 0)
            *progress->slides[k - 1] = CheckpointRecord{tries, right != 0};
}

void LessonPlayer::save_progress() {
    if (progress_folder.empty()) return;
    try {
        std::error_code ec;
        std::filesystem::create_directories(progress_folder, ec);
        save_file_atomically(progress_folder + "/" + lesson->file + ".progress", "the lesson's progress", [&](std::ostream& out) {
            for (size_t k = 0; k < progress->slides.size(); ++k)
                if (const auto& r = progress->slides[k]; r && r->attempted()) out << k + 1 << ' ' << r->tries << ' ' << r->right << '\n';
        });
        save_error.clear();
    } catch (const ScanError& e) {
        save_error = e.what();
    }
}

bool LessonPlayer::run_on_screen(const Session& session) const { return session.trace && session.trace == run_trace_; }

bool LessonPlayer::answer_open() const {
    return progress && slide < progress->slides.size() && progress->slides[slide] && progress->slides[slide]->attempted();
}

}  // namespace scanlab::gui
