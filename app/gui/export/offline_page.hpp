#pragma once
// `scanlab export --format html`: a lecture to take away as one file. The offline page
// (scanlab-offline.html, the web edition as a single file: app/web/single_file.cmake) with a trace
// or a lesson carried inside it, which the page opens at start as if the user had opened that file.
// It opens from a USB stick with a double click: file://, no server, no network.
#include <cstddef>
#include <string>
#include <vector>

namespace scanlab::gui {

// The largest trace file the page opens, and so carries. The page reads it a slice at a time between
// frames (TraceJsonReading), so its size is bounded by memory, not by a freeze: the file's text, the
// trace as it is read and the trace built are held at once, about three times the file in the
// page's 2 GiB of WebAssembly memory. 64 MiB holds the desktop's largest sampled recording on the
// emulation (N = 2^22, about 45 MB of JSON: docs/web.md); a larger file is refused with a sentence
// that says where it opens.
inline constexpr size_t kPageMaxTraceFileBytes = size_t(64) << 20;

struct OfflinePageOptions {
    std::string trace;  // --trace F.json, or
    std::string lesson;  // --lesson F.md
    std::string page;  // --page: the offline page to copy (default: the web build's)
    std::string out;  // --out F.html
};

// Throws ScanError naming the bad word.
OfflinePageOptions parse_offline_page_options(const std::vector<std::string>& args);

// `page_html` with the file `name` (its `text`) carried: one line of script after the page's run,
// `Module.scanlabFile={"name":...,"text":...};`, replacing one it carried before. Throws ScanError
// where `page_html` is not the offline page.
std::string offline_page_carrying(const std::string& page_html, const std::string& name, const std::string& text);

// The offline page of this build (--page's default): $SCANLAB_OFFLINE_PAGE, else the source tree's
// build-web/offline/scanlab-offline.html.
std::string default_offline_page();

// The page at `page_path` carrying `text` as the file `name` (a trace where `is_trace`, else a
// lesson), checked as the page would check it, saved to `out` whole or not at all. Returns the
// page's size; throws ScanError with the sentence.
size_t write_offline_page(const std::string& page_path, const std::string& name, const std::string& text, bool is_trace,
                          const std::string& out);

// The command: reads and checks the file (a trace that opens, a lesson that parses), writes the page.
int run_html_export(const std::vector<std::string>& args);

}  // namespace scanlab::gui
