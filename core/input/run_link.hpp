#pragma once
// A run as a link to the web edition: the words of `scanlab trace` as a URL's query, and where the
// page stands (the step, the view, presentation mode, the algorithm the Compare tab runs beside it):
//   ?algo=hierarchical&preset=fig9.10&step=3&present=1
// Each `--flag VALUE` is flag=VALUE and each switch (--exclusive) is switch=1. Reading a link
// refuses what the command line refuses, naming the link's keys where the command line names its
// flags ("section=0", not "--section 0"); `scanlab link` and the page write them.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/input/run_spec.hpp"
#include "core/types.hpp"

namespace scanlab {

// The views a link can open: the Trace panel's tabs.
inline constexpr const char* kLinkViews[] = {"steps", "compare", "counts", "live"};

struct LinkPlace {
    size_t step = 0;
    bool last_step = false;  // step=last
    int view = 0;  // an index into kLinkViews
    bool present = false;
    std::optional<Algorithm> compare;
};

// A lesson's slide as a link: ?lesson=chapter9&slide=3 (slides counted from 1, as the player shows
// them), with the link's step, view and present where the screen differs from what the slide opens.
struct LessonLink {
    std::string name;  // the lesson's file name without ".md" (letters, digits, - and _)
    size_t slide = 1;
    bool step_given = false;  // the link's step is the place's; else the slide's own step
};

struct RunLink {
    RunSpec spec;
    LinkPlace place;
    std::optional<LessonLink> lesson;  // a lesson's slide: spec is then the default run, unused
};

// The words that state `spec` to parse_run_words (only what differs from its defaults, the input
// always); the trace limit and the backend are the front end's own and are left out.
std::vector<std::string> run_words(const RunSpec& spec);

// "algo=hierarchical&preset=fig9.10&step=3": the query of a link to `spec` at `place`.
std::string run_link_query(const RunSpec& spec, const LinkPlace& place);

// "lesson=chapter9&slide=3&step=5": the query of a link to a lesson's slide; the place's step is
// written where `step_given`, its view and presentation where they are not the first tab and off.
std::string lesson_link_query(const LessonLink& lesson, const LinkPlace& place);

// A link's query (with or without its '?'); an empty one is Figure 9.10. Throws UsageError with the
// sentence for a parameter that is unknown or refused. A lesson link takes lesson, slide, step, view
// and present, and no run option (the slide states its run).
RunLink parse_run_link(std::string_view query);

}  // namespace scanlab
