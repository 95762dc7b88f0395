#pragma once
// The teaching listings (assets/kernels/*.cu.txt, embedded at build time): the book-style kernel
// of each algorithm and, per (kernel, phase), the lines a step executes. The app's source pane and
// the CLI (`scanlab listing`, `scanlab exercise`) read this one copy.
//
// A listing file starts with a header, then "---", then the code:
//   @title One line shown above the code
//   @ K1 stride: 8-14, 27        kernel name and phase name as the trace spells them, 1-based lines
//   @type double                 the element type the source prints (a note when a run uses another)
//   @exclusive 5: TEXT           line 5 as an exclusive scan runs it (TEXT after ": " verbatim)
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/algorithms/table.hpp"  // listing_name: which listing a run shows
#include "core/trace.hpp"

namespace scanlab {

struct Listing {
    std::string name;  // file stem, e.g. "hierarchical-kogge-stone"
    std::string title;
    std::vector<std::string> lines;
    std::map<std::string, std::vector<int>> highlights;  // "K1 stride" -> lines (1-based)
    std::string type;  // "double" where the source fixes the type
    std::map<int, std::string> exclusive_lines;  // line (1-based) -> its exclusive form
};

// The code as a run shows it: the exclusive load lines replace the inclusive ones.
std::vector<std::string> shown_lines(const Listing& l, bool exclusive);
// A sentence when the source fixes an element type the run does not use; empty otherwise.
std::string type_note(const Listing& l, ElementType run_type);

// Throws ScanError naming the file and line when the header is malformed or a line is out of range.
Listing parse_listing(const std::string& name, std::string_view text);

// The embedded listing, or nullptr if none is built in.
const Listing* find_listing(const std::string& name);
// The lines a step of a trace executes (empty if the listing does not map its phase).
std::vector<int> highlighted_lines(const Listing& l, const Step& s);
// The same for step `step` of `t`, and on the last step of a kernel also the kernel's store of
// its results after the loop (`@ scan store`: `Y[i] = XY[t]`), which no step of its own records.
std::vector<int> highlighted_lines(const Listing& l, const Trace& t, size_t step);
std::string highlight_key(const Step& s);

// Embedded asset files (generated at configure time from assets/): name -> text.
struct EmbeddedFile {
    const char* name;
    const char* text;
};
const std::vector<EmbeddedFile>& embedded_listings();

}  // namespace scanlab
