#include "core/course/prose_check.hpp"

#include <algorithm>
#include <regex>
#include <vector>

#include "core/number_text.hpp"

namespace scanlab {
namespace {

// A noun a lecturer counts, in each language, and the run's numbers a count of it may be.
struct CountedNoun {
    const char* singular;
    const char* plural;
    std::vector<const char*> numbers;  // names of SlideFacts::numbers
    const char* placeholder;  // what to write instead
};

const std::vector<CountedNoun>& nouns(const std::string& language) {
    static const std::vector<CountedNoun> en = {
        {"addition", "additions", {"total", "additions", "step_additions", "formula", "bound"}, "{{total}} or {{additions}}"},
        {"step", "steps", {"steps"}, "{{steps}}"},
        {"thread", "threads", {"threads", "active", "idle", "warp"}, "{{threads}}, {{active}}, {{idle}} or {{warp}}"},
        {"block", "blocks", {"blocks"}, "{{blocks}}"},
        {"value", "values", {"N"}, "{{N}}"},
        {"element", "elements", {"N"}, "{{N}}"},
    };
    static const std::vector<CountedNoun> pt = {
        {"adição", "adições", {"total", "additions", "step_additions", "formula", "bound"}, "{{total}} ou {{additions}}"},
        {"passo", "passos", {"steps"}, "{{steps}}"},
        {"bloco", "blocos", {"blocks"}, "{{blocks}}"},
        {"valor", "valores", {"N"}, "{{N}}"},
        {"elemento", "elementos", {"N"}, "{{N}}"},
    };
    return language == "pt" ? pt : en;
}

std::optional<int64_t> number_named(const SlideFacts& f, std::string_view name) {
    for (const auto& [n, v] : f.numbers)
        if (n == name) return v;
    return std::nullopt;
}

int64_t read_grouped(const std::string& digits) {
    std::string plain;
    for (char c : digits)
        if (c != ',') plain += c;
    return plain.size() > 18 ? -1 : std::stoll(plain);
}

// "27 additions": the counts of the run's nouns, in agreement and as the run has them.
std::optional<std::string> refused_count(const std::string& text, const SlideFacts& f, const std::string& language) {
    // A number (grouped 4,083) standing alone: not part of a word, an index, a formula or a range.
    static const std::regex counted(R"((^|[\s(*_])(\d{1,3}(?:,\d{3})+|\d+)\s+([^\s.,;:!?)*_]+))");
    static const std::regex period(R"((every|each|cada)\s*$)");
    for (std::sregex_iterator m(text.begin(), text.end(), counted), end; m != end; ++m) {
        const std::string digits = (*m)[2], word = (*m)[3];
        if (std::regex_search(text.substr(0, size_t(m->position(2))), period)) continue;
        for (const CountedNoun& noun : nouns(language)) {
            const bool singular = word == noun.singular, plural = word == noun.plural;
            if (!singular && !plural) continue;
            const int64_t n = read_grouped(digits);
            if ((n == 1) != singular)
                return digits + " " + word + ": the count and its noun disagree (1 " + noun.singular + ", " + (n == 1 ? "2" : digits) +
                       " " + noun.plural + ")";
            std::string has;
            bool held = false;
            for (const char* name : noun.numbers) {
                const std::optional<int64_t> v = number_named(f, name);
                held = held || (v && *v == n);
                if (v) has += std::string(has.empty() ? "" : ", ") + name + " " + grouped(*v);
            }
            if (held) break;  // this count is the run's: on to the next
            return "the run contradicts \"" + digits + " " + word + "\": it has " + has + "; write " + noun.placeholder +
                   " so that the number comes from the run";
        }
    }
    return std::nullopt;
}

// "Y[5] = 23", "N = 16": an element or N given a value by hand (not the end of a formula: "log2 N = 4").
std::optional<std::string> refused_value(const std::string& text, const SlideFacts& f) {
    static const std::regex stated(R"((^|[^A-Za-z0-9_\[])([XYS]\[(\d+)\]|N)\s*=\s*(-?\d+)(?![\d.,]\d))");
    static const std::regex in_formula(R"((log2?|[−\-+*·/×^])\s*$)");
    for (std::sregex_iterator m(text.begin(), text.end(), stated), end; m != end; ++m) {
        const std::string what = (*m)[2], given = (*m)[4];
        if (std::regex_search(text.substr(0, size_t(m->position(2))), in_formula)) continue;
        const std::optional<std::string> value =
            what == "N" ? std::optional<std::string>(std::to_string(*number_named(f, "N"))) : placeholder_value(f, "value " + what);
        if (!value) return what + " = " + given + ": the run has no " + what;
        std::string plain;
        for (char c : *value)
            if (c != ',') plain += c;
        if (plain != given)
            return "the run contradicts \"" + what + " = " + given + "\": " + what + " is " + *value + " on it; write {{" +
                   (what == "N" ? "N" : "value " + what) + "}} so that the number comes from the run";
    }
    return std::nullopt;
}

// A run of max or min adds nothing: its prose does not speak of additions.
std::optional<std::string> refused_operator(const std::string& text, const SlideFacts& f) {
    if (!f.trace || f.trace->op == OpKind::sum) return std::nullopt;
    static const std::regex adds(R"(\b(additions?|adds|added|\+=)(?![A-Za-z]))");
    std::smatch m;
    if (!std::regex_search(text, m, adds)) return std::nullopt;
    const std::string op = f.trace->op == OpKind::max ? "max" : "min";
    std::string why = "\"";  // (append: GCC 12 warns falsely on + here)
    return why.append(m.str(1))
        .append("\" on a run of ")
        .append(op)
        .append(", which adds nothing: say what it combines (")
        .append(op)
        .append(" operations)");
}

}  // namespace

std::optional<std::string> refused_sentence(const std::string& text, const SlideFacts& facts, const std::string& language) {
    if (std::optional<std::string> why = refused_value(text, facts)) return why;
    if (std::optional<std::string> why = refused_count(text, facts, language)) return why;
    return refused_operator(text, facts);
}

}  // namespace scanlab
