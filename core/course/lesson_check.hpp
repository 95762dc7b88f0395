#pragma once
// `scanlab lesson check`: every slide of a lesson run and held against its run. A lesson passes
// only when every directive resolves, every placeholder has a value, every point of a view lies in
// the run, and every checkpoint's stated answer is what the run gives; each failure is one
// sentence "FILE:LINE: ...", and the check goes on to the next slide so a lecturer sees them all.
#include <string>
#include <vector>

#include "core/course/lesson.hpp"

namespace scanlab {

std::vector<std::string> check_lesson(const Lesson& lesson);

// A slide as `scanlab lesson show` prints it: its place, its run, its prose with the numbers
// filled in, and its checkpoint (the question and options, never the answer). Throws LessonError.
std::string slide_text(const Lesson& lesson, size_t slide);

}  // namespace scanlab
