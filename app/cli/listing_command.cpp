#include "app/cli/listing_command.hpp"

#include <algorithm>
#include <iostream>

#include "app/cli/error_sentences.hpp"
#include "core/algorithms/table.hpp"
#include "core/input/run_words.hpp"
#include "core/lesson/listings.hpp"
#include "core/number_text.hpp"

namespace scanlab::cli {
namespace {

const char* kListingUsage =
    "usage:\n"
    "  scanlab listing                          every listing, with its title\n"
    "  scanlab listing --algo ALGO [--block-algo A] [--exclusive]\n"
    "                                           the listing a run of ALGO shows, as that run executes it\n";

}  // namespace

int run_listing_command(const std::vector<std::string>& args) {
    return with_error_sentences(
        [&] {
            if (args.empty()) {
                for (const AlgorithmInfo& row : algorithm_table()) {
                    std::vector<Algorithm> blocks{row.fixed_block};
                    if (row.takes_block_algorithm) blocks = block_algorithms_for(row.id);
                    for (Algorithm b : blocks) {
                        const std::string n = listing_name(row.id, b);
                        const Listing* l = find_listing(n);
                        std::cout << "  --algo " << row.name;
                        if (row.takes_block_algorithm) std::cout << " --block-algo " << name(b);
                        std::cout << "\n      " << (l ? l->title : "(no listing)") << "\n";
                    }
                }
                return 0;
            }
            if (args[0] == "--help" || args[0] == "-h") {
                std::cout << kListingUsage;
                return 0;
            }
            std::optional<Algorithm> algo, block;
            bool exclusive = false;
            for (size_t i = 0; i < args.size(); ++i) {
                const std::string& flag = args[i];
                if (flag == "--exclusive") {
                    exclusive = true;
                    continue;
                }
                if (flag != "--algo" && flag != "--block-algo")
                    throw UsageError("unknown option " + quoted_word(flag) + " (scanlab listing --help)");
                if (i + 1 >= args.size()) throw UsageError(flag + " needs a value (scanlab listing --help)");
                const std::string& v = args[++i];
                const std::optional<Algorithm> a = parse_algorithm(v);
                if (!a) throw UsageError("unknown algorithm " + quoted_word(v) + " (scanlab --help lists them)");
                (flag == "--algo" ? algo : block) = a;
            }
            if (!algo) throw UsageError("scanlab listing needs --algo (scanlab listing --help)");
            const AlgorithmInfo& row = algorithm_info(*algo);
            if (block && !row.takes_block_algorithm) throw UsageError("--block-algo does not apply to " + std::string(row.name));
            const std::vector<Algorithm> blocks = block_algorithms_for(*algo);
            if (block && std::find(blocks.begin(), blocks.end(), *block) == blocks.end())
                throw UsageError("--block-algo " + std::string(name(*block)) + " is not a block algorithm of " + std::string(row.name));
            const Algorithm b = block.value_or(row.takes_block_algorithm && !blocks.empty() ? blocks.front() : row.fixed_block);
            const Listing* l = find_listing(listing_name(*algo, b));
            if (!l) throw ScanError("no listing is built in for " + std::string(row.name));
            std::cout << "// " << l->title << "\n";
            for (const std::string& line : shown_lines(*l, exclusive)) std::cout << line << "\n";
            std::cout.flush();
            return std::cout ? 0 : 1;
        },
        "out of memory");
}

}  // namespace scanlab::cli
