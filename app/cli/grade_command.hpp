#pragma once
// `scanlab grade --exercise 4|5 FILE.cu`: a student's answer graded on hidden inputs
// (kernel_tracer/host/grade.hpp); this file reads the words and prints the report.
#include <string>
#include <vector>

namespace scanlab::cli {

// `args` are the words after "grade". Exit status 0 when every check passed, 1 when one failed (or
// the file does not compile), 2 for words it does not take.
int run_grade_command(const std::vector<std::string>& args);

}  // namespace scanlab::cli
