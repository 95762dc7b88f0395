#include "app/gui/export/offline_page.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string_view>

#include "app/gui/model/lesson_player.hpp"
#include "app/gui/model/settings.hpp"
#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/trace_io/atomic_file.hpp"
#include "core/trace_io/json_text.hpp"
#include "core/trace_io/trace_json.hpp"

namespace scanlab::gui {
namespace {

constexpr const char* kRunLine = "Module.scanlabRun";
constexpr const char* kFileLine = "Module.scanlabFile=";
// The page itself is about 6 MB; a file claiming to be it at 64 MB is something else.
constexpr long kMaxPageBytes = 64L << 20;
constexpr long kMaxLessonBytes = 1L << 20;

std::string read_whole(const std::string& path, long max_bytes, const char* what) {
    const SmallFile f = read_small_file(path, max_bytes);
    if (!f.problem.empty()) throw ScanError(std::string("cannot read ") + what + " '" + path + "': " + f.problem);
    if (!f.exists) throw ScanError(std::string("cannot open ") + what + " '" + path + "': it does not exist");
    return f.text;
}

// The web build's offline page: beside this program's build tree, where `cmake --build build-web
// --target scanlab-offline` writes it.
}  // namespace

std::string default_offline_page() {
    if (const char* env = std::getenv("SCANLAB_OFFLINE_PAGE"); env && *env) return env;
    return std::string(SCANLAB_SOURCE_DIR) + "/build-web/offline/scanlab-offline.html";
}

namespace {

// The end of the statement that begins at `from`: the `;` after its string (escapes skipped).
size_t statement_end(const std::string& html, size_t from) {
    bool in_string = false;
    for (size_t i = from; i < html.size(); ++i) {
        const char c = html[i];
        if (in_string && c == '\\')
            ++i;
        else if (c == '"')
            in_string = !in_string;
        else if (!in_string && (c == ';' || c == '\n'))
            return i;
    }
    return std::string::npos;
}

// The file's checks: a trace that reads back as the page would read it, or a lesson whose slides
// hold against their runs. The sentence is the one the page would show, said before the file is made.
void refuse_past_the_pages_limit(const std::string& name, uint64_t bytes) {
    if (bytes > kPageMaxTraceFileBytes)
        throw ScanError("'" + name + "' is " + byte_size(bytes) + ": the page opens trace files up to " +
                        byte_size(kPageMaxTraceFileBytes) +
                        ", as much as it holds in its memory; save a smaller run (fewer values, or a sampled trace)");
}

void check_carried(const std::string& name, const std::string& text, bool is_trace) {
    if (is_trace) {
        refuse_past_the_pages_limit(name, text.size());
        std::istringstream in(text);
        read_trace_json(in, "'" + name + "'");
        return;
    }
    LessonPlayer lesson;
    if (!lesson.open_text(text, name)) throw ScanError(lesson.error);
}

}  // namespace

OfflinePageOptions parse_offline_page_options(const std::vector<std::string>& args) {
    OfflinePageOptions o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw ScanError(a + " needs a value");
            return args[++i];
        };
        if (a == "--format") {
            if (value() != "html") throw ScanError("an offline page is --format html");
        } else if (a == "--trace")
            o.trace = value();
        else if (a == "--lesson")
            o.lesson = value();
        else if (a == "--page")
            o.page = value();
        else if (a == "--out")
            o.out = value();
        else
            throw ScanError("unknown option " + quoted_word(a) +
                            " for export --format html; it takes --trace F.json or --lesson F.md, --out F.html and --page P");
    }
    if (o.trace.empty() == o.lesson.empty()) throw ScanError("export --format html carries one file: give --trace F.json or --lesson F.md");
    if (o.out.empty()) throw ScanError("export --format html needs --out F.html");
    if (o.page.empty()) o.page = default_offline_page();
    return o;
}

namespace {

// Where the page sets its run (`Module.scanlabRun = "...";`; the page's script also reads it): npos
// unless it does so exactly once.
size_t run_assignment(const std::string& html) {
    size_t found = std::string::npos;
    for (size_t at = html.find(kRunLine); at != std::string::npos; at = html.find(kRunLine, at + 1)) {
        const size_t next = html.find_first_not_of(' ', at + std::string_view(kRunLine).size());
        if (next == std::string::npos || html[next] != '=' || html.compare(next, 2, "==") == 0) continue;
        if (found != std::string::npos) return std::string::npos;
        found = at;
    }
    return found;
}

}  // namespace

std::string offline_page_carrying(const std::string& page_html, const std::string& name, const std::string& text) {
    std::string html = page_html;
    const size_t run = run_assignment(html);
    const size_t run_end = run == std::string::npos ? run : statement_end(html, run);
    if (run_end == std::string::npos || html[run_end] != ';')
        throw ScanError(
            "this is not Scan Lab's offline page (no single line of its run, Module.scanlabRun); build it with: cmake --build build-web --target scanlab-offline");
    if (const size_t old = html.find(kFileLine); old != std::string::npos) {
        const size_t end = statement_end(html, old);
        html.erase(old, end == std::string::npos ? std::string::npos : end + 1 - old);
    }
    std::ostringstream line;
    line << kFileLine << "{\"name\":";
    json_text::quoted(line, name);
    line << ",\"text\":";
    json_text::quoted(line, text);
    line << "};";
    // Inside a <script>: "</" would end it (a lesson may quote HTML), so it is written "<\/", the same string.
    const std::string text_line = line.str();
    std::string carried;
    carried.reserve(text_line.size());
    for (size_t i = 0; i < text_line.size(); ++i) {
        carried.push_back(text_line[i]);
        if (text_line[i] == '<' && i + 1 < text_line.size() && text_line[i + 1] == '/') carried.push_back('\\');
    }
    html.insert(run_end + 1, carried);
    return html;
}

size_t write_offline_page(const std::string& page_path, const std::string& name, const std::string& text, bool is_trace,
                          const std::string& out) {
    std::error_code ec;
    if (!std::filesystem::exists(page_path, ec))
        throw ScanError(
            "the offline page '" + page_path +
            "' is not built: build it with `bash tools/web.sh --build && cmake --build build-web --target scanlab-offline`, or give --page FILE");
    check_carried(name, text, is_trace);
    const std::string html = offline_page_carrying(read_whole(page_path, kMaxPageBytes, "the offline page"), name, text);
    save_file_atomically(out, "the page", [&](std::ostream& o) { o.write(html.data(), std::streamsize(html.size())); });
    return html.size();
}

int run_html_export(const std::vector<std::string>& args) {
    try {
        const OfflinePageOptions o = parse_offline_page_options(args);
        const bool is_trace = !o.trace.empty();
        const std::string& file = is_trace ? o.trace : o.lesson;
        // A trace past the page's limit is refused in the page's words before it is read.
        std::error_code ec;
        if (const uintmax_t size = std::filesystem::file_size(file, ec); is_trace && !ec)
            refuse_past_the_pages_limit(std::filesystem::path(file).filename().string(), size);
        const std::string text = read_whole(file, is_trace ? kMaxPageBytes : kMaxLessonBytes, is_trace ? "the trace" : "the lesson");
        const std::string name = std::filesystem::path(file).filename().string();
        const size_t bytes = write_offline_page(o.page, name, text, is_trace, o.out);
        std::cerr << "scanlab: wrote " << o.out << " (the offline page carrying " << (is_trace ? "the trace " : "the lesson ") << name
                  << ", " << byte_size(bytes) << "; it opens from file:// with no network)\n";
    } catch (const ScanError& e) {
        std::cerr << "scanlab: error: " << e.what() << "\n";  // as fail() says it (window.hpp, not linked here)
        return 1;
    }
    return 0;
}

}  // namespace scanlab::gui
