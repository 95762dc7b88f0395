#include "app/cli/link_command.hpp"

#include <iostream>

#include "app/cli/error_sentences.hpp"
#include "core/input/run_link.hpp"
#include "core/input/run_words.hpp"

namespace scanlab::cli {
namespace {

const char* kLinkUsage =
    "usage: scanlab link --algo ALGO INPUT [OPTIONS] [--step K|last] [--view steps|compare|counts|live]\n"
    "                    [--compare ALGO] [--present] [--base URL]\n"
    "  The web edition's link to this run at step K (a step number of scanlab trace), in that view,\n"
    "  presenting or not. INPUT and OPTIONS as for scanlab trace. --base is where the page is hosted\n"
    "  (default http://127.0.0.1:8000/, what tools/web.sh serves).\n";

}  // namespace

int run_link_command(const std::vector<std::string>& args) {
    return with_error_sentences(
        [&] {
            if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
                std::cout << kLinkUsage;
                return with_output_written(0);
            }
            std::string base = "http://127.0.0.1:8000/";
            std::vector<std::string> place_words;  // the page's own, read back by parse_run_link below
            RunSpec spec = parse_run_words(args, [&](const std::string& flag, const std::function<const std::string&()>& value) {
                if (flag == "--base")
                    base = value();
                else if (flag == "--present")
                    place_words.push_back("present=1");
                else if (flag == "--step" || flag == "--view" || flag == "--compare")
                    place_words.push_back(flag.substr(2) + "=" + value());
                else
                    return false;
                return true;
            });
            // The page's words checked as the page reads them (an unknown view is refused here, not there).
            std::string query = run_link_query(spec, {});
            for (const std::string& w : place_words) query += "&" + w;
            const RunLink link = parse_run_link(query);
            std::cout << base << "?" << run_link_query(link.spec, link.place) << "\n";
            return with_output_written(0);
        },
        "out of memory");
}

}  // namespace scanlab::cli
