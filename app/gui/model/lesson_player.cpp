#include "app/gui/model/lesson_player.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/gui/model/session.hpp"
#include "core/course/lesson_check.hpp"
#include "core/course/slide_run.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"

namespace scanlab::gui {

bool LessonPlayer::open(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open the lesson " + quoted_path(path) + ": it does not exist or is not readable";
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
            error = problems.front() +
                    (problems.size() > 1 ? " (and " + std::to_string(problems.size() - 1) + " more; scanlab lesson check lists them)" : "");
            return false;
        }
        std::vector<PreparedSlide> prepared;
        LessonRuns runs;
        for (const Slide& s : l.slides) {
            const SlideFacts f = slide_facts(file, s, runs.trace(file, s));
            PreparedSlide p{slide_markdown(file, s, f), "", {}, LessonRuns::spec(file, s), f.step, -1, s.view};
            if (s.first_step && s.last_step && *s.first_step < *s.last_step) p.first_step = *s.first_step;
            if (s.checkpoint) {
                p.question = fill_placeholders(file, s.checkpoint->line, s.checkpoint->question, f);
                p.answer = checkpoint_answer(file, s, f);
            }
            prepared.push_back(std::move(p));
        }
        progress.emplace(l);
        typed.assign(l.slides.size(), "");
        graded.assign(l.slides.size(), std::nullopt);
        kernel_report.clear();
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
    const bool same_run =
        k != slide && lesson->slides[k].run_words == lesson->slides[slide].run_words && session.trace && session.trace == run_trace_;
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
    take_kernel_grade(session);
    if (!step_pending_ || session.busy() || !session.trace) return;
    step_pending_ = false;
    run_trace_ = session.trace;
    session.playing = false;
    const PreparedSlide& p = slides[slide];
    view_request = p.view;
    // ::: steps A-B: the slide opens at A and plays on to B, where it stops.
    if (p.first_step >= 0) {
        session.go_to(size_t(p.first_step));
        session.play_stop = size_t(p.step);
        session.playing = true;
        return;
    }
    session.play_stop.reset();
    session.go_to(p.step < 0 ? 0 : size_t(p.step));
}

std::optional<LessonPointer> LessonPlayer::pointer(const Session& session) const {
    if (!lesson || !run_on_screen(session)) return std::nullopt;
    const Slide& s = lesson->slides[slide];
    if (s.point.empty()) return std::nullopt;
    return LessonPointer{s.view, s.point, s.point_from, s.point_to};
}

std::optional<Grade> LessonPlayer::check(const std::string& given) {
    if (!lesson || !lesson->slides[slide].checkpoint) return std::nullopt;
    const Grade g = grade(*lesson->slides[slide].checkpoint, slides[slide].answer, given);
    record(slide, g);
    return g;
}

void LessonPlayer::record(size_t k, const Grade& g) {
    progress->record(k, g);
    graded[k] = g;
    save_progress();
}

bool LessonPlayer::open_kernel_starter(Session& session) {
    if (!lesson || !lesson->slides[slide].checkpoint) return false;
    const int exercise = lesson->slides[slide].checkpoint->exercise;
    // The student's kernel in progress is theirs: the starter opens only over another text.
    const KernelStarter* starter = starter_for_exercise(exercise);
    if (starter && session.your_kernel.starter == starter) return true;
    return session.your_kernel.try_exercise(session, exercise);
}

void LessonPlayer::grade_kernel(Session& session) {
    if (!lesson || !lesson->slides[slide].checkpoint || !session.your_kernel.grade(lesson->slides[slide].checkpoint->exercise)) return;
    grading_slide_ = slide;
    grading_lesson_ = lesson->file;
    grading_number_ = session.your_kernel.grading.started;
    kernel_report.clear();
}

namespace {

// The checkpoint's grade of a kernel's grading: right when every check passed; else the first
// failed check with its smallest failing input, or why it could not be graded.
Grade checkpoint_grade(const GradeOutcome& o) {
    if (!o.grade) return {false, o.stopped};
    if (o.grade->cancelled) return {false, "the grading was cancelled before its last run"};
    for (const kernel_tracer::GradeCheck& c : o.grade->checks)
        if (!c.passed) return {false, "failed " + c.name + ": " + c.failure};
    return {true, ""};
}

}  // namespace

void LessonPlayer::take_kernel_grade(Session& session) {
    session.your_kernel.grading.poll();  // whichever of the Session and the lesson polls first in a frame
    if (grading_number_ == 0 || session.your_kernel.grading.graded_number != grading_number_) return;
    grading_number_ = 0;
    // A grade that ends after another lesson was opened is that lesson's no more: it is dropped.
    if (!lesson || lesson->file != grading_lesson_ || grading_slide_ >= slides.size()) return;
    const GradeOutcome& o = *session.your_kernel.grading.outcome;
    if (o.grade)
        for (const kernel_tracer::GradeCheck& c : o.grade->checks)
            kernel_report += std::string(c.passed ? "PASS  " : "FAIL  ") + c.name + "\n";
    record(grading_slide_, checkpoint_grade(o));
}

std::string LessonPlayer::progress_text() const {
    std::ostringstream out;
    for (size_t k = 0; k < progress->slides.size(); ++k)
        if (const auto& r = progress->slides[k]; r && r->attempted()) out << k + 1 << ' ' << r->tries << ' ' << r->right << '\n';
    return out.str();
}

// A line for a slide that has no checkpoint now (the lesson was edited since) is left out.
void LessonPlayer::read_progress_text(const std::string& text) {
    std::istringstream in(text);
    size_t k = 0;
    int tries = 0, right = 0;
    while (in >> k >> tries >> right)
        if (k >= 1 && k <= progress->slides.size() && progress->slides[k - 1] && tries > 0)
            *progress->slides[k - 1] = CheckpointRecord{tries, right != 0};
}

void LessonPlayer::load_progress() {
    if (kept_progress) return read_progress_text(kept_progress(lesson->file));
    if (progress_folder.empty()) return;
    std::ifstream in(progress_folder + "/" + lesson->file + ".progress");
    std::ostringstream text;
    text << in.rdbuf();
    read_progress_text(text.str());
}

void LessonPlayer::save_progress() {
    if (keep_progress) {
        save_error = keep_progress(lesson->file, progress_text());
        return;
    }
    if (progress_folder.empty()) return;
    try {
        std::error_code ec;
        std::filesystem::create_directories(progress_folder, ec);
        save_file_atomically(progress_folder + "/" + lesson->file + ".progress", "the lesson's progress",
                             [&](std::ostream& out) { out << progress_text(); });
        save_error.clear();
    } catch (const ScanError& e) {
        save_error = e.what();
    }
}

std::string LessonPlayer::name() const {
    if (!lesson) return "";
    const std::string& f = lesson->file;
    return f.size() > 3 && f.compare(f.size() - 3, 3, ".md") == 0 ? f.substr(0, f.size() - 3) : f;
}

std::vector<std::string> shipped_lessons() {
    std::vector<std::string> paths;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(SCANLAB_LESSONS, ec))
        if (e.path().extension() == ".md") paths.push_back(e.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

bool LessonPlayer::run_on_screen(const Session& session) const { return session.trace && session.trace == run_trace_; }

bool LessonPlayer::answer_open() const {
    return progress && slide < progress->slides.size() && progress->slides[slide] && progress->slides[slide]->attempted();
}

}  // namespace scanlab::gui
