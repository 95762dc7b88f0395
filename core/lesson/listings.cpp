#include "core/lesson/listings.hpp"

#include <algorithm>
#include <charconv>
#include <memory>

#include "core/error.hpp"
#include "core/whole_number.hpp"

namespace scanlab {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

int line_number(std::string_view s, const std::string& where) {
    s = trim(s);
    const int v = parse_whole<int>(s).value_or(0);
    if (v < 1) throw ScanError(where + ": '" + std::string(s) + "' is not a line number");
    return v;
}

}  // namespace

Listing parse_listing(const std::string& name, std::string_view text) {
    Listing l;
    l.name = name;
    std::vector<std::string_view> rows;
    for (size_t i = 0; i <= text.size();) {
        size_t j = text.find('\n', i);
        if (j == std::string_view::npos) j = text.size();
        rows.push_back(text.substr(i, j - i));
        i = j + 1;
    }
    if (!rows.empty() && rows.back().empty()) rows.pop_back();
    size_t r = 0;
    std::vector<std::pair<std::string, std::string>> ranges;  // key, text; checked once lines are known
    std::vector<std::pair<std::string, std::string>> exclusive;  // line, text; likewise
    for (; r < rows.size() && trim(rows[r]) != "---"; ++r) {
        const std::string_view row = trim(rows[r]);
        const std::string where = name + " line " + std::to_string(r + 1);
        if (row.empty()) continue;
        if (row.substr(0, 6) == "@title") {
            l.title = std::string(trim(row.substr(6)));
        } else if (row.substr(0, 6) == "@type ") {
            l.type = std::string(trim(row.substr(6)));
        } else if (row.substr(0, 11) == "@exclusive ") {
            // The replacement keeps its own indentation: everything after ": ", untrimmed.
            std::string_view raw = rows[r];
            if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
            const size_t colon = raw.find(':');
            if (colon == std::string_view::npos || raw.substr(colon, 2) != ": ")
                throw ScanError(where + ": expected '@exclusive LINE: TEXT'");
            exclusive.emplace_back(std::string(raw.substr(11, colon - 11)), std::string(raw.substr(colon + 2)));
        } else if (row.substr(0, 2) == "@ ") {
            const size_t colon = row.find(':');
            if (colon == std::string_view::npos) throw ScanError(where + ": expected '@ KERNEL PHASE: LINES'");
            ranges.emplace_back(std::string(trim(row.substr(2, colon - 2))), std::string(row.substr(colon + 1)));
        } else {
            throw ScanError(where + ": a header line starts with @title, @type, @exclusive or @");
        }
    }
    if (r == rows.size()) throw ScanError(name + ": no '---' line between the header and the code");
    for (++r; r < rows.size(); ++r) {
        std::string line(rows[r]);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        l.lines.push_back(std::move(line));
    }
    for (const auto& [key, spec] : ranges) {
        const std::string where = name + " '" + key + "'";
        std::vector<int>& lines = l.highlights[key];
        std::string_view rest = spec;
        while (!trim(rest).empty()) {
            const size_t comma = rest.find(',');
            const std::string_view part = trim(rest.substr(0, comma));
            rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
            const size_t dash = part.find('-');
            const int a = line_number(part.substr(0, dash), where);
            const int b = dash == std::string_view::npos ? a : line_number(part.substr(dash + 1), where);
            if (b < a || b > int(l.lines.size()))
                throw ScanError(where + ": lines " + std::string(part) + " are not within the " + std::to_string(l.lines.size()) +
                                " lines of code");
            for (int x = a; x <= b; ++x) lines.push_back(x);
        }
    }
    for (const auto& [line, replacement] : exclusive) {
        const int at = line_number(line, name + " @exclusive");
        if (at > int(l.lines.size()))
            throw ScanError(name + " @exclusive " + line + ": not within the " + std::to_string(l.lines.size()) + " lines of code");
        l.exclusive_lines[at] = replacement;
    }
    return l;
}

std::vector<std::string> shown_lines(const Listing& l, bool exclusive) {
    std::vector<std::string> lines = l.lines;
    if (exclusive)
        for (const auto& [at, text] : l.exclusive_lines) lines[size_t(at - 1)] = text;
    return lines;
}

std::string type_note(const Listing& l, ElementType run_type) {
    if (l.type.empty() || l.type == name(run_type)) return "";
    return "The source uses " + l.type + "; this run scans " + std::string(name(run_type)) + " values with the same code.";
}

const Listing* find_listing(const std::string& wanted) {
    // Parsed once; a malformed embedded listing is caught by the tests, and skipped here.
    static const std::vector<std::unique_ptr<Listing>> all = [] {
        std::vector<std::unique_ptr<Listing>> v;
        for (const EmbeddedFile& f : embedded_listings()) {
            try {
                v.push_back(std::make_unique<Listing>(parse_listing(f.name, f.text)));
            } catch (const ScanError&) {}
        }
        return v;
    }();
    for (const auto& l : all)
        if (l->name == wanted) return l.get();
    return nullptr;
}

// "scan stride", "K3 add-block-sums"; an event step by its kind: "scan passed".
std::string highlight_key(const Step& s) {
    return std::string(name(s.kernel)) + " " + std::string(s.event ? name(s.event->kind) : name(s.phase));
}

std::vector<int> highlighted_lines(const Listing& l, const Step& s) {
    auto it = l.highlights.find(highlight_key(s));
    return it == l.highlights.end() ? std::vector<int>{} : it->second;
}

std::vector<int> highlighted_lines(const Listing& l, const Trace& t, size_t step) {
    const Step& s = t.steps[step];
    std::vector<int> lines = highlighted_lines(l, s);
    const bool kernels_last = step + 1 == t.steps.size() || t.steps[step + 1].kernel != s.kernel || t.steps[step + 1].depth != s.depth;
    if (kernels_last && !s.event)
        if (auto it = l.highlights.find(std::string(name(s.kernel)) + " store"); it != l.highlights.end()) {
            lines.insert(lines.end(), it->second.begin(), it->second.end());
            std::sort(lines.begin(), lines.end());
            lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
        }
    return lines;
}

}  // namespace scanlab
