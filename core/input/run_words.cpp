#include "core/input/run_words.hpp"

#include <algorithm>

#include "core/algorithms/table.hpp"
#include "core/input/run_options.hpp"

namespace scanlab {
namespace {

// "  kogge-stone   9.2 Kogge-Stone, ..." for every row of the algorithm table.
std::string algorithm_lines() {
    size_t width = 0;
    for (const AlgorithmInfo& row : algorithm_table()) width = std::max(width, row.name.size());
    std::string s;
    for (const AlgorithmInfo& row : algorithm_table())
        s += "  " + std::string(row.name) + std::string(width + 2 - row.name.size(), ' ') + std::string(row.summary) + "\n";
    return s;
}

// The help's lines for the options of `group`: the flag and its value word, then the help in a
// column `column` wide (further out when the words are longer), its later lines under it.
std::string option_lines(OptionGroup group, size_t column) {
    std::string s;
    for (const RunOption& o : run_options()) {
        if (o.group != group || !o.help) continue;
        std::string head = "  ";
        head.append(o.flag);
        if (!o.is_switch()) head.append(" ").append(o.value_word);
        head.append(head.size() + 3 > column ? 3 : column - head.size(), ' ');
        const std::string help = o.help();
        for (size_t at = 0, nl = 0; at <= help.size(); at = nl + 1) {
            nl = std::min(help.find('\n', at), help.size());
            if (at == 0)
                s.append(head);
            else
                s.append(column, ' ');
            s.append(help, at, nl - at).push_back('\n');
        }
    }
    return s;
}

}  // namespace

std::string run_words_usage() {
    return "INPUT (exactly one):\n" + option_lines(OptionGroup::input, 38) + "\nOPTIONS:\n" + option_lines(OptionGroup::option, 27) +
           "\nALGORITHMS:\n" + algorithm_lines() + "\n";
}

namespace {

// "--preset, --input, --input-file or --random N" | "preset, input or random": the inputs a run
// takes one of, in `voice`'s words (a link names no file).
std::string input_words(Voice voice) {
    std::vector<std::string> words;
    for (const RunOption& o : run_options())
        if (o.source && (voice == Voice::cli || o.in_link) && !(voice == Voice::link && o.flag == "--input-file"))
            words.push_back(o.word(voice) + (voice == Voice::cli && o.flag == "--random" ? " N" : ""));
    std::string s;
    for (size_t i = 0; i < words.size(); ++i) s += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    return s;
}

}  // namespace

RunSpec parse_run_words(const std::vector<std::string>& args, const OwnWord& own, Voice voice) {
    RunSpec o;
    o.request.algorithm = kWordsDefaultAlgorithm;
    int inputs = 0;
    std::vector<const RunOption*> given;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& flag = args[i];
        const std::function<const std::string&()> value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw UsageError(flag + " needs a value");
            return args[++i];
        };
        if (const RunOption* option = find_option_by_flag(flag)) {
            option->read(o, option->word(voice), option->is_switch() ? flag : value());
            inputs += option->source;
            given.push_back(option);
        } else if (!own || !own(flag, value)) {
            throw UsageError("unknown option " + quoted_word(flag) + " (see scanlab --help)");
        }
    }
    // An option that does not apply is refused, never silently ignored: the first such in the
    // table's order is named.
    for (const RunOption& option : run_options())
        if (option.refusal && !option.takes(o.request) && std::find(given.begin(), given.end(), &option) != given.end())
            if (const std::string why = option.refusal(o.request, voice); !why.empty()) throw UsageError(why);
    if (inputs == 0) throw UsageError("no input: give one of " + input_words(voice));
    if (inputs > 1) throw UsageError("give only one input: " + input_words(voice));
    return o;
}

}  // namespace scanlab
