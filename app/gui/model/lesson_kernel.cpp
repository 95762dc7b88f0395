#include "app/gui/model/lesson_kernel.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "kernel_tracer/host/grade.hpp"

namespace scanlab::gui {
namespace fs = std::filesystem;

namespace {

// The text written where `scanlab grade` reads it: a folder of its own for each grading, removed after.
std::pair<Grade, std::string> grade_text(int exercise, const std::string& file_name, const std::string& text, bool every_type) {
    std::error_code ec;
    const fs::path folder = fs::temp_directory_path(ec) / ("scanlab-lesson-grade-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(folder, ec);
    const fs::path file = folder / fs::path(file_name.empty() ? "my_scan.cu" : file_name).filename();
    std::pair<Grade, std::string> out;
    try {
        std::ofstream f(file, std::ios::binary | std::ios::trunc);
        f << text;
        f.close();
        if (!f) throw ScanError("could not write the kernel's text to " + file.string() + " to grade it");
        const kernel_tracer::Grade g = kernel_tracer::grade_exercise(exercise, file.string(), {.every_type = every_type});
        std::string failed;
        for (const kernel_tracer::GradeCheck& c : g.checks) {
            out.second += std::string(c.passed ? "PASS  " : "FAIL  ") + c.name + "\n";
            if (!c.passed && failed.empty()) failed = c.name + ": " + c.failure;
        }
        out.first = {g.passed(), g.passed() ? "" : "failed " + failed};
    } catch (const ScanError& e) {
        out.first = {false, e.what()};
    }
    fs::remove_all(folder, ec);
    return out;
}

}  // namespace

bool kernel_grading_available() { return true; }

void KernelGradeJob::start(int exercise, const std::string& file_name, const std::string& text, bool every_type) {
    if (running()) return;
    report.clear();
    job_ = std::async(std::launch::async, grade_text, exercise, file_name, text, every_type);
}

std::optional<Grade> KernelGradeJob::poll() {
    if (!running() || job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return std::nullopt;
    auto [grade, lines] = job_.get();
    report = std::move(lines);
    return grade;
}

}  // namespace scanlab::gui
