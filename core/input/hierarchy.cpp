#include "core/input/hierarchy.hpp"

#include "core/number_text.hpp"

namespace scanlab {

int scan_levels(int64_t n, int section) {
    int levels = 1;
    for (int64_t m = n; section > 0 && m > section; m = (m + section - 1) / section) ++levels;
    return levels;
}

std::string levels_note(const Trace& t) {
    // A student's kernel launched as the hierarchical scan has host code of its own, whose levels these are not.
    if (t.algorithm != Algorithm::hierarchical || t.section <= 0 || !t.kernel.empty()) return "";
    const int levels = scan_levels(t.n, t.section);
    if (levels <= 2) return "";
    const int64_t s = (t.n + t.section - 1) / t.section;
    const std::string sec = grouped(t.section);
    return std::to_string(levels) + " levels: kernel 1 writes " + grouped(s) + " block sums to S, more than one section of " + sec +
           ", so kernel 2 scans S hierarchically (S^1) instead of in one block. The book's two-level scan (9.5, Figure 9.9) has one "
           "block scan S, so it takes at most " +
           sec + "² = " + grouped(two_level_limit(t.section)) + " elements in sections of " + sec +
           (t.section == 2048 ? "" : " (2048² = 4,194,304 with Brent-Kung's 2048)") +
           "; 9.5's 134,217,728 = 65,536 blocks × 2048 counts the blocks a grid "
           "may have, but S of 65,536 sums is more than one block scans.";
}

}  // namespace scanlab
