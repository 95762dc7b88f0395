// The desktop app as CI can see it: the real window under a virtual display (xvfb-run), and the
// same frames with no display at all through EGL (Mesa's llvmpipe here, a GPU's driver on a GPU
// server), stepped through the Figure 9.10 hierarchical trace with the keyboard, and `scanlab
// shot`. The screenshots' pixels are checked against the trace: the number of cells drawn in the
// "updated" colour at each step is the number of elements that step wrote with the operator.
#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "app/gui/model/numbers.hpp"
#include "app/gui/model/palette.hpp"
#include "app/gui/model/sampled_trace.hpp"
#include "app/gui/model/trace_book.hpp"
#include "app/gui/model/your_kernel.hpp"
#include "core/emulation/emulate.hpp"
#include "core/input/input.hpp"
#include "core/input/resolve.hpp"
#include "core/input/run_options.hpp"
#include "core/input/trace_budget.hpp"
#include "core/number_text.hpp"
#include "kernels/bench/bench.hpp"
#include "tests/cli_run.hpp"

#ifndef SCANLAB_APP_EXE
#error "SCANLAB_APP_EXE must name the scanlab-app binary"
#endif

using namespace scanlab;
using namespace scanlab::gui;

namespace {

struct Image {
    int w = 0, h = 0;
    std::vector<unsigned char> rgb;
    Rgb at(int x, int y) const {
        const unsigned char* p = &rgb[(size_t(y) * size_t(w) + size_t(x)) * 3];
        return {p[0], p[1], p[2]};
    }
};

Image load_png(const std::string& path) {
    Image im;
    int n = 0;
    unsigned char* d = stbi_load(path.c_str(), &im.w, &im.h, &n, 3);
    if (!d) return im;
    im.rgb.assign(d, d + size_t(im.w) * size_t(im.h) * 3);
    stbi_image_free(d);
    return im;
}

bool same(Rgb a, Rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

// Solid rectangles of exactly colour c: 4-connected regions of at least 12x12 pixels that fill
// most of their bounding box (legend swatches, glyph holes and antialiased edges are smaller).
int count_cells(const Image& im, Rgb c) {
    std::vector<uint8_t> seen(size_t(im.w) * size_t(im.h), 0);
    int cells = 0;
    struct Box {
        int x0, y0, x1, y1;
    };
    std::vector<Box> boxes;
    std::vector<std::pair<int, int>> stack;
    for (int y = 0; y < im.h; ++y)
        for (int x = 0; x < im.w; ++x) {
            const size_t i = size_t(y) * size_t(im.w) + size_t(x);
            if (seen[i] || !same(im.at(x, y), c)) continue;
            int area = 0, x0 = x, x1 = x, y0 = y, y1 = y;
            stack.push_back({x, y});
            seen[i] = 1;
            while (!stack.empty()) {
                auto [px, py] = stack.back();
                stack.pop_back();
                ++area;
                x0 = std::min(x0, px), x1 = std::max(x1, px), y0 = std::min(y0, py), y1 = std::max(y1, py);
                const int nx[] = {px + 1, px - 1, px, px}, ny[] = {py, py, py + 1, py - 1};
                for (int k = 0; k < 4; ++k) {
                    if (nx[k] < 0 || ny[k] < 0 || nx[k] >= im.w || ny[k] >= im.h) continue;
                    const size_t j = size_t(ny[k]) * size_t(im.w) + size_t(nx[k]);
                    if (!seen[j] && same(im.at(nx[k], ny[k]), c)) {
                        seen[j] = 1;
                        stack.push_back({nx[k], ny[k]});
                    }
                }
            }
            const int bw = x1 - x0 + 1, bh = y1 - y0 + 1;
            if (bw >= 12 && bh >= 12 && area * 2 >= bw * bh) boxes.push_back({x0, y0, x1, y1});
        }
    // A value's digits can cut a cell that the window's edge narrowed into an upper and a lower
    // part: parts in the same columns that touch are one cell.
    for (size_t i = 0; i < boxes.size(); ++i) {
        bool part_of_earlier = false;
        for (size_t j = 0; j < i; ++j)
            part_of_earlier |= boxes[j].x0 == boxes[i].x0 && boxes[j].x1 == boxes[i].x1 && boxes[i].y0 - boxes[j].y1 <= 3;
        if (!part_of_earlier) ++cells;
    }
    return cells;
}

size_t distinct_colours(const Image& im) {
    std::set<uint32_t> s;
    for (size_t i = 0; i + 2 < im.rgb.size(); i += 3) s.insert(uint32_t(im.rgb[i]) << 16 | uint32_t(im.rgb[i + 1]) << 8 | im.rgb[i + 2]);
    return s.size();
}

bool have_xvfb() { return std::system("command -v xvfb-run >/dev/null 2>&1") == 0; }

int shell(const std::string& cmd) {
    const int r = std::system(cmd.c_str());
    return WIFEXITED(r) ? WEXITSTATUS(r) : 128;
}

std::string out_dir(const std::string& name) {
    const std::string d = std::string(SCANLAB_TEST_OUT) + "/" + name;
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

constexpr const char* kXvfb = "xvfb-run -a -s '-screen 0 1600x1000x24' ";
// No display at all: the app must draw through EGL.
constexpr const char* kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY ";

std::string read_text(const std::string& path) {
    std::stringstream b;
    b << std::ifstream(path).rdbuf();
    return b.str();
}

// Block 40 of N = 2^16 random values in sections of 32: what the live smoke test and shot trace.
SampledForm live_form() {
    SampledForm f;
    f.n = int64_t(1) << 16;
    f.section = 32;
    f.block = 40;
    return f;
}

std::map<std::string, std::string> tab_separated(const std::string& path) {
    std::map<std::string, std::string> m;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        const size_t tab = line.find('\t');
        if (tab != std::string::npos) m[line.substr(0, tab)] = line.substr(tab + 1);
    }
    return m;
}

// Runs the app under Xvfb in one of its smoke-test modes (--smoke-test-MODE), writing into dir.
// Each line the app wrote must read as given (the key names the line in the failure).
void expect_said(std::map<std::string, std::string>& said, std::initializer_list<std::pair<std::string, std::string>> lines) {
    for (const auto& [key, want] : lines) EXPECT_EQ(said[key], want) << key;
}

::testing::AssertionResult app_mode_runs(const std::string& mode, const std::string& dir, const std::string& words = "") {
    if (shell(std::string(kXvfb) + SCANLAB_APP_EXE + " --smoke-test-" + mode + " " + words + " --out " + dir + " > " + dir +
              "/log.txt 2>&1") == 0)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "scanlab-app --smoke-test-" << mode << " failed:\n" << read_text(dir + "/log.txt");
}

Trace fig910_trace() {
    ScanRequest q;
    q.algorithm = Algorithm::hierarchical;
    q.section = 4;
    return emulate(q, parse_values(find_preset("fig9.10")->values, ElementType::int32));
}

// Runs `scanlab-app --smoke-test` with the given prefix (a virtual display, or none) and checks
// every step's PNG against the trace.
void check_fig910_smoke(const std::string& prefix, const std::string& name, const std::string& drawn_on) {
    const std::string dir = out_dir(name);
    ASSERT_EQ(shell(prefix + SCANLAB_APP_EXE + " --smoke-test --out " + dir + " > " + dir + "/log.txt 2>&1"), 0)
        << read_text(dir + "/log.txt");
    EXPECT_NE(read_text(dir + "/log.txt").find("drawing on " + drawn_on), std::string::npos) << read_text(dir + "/log.txt");
    const Trace t = fig910_trace();
    ASSERT_EQ(t.steps.size(), 8u);
    std::ifstream labels(dir + "/steps.txt");
    for (size_t k = 0; k < t.steps.size(); ++k) {
        std::string line;
        std::getline(labels, line);
        EXPECT_EQ(line, std::to_string(k) + "\t" + step_label(t.steps[k]));
        char png[32];
        std::snprintf(png, sizeof png, "/step-%02zu.png", k);
        const Image im = load_png(dir + png);
        ASSERT_EQ(im.w, 1280) << png;
        ASSERT_EQ(im.h, 800) << png;
        EXPECT_GT(distinct_colours(im), 40u) << png << " looks blank";
        EXPECT_EQ(count_cells(im, kNormalPalette.cell_updated), updated_cell_count(t.steps[k]))
            << png << " (" << step_label(t.steps[k]) << ")";
    }
    // Figure 9.10's S cells: none before kernel 1 writes S; 4 + 4 (S and scanned S) at the end.
    EXPECT_EQ(count_cells(load_png(dir + "/step-02.png"), kNormalPalette.fig_block_sum), 0);
    EXPECT_EQ(count_cells(load_png(dir + "/step-03.png"), kNormalPalette.fig_block_sum), 4 + 4 * 0);
    EXPECT_EQ(count_cells(load_png(dir + "/step-07.png"), kNormalPalette.fig_block_sum), 8);
    // The Controls panel names each control as the table of run options does, the words the core's
    // sentences use ("256 in the random N field"): here a decoupled look-back on random values.
    const std::string controls = read_text(dir + "/controls.txt");
    for (Control c : {Control::algorithm, Control::type, Control::section, Control::warp_width, Control::block_schedule,
                      Control::resident_blocks, Control::window, Control::random})
        EXPECT_NE(controls.find(std::string(find_option_by_control(c)->label)), std::string::npos)
            << find_option_by_control(c)->label << " is not among the Controls panel's labels:\n"
            << controls;
    // Presentation mode: a black, high-contrast window.
    const Image pres = load_png(dir + "/presentation.png");
    ASSERT_EQ(pres.w, 1280);
    size_t black = 0;
    for (int y = 0; y < pres.h; ++y)
        for (int x = 0; x < pres.w; ++x) black += same(pres.at(x, y), {0, 0, 0});
    EXPECT_GT(black, size_t(pres.w) * size_t(pres.h) / 4);
}

}  // namespace

// The real window's smoke tests, under a virtual display: each skips, saying why, without one.
class AppWindow : public ::testing::Test {
protected:
    void SetUp() override {
        if (!have_xvfb())
            GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh installs xvfb): the app's smoke test needs a virtual display";
    }
    // Runs the app's `mode` smoke test into a folder of its own (dir) and reads back what it
    // wrote to MODE.txt; nothing, with the failure reported, where the app did not run.
    std::map<std::string, std::string> said_by(const std::string& mode) {
        dir = out_dir(mode);
        if (const ::testing::AssertionResult ran = app_mode_runs(mode, dir); !ran) {
            ADD_FAILURE() << ran.message();
            return {};
        }
        return tab_separated(dir + "/" + mode + ".txt");
    }
    std::string dir;
};

TEST_F(AppWindow, WindowStepsThroughFig910AndDrawsEveryUpdatedCell) { check_fig910_smoke(kXvfb, "smoke", "a window on the display"); }

TEST(AppSmoke, WithNoDisplayTheSmokeTestDrawsEveryUpdatedCellThroughEgl) { check_fig910_smoke(kNoDisplay, "smoke-egl", "EGL"); }

// `scanlab shot` of the Figure 9.10 panel at the last step, with the given prefix; checks its S
// cells and returns what it said.
std::string check_fig910_shot(const std::string& prefix, const std::string& name) {
    const std::string dir = out_dir(name);
    const std::string png = dir + "/fig.png";
    const int rc =
        shell(prefix + SCANLAB_EXE + " shot --algo hierarchical --preset fig9.10 --step last --view fig9.10 --size 800x600 --out " + png +
              " > " + dir + "/log.txt 2>&1");
    const std::string said = read_text(dir + "/log.txt");
    EXPECT_EQ(rc, 0) << said;
    const Image im = load_png(png);
    EXPECT_EQ(im.w, 800);
    EXPECT_EQ(im.h, 600);
    EXPECT_EQ(count_cells(im, kNormalPalette.fig_block_sum), 8);  // S 7 7 6 11 and scanned S 7 14 20 31
    EXPECT_GE(count_cells(im, kNormalPalette.fig_cell), 16 * 3);  // X, kernel 1's Y, final Y
    return said;
}

TEST(AppSmoke, ScanlabShotWithNoDisplayRendersTheFigure910PanelThroughEgl) {
    const std::string said = check_fig910_shot(kNoDisplay, "shot-egl");
    EXPECT_NE(said.find("drawn by EGL"), std::string::npos) << said;
}

TEST(AppSmoke, ScanlabShotWithADisplayThatFailsFallsBackToEgl) {
    const std::string said = check_fig910_shot("env -u WAYLAND_DISPLAY DISPLAY=:987 ", "shot-bad-display");
    EXPECT_NE(said.find("drawn by EGL"), std::string::npos) << said;
}

TEST(AppSmoke, ScanlabShotOnADisplayRendersTheFigure910PanelInAHiddenWindow) {
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh installs xvfb)";
    const std::string said = check_fig910_shot(kXvfb, "shot");
    EXPECT_NE(said.find("drawn by a hidden window on the display"), std::string::npos) << said;
}

TEST(AppSmoke, ShotWithoutEglOrADisplayNamesWhatToInstall) {
    const std::string dir = out_dir("shot-no-egl");
    const std::string png = dir + "/x.png";
    EXPECT_EQ(shell(std::string(kNoDisplay) + "SCANLAB_LIBEGL=libEGL-missing.so.1 " + SCANLAB_EXE +
                    " shot --algo hierarchical --preset fig9.10 --step 1 --out " + png + " > " + dir + "/log.txt 2>&1"),
              1);
    const std::string said = read_text(dir + "/log.txt");
    EXPECT_NE(said.find("rendering without a display needs EGL, and libEGL-missing.so.1 could not be loaded"), std::string::npos) << said;
    EXPECT_NE(said.find("libegl-mesa0"), std::string::npos) << said;
    EXPECT_FALSE(std::filesystem::exists(png));
}

TEST(AppSmoke, ShotToStandardOutputSendsThePictureDownThePipe) {
    const std::string dir = out_dir("shot-pipe");
    EXPECT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE +
                    " shot --algo hierarchical --preset fig9.10 --step 1 --size 400x300 --out /dev/stdout 2> " + dir + "/log.txt | cat > " +
                    dir + "/piped.png"),
              0);
    const Image im = load_png(dir + "/piped.png");
    EXPECT_EQ(im.w, 400) << read_text(dir + "/log.txt");
    EXPECT_EQ(im.h, 300);
}

TEST(AppSmoke, ShotToAFullDeviceSaysSoAndLeavesTheDeviceADevice) {
    if (::geteuid() != 0) GTEST_SKIP() << "making a device node needs root";
    const std::string dir = out_dir("shot-full");
    const std::string node = dir + "/full";  // the always-full device (1, 7), made here, never the system's
    std::filesystem::remove(node);
    if (::mknod(node.c_str(), S_IFCHR | 0600, makedev(1, 7)) != 0) GTEST_SKIP() << "mknod failed: " << std::strerror(errno);
    EXPECT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE + " shot --algo hierarchical --preset fig9.10 --step 1 --size 400x300 --out " +
                    node + " > " + dir + "/log.txt 2>&1"),
              1);
    const std::string said = read_text(dir + "/log.txt");
    EXPECT_NE(said.find("cannot save the picture to " + quoted_path(node) + ": no space left on the device"), std::string::npos) << said;
    EXPECT_TRUE(std::filesystem::is_character_file(node));
    std::filesystem::remove(node);
}

TEST(AppSmoke, AnInterruptedShotLeavesNoTemporaryBehind) {
    const std::string dir = out_dir("shot-interrupted");
    // The fault shim stalls the picture's first write to its temporary, until the interrupt.
    const int rc = shell("cd " + dir + " && rm -f x.png* && " + kNoDisplay + "LD_PRELOAD=" + SCANLAB_IO_FAULTS +
                         " SCANLAB_STALL_WRITES_TO=x.png.tmp- " + SCANLAB_EXE +
                         " shot --algo hierarchical --preset fig9.10 --step 1 --size 400x300 --out x.png > log.txt 2>&1 & p=$!; "
                         "cd " +
                         dir +
                         "; for i in $(seq 600); do [ -s \"$(ls x.png.tmp-* 2>/dev/null | head -1)\" ] && break; sleep 0.1; done; "
                         "ls x.png.tmp-* > seen.txt 2>&1; kill -INT $p; wait $p");
    EXPECT_EQ(rc, 128 + SIGINT) << read_text(dir + "/log.txt");
    EXPECT_NE(read_text(dir + "/seen.txt").find("x.png.tmp-"), std::string::npos) << "the save was never under way";
    for (const auto& e : std::filesystem::directory_iterator(dir))
        EXPECT_EQ(e.path().filename().string().find("x.png"), std::string::npos) << "left behind: " << e.path();
}

TEST(AppSmoke, ScanlabWithNoArgumentsAndNoDisplaySaysSo) {
    const char* d = std::getenv("DISPLAY");
    const std::string saved = d ? d : "";
    ::unsetenv("DISPLAY");
    const CliResult r = run_cli({});
    if (d) ::setenv("DISPLAY", saved.c_str(), 1);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("no display: the desktop app needs a window system"), std::string::npos) << r.err;
}

TEST(AppSmoke, ScanlabWithoutScanlabAppBesideItSaysHowToBuildIt) {
    const std::string dir = out_dir("lonely");
    std::filesystem::copy_file(SCANLAB_EXE, dir + "/scanlab");
    EXPECT_EQ(shell(dir + "/scanlab > " + dir + "/log.txt 2>&1"), 1);
    std::stringstream said;
    said << std::ifstream(dir + "/log.txt").rdbuf();
    EXPECT_NE(said.str().find("there is no scanlab-app next to scanlab"), std::string::npos) << said.str();
    EXPECT_EQ(shell(dir + "/scanlab scan --preset fig9.10 > " + dir + "/scan.txt 2>/dev/null"), 0);  // the CLI needs no app
}

TEST(AppSmoke, ShotRefusesAStepPastTheEndWithASentence) {
    const std::string dir = out_dir("shot-bad");
    const std::string log = dir + "/log.txt";
    EXPECT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE + " shot --algo kogge-stone --preset fig9.10 --step 40 --out " + dir +
                    "/x.png > " + log + " 2>&1"),
              1);
    std::stringstream said;
    said << std::ifstream(log).rdbuf();
    EXPECT_NE(said.str().find("--step 40 is past the last step"), std::string::npos) << said.str();
    EXPECT_FALSE(std::filesystem::exists(dir + "/x.png"));
}

TEST_F(AppWindow, TheExercisesPanelOpensSelectsAndOpensAnExercisesRunByKeyboard) {
    std::map<std::string, std::string> said = said_by("exercises");
    expect_said(said, {
                          {"opened", "yes"},
                          {"focused", "yes"},
                          {"selected", "2"},
                          {"answered", "yes"},
                      });
    // Exercise 2's run: Brent-Kung on 2048 elements, on the Steps tab.
    expect_said(said, {
                          {"main view", "brent-kung N = 2048"},
                          {"tab", "0"},
                      });
}

TEST_F(AppWindow, ALessonStepsByPageDownAndPageUpAndBBlacksTheScreenOutAndBack) {
    std::map<std::string, std::string> said = said_by("lesson");
    expect_said(said, {
                          {"page down", "slide 2 step 0 sequential"},  // the same run, the slide's step
                          {"page down again", "slide 3 step 5 sequential"},
                          {"black", "yes"},
                          {"black again", "no"},
                          {"page up", "slide 2 step 0 sequential"},
                      });
    const Image black = load_png(dir + "/black.png");
    size_t dark = 0;
    for (int y = 0; y < black.h; ++y)
        for (int x = 0; x < black.w; ++x) dark += same(black.at(x, y), {0, 0, 0});
    EXPECT_EQ(dark, size_t(black.w) * size_t(black.h)) << "B leaves every pixel black";
    EXPECT_GT(distinct_colours(load_png(dir + "/lesson.png")), 40u) << "the slide is back after B again";
    // Each slide opens its view and outlines what it points at; a range of steps plays to its end.
    expect_said(said, {
                          {"slide cells", "slide 2 tab Steps step 0 points steps cells 0 figure in front"},
                          {"slide row", "slide 6 tab Steps step 1 points steps row 1 figure in front"},
                          {"slide lines", "slide 9 tab Steps step 0 points source lines 10 figure in front source in front"},
                          {"slide figure", "slide 22 tab Steps step 3 points fig9.10 row 3 figure in front source in front"},
                          {"slide play", "slide 5 tab Steps step 4 points none figure in front source in front"},
                          {"slide kernel", "slide 28 tab Steps step 0 points none your kernel shown"},
                      });
    const auto outline = [&](const char* shot) {
        const Image im = load_png(dir + "/" + shot);
        size_t n = 0;
        for (int y = 0; y < im.h; ++y)
            for (int x = 0; x < im.w; ++x) n += same(im.at(x, y), kNormalPalette.error);
        return n;
    };
    for (const char* shot : {"slide-cells.png", "slide-row.png", "slide-lines.png", "slide-figure.png"})
        EXPECT_GT(outline(shot), 200u) << shot << ": what the slide points at is outlined in the error colour";
    EXPECT_LT(outline("slide-play.png"), 20u) << "a slide that points at nothing outlines nothing";
}

TEST_F(AppWindow, TheYourKernelPanelRunsByCtrlEnterAFindingTakesItsStepAndLineAndTheEditorKeepsItsKeys) {
    if (const std::string why = kernel_tracing_unavailable(); !why.empty()) GTEST_SKIP() << why;
    dir = out_dir("kernel");
    const std::string race = std::string(SCANLAB_KERNEL_FIXTURES) + "/fault_race.cu";
    const std::string blocks = std::string(SCANLAB_KERNEL_FIXTURES) + "/students/prev_block_sum.cu";
    const ::testing::AssertionResult ran = app_mode_runs("kernel", dir, "--kernel " + race + " --blocks " + blocks);
    ASSERT_TRUE(ran);
    std::map<std::string, std::string> said = tab_separated(dir + "/kernel.txt");
    expect_said(said, {
                          {"opened", "yes\tex4-exclusive-kogge-stone.cu"},  // the first look: Exercise 4's starter
                          {"focused", "yes"},
                          {"traced", "fault_race.cu"},
                          {"selected", "0"},
                          {"step", "the finding's"},
                          {"line marked", "the finding's"},
                          {"controls' ctrl+enter ran", "fault_race.cu, warps of 8"},  // the kernel again, not the built-in algorithm
                          {"grading drew frames", "yes"},  // the window never waits for the grade
                          {"graded", "FAILED"},  // a racy kernel fails "no findings"
                          {"editing", "yes"},
                          {"right moved the step", "no"},
                          {"typed", "yes"},
                          {"brackets typed", "as typed"},
                          {"ctrl+enter in the editor", "runs, the text unchanged"},
                          // A kernel of four blocks run last block first: its tiles, in the order they ran.
                          {"blocks", "Blocks ran one after another, each to its end before the next: 3, 2, 1, 0 (reverse)."},
                          {"tiles drawn", "yes"},
                          {"turn", "Turn 1 of 4: block 3 runs; blocks 2, 1, 0 wait."},
                          {"turn after a click on block 0", "Turn 4 of 4: block 0 runs; blocks 3, 2, 1 have ended."},
                      });
    EXPECT_EQ(said["wrong"].rfind("Y[8] is wrong (", 0), 0u) << said["wrong"];
}

TEST_F(AppWindow, AFailedSaveOrOpenIsSaidInItsDialogWhichStaysOpenEnterTakesTheWholePathAndEscClosesHelpBeforePresenting) {
    std::map<std::string, std::string> said = said_by("files");
    const std::string failure =
        "Cannot save the trace to " + quoted_path(dir + "/no-such-folder/x.json") + ": its folder does not exist. Nothing was written.";
    expect_said(said, {
                          {"save dialog", "open"},
                          {"failed save: dialog", "open"},
                          {"failed save: says", failure},
                          {"failed save: status", "failure: " + failure},  // never a stale "saved"
                          {"good save: dialog", "closed"},
                          {"good save: status", "saved the trace to " + quoted_path(dir + "/saved.json")},
                      });
    EXPECT_TRUE(std::filesystem::exists(dir + "/saved.json"));
    EXPECT_FALSE(std::filesystem::exists(dir + "/no-such-folder"));
    expect_said(said, {
                          {"open dialog", "open"},
                          {"failed open: dialog", "open"},
                      });
    EXPECT_NE(said["failed open: says"].find("truncated.json"), std::string::npos) << said["failed open: says"];
    EXPECT_NE(said["failed open: says"].find("The trace on screen is unchanged."), std::string::npos) << said["failed open: says"];
    expect_said(said, {
                          {"failed open: trace kept", "yes"},
                          {"good open: dialog", "closed"},
                          {"good open: status", "opened file saved.json (recorded on cpu)"},
                          {"F5, F1: help", "open"},
                          {"Esc: help", "closed"},
                          {"Esc: presenting", "yes"},
                          {"Esc again: presenting", "no"},
                      });
}

TEST_F(AppWindow, LiveTabTracesABlockOfALargerRunOnTheEmulationAndDrawsEveryCell) {
    const std::string dir = out_dir("live");
    ASSERT_TRUE(app_mode_runs("live", dir));
    const ValueArray input = sampled_input(live_form());
    const ResolvedRequest resolved = resolve(sampled_request(live_form()), input);
    const Trace t = emulate(resolved, input);
    const Step& step = t.steps[3];
    ASSERT_EQ(step_label(step), "K1 · stride 4");
    ASSERT_EQ(updated_cell_count(step), 32 - 4);
    std::map<std::string, std::string> said = tab_separated(dir + "/live.txt");
    EXPECT_EQ(said["step"], "3\tK1 · stride 4");
    // With no GPU (CI) the benchmark says why and its controls are disabled.
    const std::string why = bench::bench_unavailable_reason();
    expect_said(said, {
                          {"unavailable", why},
                          {"controls", why.empty() ? "enabled" : "disabled"},
                      });
    // The stated memory is estimate_trace's figure, for this trace and for the full one.
    ResolvedRequest whole = resolved;
    whole.request.sample = {};
    EXPECT_NE(said["statement"].find(byte_size(estimate_trace(resolved).trace_bytes)), std::string::npos) << said["statement"];
    EXPECT_NE(said["statement"].find("the full trace would need " + byte_size(estimate_trace(whole).trace_bytes)), std::string::npos)
        << said["statement"];
    // Every cell of block 40 that K1's stride 4 updated is drawn, at the block's global indices.
    const Image im = load_png(dir + "/live-step-03.png");
    ASSERT_EQ(im.w, 1440);
    ASSERT_EQ(im.h, 900);
    EXPECT_GT(distinct_colours(im), 40u) << "live-step-03.png looks blank";
    EXPECT_EQ(count_cells(im, kNormalPalette.cell_updated), updated_cell_count(step));
}

TEST(AppSmoke, ShotOfTheLiveViewDrawsTheSampledBlock) {
    const std::string dir = out_dir("shot-live");
    const std::string png = dir + "/live.png";
    ASSERT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE +
                    " shot --algo hierarchical --random 65536 --section 32 --sample-block 40 --step 3 --view live --size 1280x800 --out " +
                    png + " > " + dir + "/log.txt 2>&1"),
              0)
        << std::ifstream(dir + "/log.txt").rdbuf();
    const Image im = load_png(png);
    ASSERT_EQ(im.w, 1280);
    EXPECT_EQ(count_cells(im, kNormalPalette.cell_updated), 32 - 4);
    // Past the emulation's cap, the shot refuses with the tab's sentence and writes nothing.
    const std::string big = dir + "/big.png";
    EXPECT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE +
                    " shot --algo hierarchical --random 8388608 --sample-block 40 --step 3 --view live --backend cpu --out " + big + " > " +
                    dir + "/big.txt 2>&1"),
              1);
    std::stringstream refused;
    refused << std::ifstream(dir + "/big.txt").rdbuf();
    EXPECT_NE(refused.str().find("N = 8,388,608 is more than the live tab traces here"), std::string::npos) << refused.str();
    EXPECT_FALSE(std::filesystem::exists(big));
}

TEST(AppSmoke, ShotWithABenchmarkRunsItToTheEndFirstOrSaysWhyNot) {
    const std::string dir = out_dir("shot-bench");
    const std::string png = dir + "/bench.png";
    const int rc = shell(std::string(kNoDisplay) + SCANLAB_EXE +
                         " shot --algo hierarchical --preset fig9.10 --step 1 --view live --bench 4096 --bench-reps 2 --out " + png +
                         " > " + dir + "/log.txt 2>&1");
    const std::string said = read_text(dir + "/log.txt");
    const std::string why = bench::bench_unavailable_reason();
    if (why.empty()) {  // a GPU: the sweep 2^10..2^12 of every algorithm ran before the picture
        EXPECT_EQ(rc, 0) << said;
        EXPECT_NE(said.find(" rows for 3 sizes on "), std::string::npos) << said;
        EXPECT_GT(distinct_colours(load_png(png)), 40u);
    } else {  // CI: refused with the reason, nothing written
        EXPECT_EQ(rc, 1) << said;
        EXPECT_NE(said.find("--bench needs a usable GPU: " + why), std::string::npos) << said;
        EXPECT_FALSE(std::filesystem::exists(png));
    }
}

TEST(AppSmoke, ShotRefusesFramesAndBenchSizesOutOfRange) {
    for (const auto& [words, sentence] : std::vector<std::pair<std::string, std::string>>{
             {"--frames 0", "--frames expects a number of frames from 1 to 600, got '0'"},
             {"--bench 100", "--bench expects the sweep's largest N, from 1024 to 268435456 (2^28), got '100'"},
             {"--bench-reps x", "--bench-reps expects timed runs per size from 1 to 1000, got 'x'"}}) {
        const std::string dir = out_dir("shot-refused");
        EXPECT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE + " shot --algo hierarchical --preset fig9.10 --step 1 --out " + dir +
                        "/x.png " + words + " > " + dir + "/log.txt 2>&1"),
                  1)
            << words;
        EXPECT_NE(read_text(dir + "/log.txt").find(sentence), std::string::npos) << read_text(dir + "/log.txt");
        EXPECT_FALSE(std::filesystem::exists(dir + "/x.png"));
    }
}

TEST(AppIdle, DrawsAtMostTwoFramesInTwoIdleSecondsAndQuitsInUnderHalfASecond) {
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh installs xvfb)";
    const std::string dir = out_dir("idle");
    // Its own settings folder: the test never reads or rewrites the user's.
    ASSERT_EQ(shell("XDG_CONFIG_HOME=" + dir + " " + kXvfb + SCANLAB_APP_EXE + " --measure-idle 2 > " + dir + "/said.txt 2>&1"), 0)
        << std::ifstream(dir + "/said.txt").rdbuf();
    std::map<std::string, std::string> said = tab_separated(dir + "/said.txt");
    ASSERT_FALSE(said["idle frames"].empty()) << std::ifstream(dir + "/said.txt").rdbuf();
    EXPECT_LE(std::stoi(said["idle frames"]), 2) << "frames drawn in 2 s with nothing happening";
    EXPECT_LT(std::stod(said["quit seconds"]), 0.5);
    // What it keeps between runs, written whole at quit: the settings and the panel layout.
    EXPECT_NE(read_text(dir + "/scanlab/settings.ini").find("algorithm=hierarchical"), std::string::npos);
    EXPECT_NE(read_text(dir + "/scanlab/imgui.ini").find("[Docking]"), std::string::npos);
}

TEST(AppSettingsFiles, SettingsAndALayoutThatCouldNotBeReadAreLeftAsTheyWere) {
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh installs xvfb)";
    const std::string dir = out_dir("unread-settings");
    std::filesystem::create_directories(dir + "/scanlab");
    // More than settings take (a file someone else wrote), and a layout that is a named pipe.
    const std::string big = "algorithm=brent-kung\n# " + std::string(70000, '.') + "\n";
    std::ofstream(dir + "/scanlab/settings.ini") << big;
    std::filesystem::remove(dir + "/scanlab/imgui.ini");
    ASSERT_EQ(::mkfifo((dir + "/scanlab/imgui.ini").c_str(), 0600), 0);
    ASSERT_EQ(shell("XDG_CONFIG_HOME=" + dir + " " + kXvfb + SCANLAB_APP_EXE + " --measure-idle 0.5 > " + dir + "/said.txt 2>&1"), 0)
        << read_text(dir + "/said.txt");
    const std::string said = read_text(dir + "/said.txt");
    EXPECT_NE(said.find("settings.ini: it is 70024 bytes, more than it takes; using the defaults, and leaving the file as it is"),
              std::string::npos)
        << said;
    EXPECT_NE(said.find("imgui.ini: it is not a regular file; using the first layout, and leaving the file as it is"), std::string::npos)
        << said;
    EXPECT_EQ(read_text(dir + "/scanlab/settings.ini"), big);
    EXPECT_EQ(std::filesystem::status(dir + "/scanlab/imgui.ini").type(), std::filesystem::file_type::fifo);
    std::filesystem::remove_all(dir + "/scanlab");
}

// The race lesson in the window (under Xvfb): a schedule that goes wrong draws exactly the wrong
// results in the wrong-value colour and never as final; one that hides the race draws none.
TEST(AppSmoke, ARacyRunDrawsExactlyItsWrongResultsAsWrongAndAHiddenRaceNone) {
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh installs xvfb)";
    const std::string dir = out_dir("racy-verdict");
    for (const char* order : {"in-order", "reverse"}) {
        const std::string png = dir + "/" + order + ".png", log = dir + "/" + order + ".txt";
        ASSERT_EQ(shell(std::string(kXvfb) + SCANLAB_EXE + " shot --algo kogge-stone-racy --preset fig9.10 --warp-width 4 --schedule " +
                        order + " --backend cpu --step last --view array --size 1280x720 --out " + png + " > " + log + " 2>&1"),
                  0)
            << read_text(log);
        const Image im = load_png(png);
        ASSERT_EQ(im.w, 1280) << png;
        ScanRequest q;
        q.algorithm = Algorithm::kogge_stone_racy;
        q.warp_width = 4;
        q.schedule = *parse_schedule(order);
        const Trace t = emulate(q, parse_values("2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2", ElementType::int32));
        const std::vector<int32_t> y = std::get<std::vector<int32_t>>(t.result);
        const std::vector<int32_t> want{2, 3, 6, 7, 7, 11, 12, 14, 14, 17, 18, 20, 25, 28, 29, 31};
        // The last step's writes show as updated; the right results it left alone show as final.
        std::set<int32_t> written;
        for (const Access& a : t.steps.back().accesses) written.insert(a.dst);
        int wrong = 0, right = 0;
        for (size_t i = 0; i < y.size(); ++i) {
            if (y[i] != want[i])
                ++wrong;
            else if (!written.count(int32_t(i)))
                ++right;
        }
        EXPECT_EQ(count_cells(im, kNormalPalette.cell_wrong), wrong) << png;
        EXPECT_EQ(count_cells(im, kNormalPalette.cell_final), right) << png;
        if (std::string(order) == "in-order")
            EXPECT_GT(wrong, 0);
        else
            EXPECT_EQ(wrong, 0);
    }
}

TEST(AppLayout, NoTextIsClippedOrOverlappedNothingTheLectureNeedsIsHiddenAndEveryValueIsReadableFromTheBackRow) {
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh installs xvfb)";
    const std::string dir = out_dir("layout");
    ASSERT_EQ(shell(std::string(kXvfb) + SCANLAB_APP_EXE + " --check-layout --out " + dir + " > " + dir + "/said.txt 2>&1"), 0)
        << std::ifstream(dir + "/said.txt").rdbuf();
    std::map<std::string, std::string> said = tab_separated(dir + "/said.txt");
    // 4 sizes x (2 modes x 4 tabs + 2 steps of a sampled trace + a racy run's steps and
    // comparison, presenting + a domino run's tiles in both modes and its counts, presenting), the
    // Figure 9.10, explanation and source panes beside each; and the Exercises panel on exercises
    // 4, 5 (kernel listings) and 6 (the widest answer), and the Your kernel panel on Exercise 4's
    // starter, at 1280x720 and 1920x1080 in both modes.
    EXPECT_EQ(said["layouts checked"], "76");
    // Presenting at 1280x720 and 1920x1080, with the emulation banner, every step: Figure 9.10,
    // Kogge-Stone 8 and 16, Brent-Kung 16, the racy run's last step, Compare (to the longer run's
    // end), Counts (the additions so far), the domino and look-back scans of 16 in sections of 4;
    // and the last step of Figure 9.10 and Kogge-Stone 16 with the text larger (Ctrl+= once, and
    // twice for the figure) and with the controls or exercises beside them (Ctrl+B, Ctrl+E). Each
    // value's digits measured on the glyphs drawn, 14 px tall or more (20 px at 1080p), in sight;
    // three lines of explanation, the diagram's rows, the chart. And presenting beside the lesson,
    // the chapter 9 lesson's four slides that show Figure 9.10, at both sizes: every value of the
    // figure in sight at those heights, nothing clipped.
    EXPECT_EQ(said["legibility frames checked"], "176");
    EXPECT_EQ(said["layout problems"], "0") << "each problem, with a PNG of its frame in " << dir << ":\n"
                                            << std::ifstream(dir + "/said.txt").rdbuf();
}
