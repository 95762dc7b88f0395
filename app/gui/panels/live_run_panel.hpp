#pragma once
// The Live run tab (live_run_panel.cpp) and its parts: the benchmark's results and chart, the
// sampled trace.
#include <imgui.h>

#include "kernels/bench/bench.hpp"

namespace scanlab::gui {

struct App;

void draw_live_run_panel(App& app);
void draw_bench_results(App& app);  // the live tab's table, chart and save (bench_results.cpp)
void draw_bench_chart(App& app, const bench::BenchResult& r, bool time, ImVec2 size);  // log-log, bench_chart.cpp
void draw_sampled_trace_section(App& app);  // the live tab's sampled trace (sampled_trace_panel.cpp)

}  // namespace scanlab::gui
