#include "core/input/run_link.hpp"

#include <algorithm>
#include <cstring>

#include "core/algorithms/table.hpp"
#include "core/input/run_options.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"

namespace scanlab {
namespace {

// Letters, digits and - . _ ~ : , stay as they are (a link stays readable: "every:3", "2,1,3");
// a space is '+', as a browser's form writes it; anything else is %XX.
std::string encoded(std::string_view s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || std::strchr("-._~:,", c))
            out += char(c);
        else if (c == ' ')
            out += '+';
        else
            out += '%', out += hex[c >> 4], out += hex[c & 15];
    }
    return out;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string decoded(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+') {
            out += ' ';
        } else if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 && hex_digit(s[i + 2]) >= 0) {
            out += char(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

}  // namespace

std::vector<std::string> run_words(const RunSpec& spec) {
    std::vector<std::string> w;
    for (const RunOption& option : run_options()) {
        if (!option.in_link) continue;
        if (const std::optional<std::string> v = stated_value(option, spec)) {
            w.emplace_back(option.flag);
            if (!option.is_switch()) w.push_back(*v);
        }
    }
    return w;
}

std::string run_link_query(const RunSpec& spec, const LinkPlace& place) {
    std::string query;
    auto param = [&query](std::string_view key, std::string_view value) {
        query += (query.empty() ? "" : "&") + std::string(key) + "=" + encoded(value);
    };
    const std::vector<std::string> words = run_words(spec);
    for (size_t i = 0; i < words.size(); ++i) {
        const RunOption* option = find_option_by_flag(words[i]);
        if (option->is_switch())
            param(option->link_key(), "1");
        else
            param(option->link_key(), words[++i]);
    }
    if (place.compare) param("compare", name(*place.compare));
    if (place.view != 0) param("view", kLinkViews[place.view]);
    if (place.last_step)
        param("step", "last");
    else if (place.step != 0)
        param("step", std::to_string(place.step));
    if (place.present) param("present", "1");
    return query;
}

std::string lesson_link_query(const LessonLink& lesson, const LinkPlace& place) {
    std::string query = "lesson=" + encoded(lesson.name) + "&slide=" + std::to_string(lesson.slide);
    if (place.view != 0) query += std::string("&view=") + kLinkViews[place.view];
    if (lesson.step_given) query += "&step=" + std::to_string(place.step);
    if (place.present) query += "&present=1";
    return query;
}

namespace {

// A lesson's name as a link gives it: a file name of the lessons' folder, never a path.
std::string lesson_name(const std::string& value) {
    const bool plain = !value.empty() && value.size() <= 64 && value.front() != '-' &&
                       std::all_of(value.begin(), value.end(), [](unsigned char c) { return std::isalnum(c) || c == '-' || c == '_'; });
    if (!plain) throw UsageError("lesson " + quoted_word(value) + " is no lesson's name: give the name of a shipped lesson, as chapter9");
    return value;
}

// The lesson parameters of a link, checked once the whole query is read.
void finish_lesson_link(RunLink& link, const std::optional<std::string>& name, const std::optional<std::string>& slide, bool run_given,
                        bool step_given) {
    if (!name && !slide) return;
    if (!name) throw UsageError("slide needs a lesson: give lesson=NAME beside it (lesson=chapter9&slide=3)");
    if (run_given)
        throw UsageError("a lesson link names a slide, whose run the lesson states: leave out the run's options (algo, preset, ...)");
    LessonLink l{lesson_name(*name)};
    if (slide) {
        const std::optional<size_t> k = parse_whole<size_t>(*slide);
        if (!k || *k == 0)
            throw UsageError("slide " + quoted_word(*slide) + " is no slide number: slides count from 1 (slide=1, slide=2, ...)");
        l.slide = *k;
    }
    l.step_given = step_given;
    if (link.place.last_step) throw UsageError("step=last is not a lesson link's: give the step's number");
    if (link.place.compare) throw UsageError("compare is not a lesson link's: the slide states its run");
    link.lesson = l;
}

}  // namespace

RunLink parse_run_link(std::string_view query) {
    if (!query.empty() && query.front() == '?') query.remove_prefix(1);
    RunLink link;
    std::vector<std::string> words;
    bool input_given = false;
    std::optional<std::string> lesson, slide;
    bool step_given = false;
    while (!query.empty()) {
        const size_t amp = query.find('&');
        const std::string_view part = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (part.empty()) continue;
        const size_t eq = part.find('=');
        const std::string key = decoded(part.substr(0, eq));
        const std::string value = eq == std::string_view::npos ? "" : decoded(part.substr(eq + 1));
        if (key == "lesson") {
            lesson = value;
        } else if (key == "slide") {
            slide = value;
        } else if (key == "step") {
            step_given = true;
            if (value == "last") {
                link.place.last_step = true;
            } else {
                const std::optional<size_t> k = parse_whole<size_t>(value);
                if (!k)
                    throw UsageError("step " + quoted_word(value) +
                                     " is no step number: give a step of scanlab trace (0, 1, 2, ...) or last");
                link.place.step = *k;
            }
        } else if (key == "view") {
            const auto* v = std::find(std::begin(kLinkViews), std::end(kLinkViews), value);
            if (v == std::end(kLinkViews))
                throw UsageError("unknown view " + quoted_word(value) + "; choose steps, compare, counts or live");
            link.place.view = int(v - std::begin(kLinkViews));
        } else if (key == "present") {
            if (value != "1" && value != "0" && value != "true" && value != "false" && !value.empty())
                throw UsageError("present " + quoted_word(value) + " is neither 1 nor 0");
            link.place.present = value == "1" || value == "true" || value.empty();
        } else if (key == "compare") {
            link.place.compare = parse_algorithm(value);
            if (!link.place.compare) throw UsageError("unknown algorithm " + quoted_word(value) + " to compare with");
        } else if (const RunOption* option = find_option_by_link_key(key); option && option->is_switch()) {
            if (value != "0" && value != "false") words.emplace_back(option->flag);
        } else if (option) {
            words.emplace_back(option->flag);
            words.push_back(value);
            input_given = input_given || option->source;
        } else {
            throw UsageError("unknown link parameter " + quoted_word(key) +
                             "; a link takes the options of scanlab trace (algo=..., preset=..., section=...) and step, view, "
                             "compare and present, or lesson and slide");
        }
    }
    finish_lesson_link(link, lesson, slide, !words.empty(), step_given);
    // No input named: Figure 9.10's sixteen values, as the app starts.
    if (!input_given) words.push_back("--preset"), words.push_back("fig9.10");
    // The words are the link's: a refusal names its keys (section=3), never the command line's flags.
    link.spec = parse_run_words(words, nullptr, Voice::link);
    return link;
}

}  // namespace scanlab
