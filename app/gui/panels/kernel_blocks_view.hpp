#pragma once
// A student's kernel with more than one block (kernel_blocks_view.cpp): its blocks as tiles over
// their sections, in the order they ran, a turn at a time; nothing for any other trace.
#include <cstddef>

namespace scanlab::gui {

struct App;
struct ShownTrace;

void draw_kernel_blocks(App& app, const ShownTrace& st, size_t step);

}  // namespace scanlab::gui
