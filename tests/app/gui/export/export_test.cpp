// `scanlab export` decoded: a GIF has one frame per step of its range at the asked size, each the
// picture `scanlab shot` takes of that step; an MP4 probes with its frame count and size (where
// FFmpeg is installed); an SVG is XML carrying every value of its step as text. The GIF encoder
// and the SVG figures are also checked in-process, where no drawing is needed.
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/wait.h>

#include <csignal>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "app/gui/export/export_job.hpp"
#include "app/gui/export/gif_writer.hpp"
#include "app/gui/export/offline_page.hpp"
#include "app/gui/export/svg_figures.hpp"
#include "app/gui/model/session.hpp"
#include "core/error.hpp"
#include "core/input/run_words.hpp"
#include "core/number_text.hpp"
#include "core/svg/svg_document.hpp"

using namespace scanlab;
using namespace scanlab::gui;

namespace {

constexpr const char* kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY ";

int shell(const std::string& cmd) {
    const int r = std::system(cmd.c_str());
    return WIFEXITED(r) ? WEXITSTATUS(r) : 128;
}

std::string out_dir(const std::string& name) {
    const std::string dir = std::string(SCANLAB_TEST_OUT) + "/" + name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

std::string read_text(const std::string& path) {
    std::stringstream b;
    b << std::ifstream(path).rdbuf();
    return b.str();
}

struct Picture {
    int w = 0, h = 0;
    std::vector<uint8_t> rgb;
};

Picture load_png(const std::string& path) {
    Picture p;
    int n = 0;
    unsigned char* d = stbi_load(path.c_str(), &p.w, &p.h, &n, 3);
    if (d) p.rgb.assign(d, d + size_t(p.w) * size_t(p.h) * 3), stbi_image_free(d);
    return p;
}

struct DecodedGif {
    int w = 0, h = 0;
    std::vector<Picture> frames;  // each as shown: drawn over the frames before it
    std::vector<int> delays_cs;
};

// Every frame composed as a viewer shows it (each frame a rectangle drawn over the last).
DecodedGif decode_gif(const std::string& path) {
    DecodedGif g;
    int err = 0;
    GifFileType* f = DGifOpenFileName(path.c_str(), &err);
    if (!f) return g;
    if (DGifSlurp(f) == GIF_ERROR) return DGifCloseFile(f, &err), g;
    g.w = f->SWidth, g.h = f->SHeight;
    Picture canvas{g.w, g.h, std::vector<uint8_t>(size_t(g.w) * size_t(g.h) * 3, 0)};
    for (int i = 0; i < f->ImageCount; ++i) {
        const SavedImage& im = f->SavedImages[i];
        const ColorMapObject* map = im.ImageDesc.ColorMap ? im.ImageDesc.ColorMap : f->SColorMap;
        for (int y = 0; y < im.ImageDesc.Height; ++y)
            for (int x = 0; x < im.ImageDesc.Width; ++x) {
                const GifColorType c = map->Colors[im.RasterBits[size_t(y) * size_t(im.ImageDesc.Width) + size_t(x)]];
                uint8_t* p = &canvas.rgb[(size_t(im.ImageDesc.Top + y) * size_t(g.w) + size_t(im.ImageDesc.Left + x)) * 3];
                p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue;
            }
        GraphicsControlBlock gcb{};
        DGifSavedExtensionToGCB(f, i, &gcb);
        g.delays_cs.push_back(gcb.DelayTime);
        g.frames.push_back(canvas);
    }
    DGifCloseFile(f, &err);
    return g;
}

// How a frame matches the shot: the pixels of a flat colour (one the shot has at 100 pixels or more:
// backgrounds, cells, lines, text's own colour) that differ, and the largest difference of a
// channel elsewhere (the edges of anti-aliased text, which may take a near colour of the frame's 256).
struct Match {
    size_t flat_differing = 0, flat = 0;
    int worst_edge = 0;
    bool same_size = false;
};
Match compare(const Picture& frame, const Picture& shot) {
    Match m;
    m.same_size = frame.w == shot.w && frame.h == shot.h && frame.rgb.size() == shot.rgb.size() && !shot.rgb.empty();
    if (!m.same_size) return m;
    std::map<uint32_t, size_t> count;
    auto colour = [](const Picture& p, size_t i) { return uint32_t(p.rgb[i]) << 16 | uint32_t(p.rgb[i + 1]) << 8 | p.rgb[i + 2]; };
    for (size_t i = 0; i < shot.rgb.size(); i += 3) ++count[colour(shot, i)];
    for (size_t i = 0; i < shot.rgb.size(); i += 3) {
        if (count[colour(shot, i)] >= 100) {
            ++m.flat;
            m.flat_differing += colour(frame, i) != colour(shot, i);
            continue;
        }
        for (size_t c = 0; c < 3; ++c) m.worst_edge = std::max(m.worst_edge, std::abs(int(frame.rgb[i + c]) - int(shot.rgb[i + c])));
    }
    return m;
}

Trace fig910_trace() {
    Form f;  // the Figure 9.10 preset's hierarchical run
    f.request.algorithm = Algorithm::hierarchical;
    f.backend = BackendChoice::cpu;
    const RunResult r = run_form(f, false);
    EXPECT_TRUE(r.error.empty()) << r.error;
    return r.main->trace;
}

// The text of every <text> element of an SVG, read by Python's XML parser (which refuses a file
// that is not well-formed XML: the exit status is then not 0).
std::multiset<std::string> svg_texts(const std::string& path, bool& parsed) {
    const std::string listing = path + ".texts";
    parsed = shell(
                 "python3 -c \"import sys, xml.etree.ElementTree as E\n"
                 "t = E.parse(sys.argv[1]).getroot()\n"
                 "assert t.tag == '{http://www.w3.org/2000/svg}svg'\n"
                 "print('\\n'.join(e.text or '' for e in t.iter('{http://www.w3.org/2000/svg}text')))\" " +
                 path + " > " + listing) == 0;
    std::multiset<std::string> texts;
    std::ifstream in(listing);
    for (std::string line; std::getline(in, line);) texts.insert(line);
    return texts;
}

}  // namespace

// Frame k of `scanlab export --view V` against `scanlab shot --view V --step k` with the same words.
void expect_frames_are_shots(const std::string& view, const std::vector<size_t>& steps_checked) {
    const std::string dir = out_dir("export-gif-" + view);
    const std::string common = " --algo hierarchical --preset fig9.10 --backend cpu --size 640x400 --view " + view;
    ASSERT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE + " export --format gif" + common + " --out " + dir + "/run.gif 2> " + dir +
                    "/log.txt"),
              0)
        << read_text(dir + "/log.txt");
    const DecodedGif g = decode_gif(dir + "/run.gif");
    const size_t steps = fig910_trace().steps.size();
    ASSERT_EQ(g.frames.size(), steps);
    EXPECT_EQ(g.w, 640);
    EXPECT_EQ(g.h, 400);
    for (int d : g.delays_cs) EXPECT_EQ(d, 80);  // the default 800 ms a step
    for (size_t k : steps_checked) {
        const std::string png = dir + "/step" + std::to_string(k) + ".png";
        ASSERT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE + " shot" + common + " --step " + std::to_string(k) + " --out " + png +
                        " 2>/dev/null"),
                  0);
        const Match m = compare(g.frames[k], load_png(png));
        ASSERT_TRUE(m.same_size) << view << " step " << k;
        EXPECT_GT(m.flat, size_t(640 * 400 / 2)) << view << " step " << k;
        EXPECT_EQ(m.flat_differing, 0u) << view << " step " << k;
        EXPECT_LE(m.worst_edge, 64) << view << " step " << k;
    }
}

TEST(GifExport, HasOneFramePerStepAtTheAskedSizeAndEachIsTheShotOfThatStep) {
    // The whole window at the first step; Figure 9.10 and the array view at every third step.
    // (Stepping, a panel that scrolls to follow the step may stand elsewhere than a shot that
    // jumped there, as in the app; these views show their rows whole.)
    expect_frames_are_shots("window", {0});
    expect_frames_are_shots("fig9.10", {0, 3, 7});
    expect_frames_are_shots("array", {1, 4, 7});
}

TEST(GifExport, TakesTheStepRangeAndTheFrameTime) {
    const std::string dir = out_dir("export-gif-range");
    ASSERT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE +
                    " export --algo kogge-stone --input 3,1,7,0,4,1,6,3 --backend cpu --steps 2..last --frame-ms 250 " +
                    "--size 320x240 --presentation --out " + dir + "/ks.gif 2> " + dir + "/log.txt"),
              0)
        << read_text(dir + "/log.txt");
    const DecodedGif g = decode_gif(dir + "/ks.gif");
    EXPECT_EQ(g.w, 320);
    EXPECT_EQ(g.h, 240);
    // Kogge-Stone on 8 elements: the load and three strides, #0 to #3; 2..last is #2 and #3.
    EXPECT_EQ(g.frames.size(), 2u) << read_text(dir + "/log.txt");
    for (int d : g.delays_cs) EXPECT_EQ(d, 25);
}

TEST(GifExport, ARunPastTheFrameLimitIsRefusedWithARangeThatFitsAndNothingIsWritten) {
    const std::string dir = out_dir("export-gif-refused");
    const std::string log = dir + "/log.txt";
    EXPECT_EQ(
        shell(std::string(kNoDisplay) + SCANLAB_EXE +
              " export --format gif --algo sequential --random 2048 --backend cpu --size 320x240 --out " + dir + "/big.gif 2> " + log),
        1);
    EXPECT_NE(read_text(log).find("an animation holds at most 300 steps"), std::string::npos) << read_text(log);
    EXPECT_NE(read_text(log).find("--steps 0..299"), std::string::npos) << read_text(log);
    EXPECT_FALSE(std::filesystem::exists(dir + "/big.gif"));
}

TEST(GifEncoder, KeepsAFrameOfFewColoursExactAndTheFlatColoursOfAFrameOfMany) {
    const int w = 64, h = 48;
    std::vector<uint8_t> flat(size_t(w * h * 3)), many(size_t(w * h * 3));
    for (int i = 0; i < w * h; ++i) {
        const uint8_t c = i % 3 == 0 ? 200 : 40;
        flat[size_t(i) * 3] = c, flat[size_t(i) * 3 + 1] = 90, flat[size_t(i) * 3 + 2] = 255 - c;
        // Half the frame a flat blue, the rest 1,536 distinct greys and reds: past a GIF's 256.
        const bool left = i % w < w / 2;
        many[size_t(i) * 3] = left ? 30 : uint8_t(i % 256);
        many[size_t(i) * 3 + 1] = left ? 60 : uint8_t(i / 256 * 40);
        many[size_t(i) * 3 + 2] = left ? 200 : uint8_t(i % 7);
    }
    GifAnimation gif(w, h, 500);
    gif.add_frame(flat);
    gif.add_frame(many);
    const std::string path = std::string(SCANLAB_TEST_OUT) + "/encoder.gif";
    std::filesystem::create_directories(SCANLAB_TEST_OUT);
    std::ofstream(path, std::ios::binary) << gif.finish();
    const DecodedGif g = decode_gif(path);
    ASSERT_EQ(g.frames.size(), 2u);
    EXPECT_EQ(g.frames[0].rgb, flat);
    for (int i = 0; i < w * h; ++i)
        if (i % w < w / 2) ASSERT_EQ(g.frames[1].rgb[size_t(i) * 3 + 2], 200) << "pixel " << i;
    EXPECT_EQ(g.delays_cs, (std::vector<int>{50, 50}));
}

TEST(Mp4Export, ProbesWithOneFramePerStepAtTheAskedSize) {
    if (shell("command -v ffmpeg > /dev/null && command -v ffprobe > /dev/null") != 0)
        GTEST_SKIP() << "FFmpeg is not installed (Debian's ffmpeg package): MP4 export says so instead";
    const std::string dir = out_dir("export-mp4");
    ASSERT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE +
                    " export --format mp4 --algo hierarchical --preset fig9.10 --backend cpu --size 640x360 " + "--frame-ms 500 --out " +
                    dir + "/run.mp4 2> " + dir + "/log.txt"),
              0)
        << read_text(dir + "/log.txt");
    ASSERT_EQ(shell("ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames,width,height -of csv=p=0 " +
                    dir + "/run.mp4 > " + dir + "/probe.txt"),
              0);
    EXPECT_EQ(read_text(dir + "/probe.txt"), "640,360," + std::to_string(fig910_trace().steps.size()) + "\n");
}

TEST(Mp4Export, WithoutFfmpegOneSentenceNamesThePackage) {
    const std::string dir = out_dir("export-no-ffmpeg");
    EXPECT_EQ(shell(std::string(kNoDisplay) + "PATH=/nonexistent " + SCANLAB_EXE +
                    " export --format mp4 --algo kogge-stone --preset fig9.10 --out " + dir + "/x.mp4 2> " + dir + "/log.txt"),
              1);
    const std::string said = read_text(dir + "/log.txt");
    EXPECT_NE(said.find("install Debian's ffmpeg package"), std::string::npos) << said;
    EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << said;
    EXPECT_FALSE(std::filesystem::exists(dir + "/x.mp4"));
}

TEST(SvgExport, EachFigureIsXmlCarryingEveryValueOfItsStepAsText) {
    const Trace t = fig910_trace();
    const std::string dir = out_dir("export-svg");
    for (const size_t k : {size_t(0), size_t(3), t.steps.size() - 1}) {
        for (const SvgFigure f : {SvgFigure::step_diagram, SvgFigure::array_view, SvgFigure::fig910}) {
            SvgRequest r;
            r.figure = f;
            r.step = k;
            const std::string path = dir + "/fig" + std::to_string(int(f)) + "-" + std::to_string(k) + ".svg";
            std::ofstream(path) << svg_figure(t, r);
            bool parsed = false;
            std::multiset<std::string> texts = svg_texts(path, parsed);
            ASSERT_TRUE(parsed) << path;
            // Every value the step's array holds (Figure 9.10: its rows as of the step) is a text of its own.
            const ValueArray& v = t.steps[k].values;
            for (size_t i = 0; i < size_of(v) && f != SvgFigure::fig910; ++i) {
                auto it = texts.find(format_value(v, i));
                ASSERT_NE(it, texts.end()) << figure_name(f) << " at step " << k << " lacks " << format_value(v, i);
                texts.erase(it);
            }
            if (f == SvgFigure::fig910)
                for (size_t i = 0; i < size_of(t.input); ++i) EXPECT_TRUE(texts.count(format_value(t.input, i))) << path;
        }
    }
    // The diagram has every step's row, each value of each.
    bool parsed = false;
    std::ofstream(dir + "/diagram.svg") << svg_figure(t, SvgRequest{});
    std::multiset<std::string> texts = svg_texts(dir + "/diagram.svg", parsed);
    ASSERT_TRUE(parsed);
    for (const Step& s : t.steps)
        for (size_t i = 0; i < size_of(s.values); ++i) {
            auto it = texts.find(format_value(s.values, i));
            ASSERT_NE(it, texts.end()) << format_value(s.values, i);
            texts.erase(it);
        }
}

TEST(SvgExport, TheCommandWritesTheFigureAndRefusesFigure910OfAnotherAlgorithm) {
    const std::string dir = out_dir("export-svg-cli");
    ASSERT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE + " export --algo brent-kung --input 5,1,4,2,8,0,3,9 --backend cpu --out " + dir +
                    "/bk.svg 2> " + dir + "/log.txt"),
              0)
        << read_text(dir + "/log.txt");
    bool parsed = false;
    const std::multiset<std::string> texts = svg_texts(dir + "/bk.svg", parsed);
    EXPECT_TRUE(parsed);
    EXPECT_TRUE(texts.count("32"));  // the last prefix sum, 5+1+4+2+8+0+3+9
    EXPECT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE + " export --algo brent-kung --preset fig9.10 --view fig9.10 --out " + dir +
                    "/x.svg 2> " + dir + "/log2.txt"),
              1);
    EXPECT_NE(read_text(dir + "/log2.txt").find("Figure 9.10 is the hierarchical scan's"), std::string::npos)
        << read_text(dir + "/log2.txt");
    EXPECT_FALSE(std::filesystem::exists(dir + "/x.svg"));
}

TEST(SvgDocument, EscapesTextSoAnyValueOrLabelStaysXml) {
    EXPECT_EQ(xml_escaped("a<b & \"c\" > 'd'"), "a&lt;b &amp; &quot;c&quot; &gt; &apos;d&apos;");
}

TEST(ExportJob, RerunWordsStateTheTraceOnScreenAgain) {
    const Trace t = fig910_trace();
    std::string why;
    const std::vector<std::string> words = rerun_words(t, why);
    ASSERT_TRUE(why.empty()) << why;
    const RunSpec spec = parse_run_words(words, [](const std::string&, const auto&) { return false; });
    Form f;
    static_cast<RunSpec&>(f) = spec;
    f.backend = BackendChoice::cpu;
    const RunResult again = run_form(f, false);
    ASSERT_TRUE(again.error.empty()) << again.error;
    EXPECT_EQ(again.main->trace.steps.size(), t.steps.size());
    EXPECT_EQ(again.main->trace.result, t.result);
    EXPECT_EQ(again.main->trace.section, t.section);
}

// The app's own path (--smoke-test-export): File > Export animation... opened in a 1280x720 window
// with no display, Export pressed (and Cancel, with `cancel`); what it printed. The GIF goes to `dir`.
namespace {
std::string app_export(const std::string& dir, const std::string& run_words, bool cancel = false) {
    EXPECT_EQ(shell("cd " + dir + " && HOME=" + dir + " " + kNoDisplay + SCANLAB_APP_EXE + " --smoke-test-export" +
                    (cancel ? " --cancel" : "") + " --out " + dir + " --size 1280x720 " + run_words + " --backend cpu > log.txt 2>&1"),
              0)
        << read_text(dir + "/log.txt");
    return read_text(dir + "/log.txt");
}
}  // namespace

TEST(AppExport, TheDialogsGifIsDrawnByAChildWhileTheWindowKeepsDrawing) {
    // The window draws frames the whole time the child draws the GIF into the working folder.
    const std::string dir = out_dir("export-app");
    const std::string log = app_export(dir, "--algo kogge-stone --input 3,1,7,0,4,1,6,3");
    EXPECT_NE(log.find("export frames\t4\t4"), std::string::npos) << log;
    int window_frames = 0;
    if (const size_t at = log.find("window frames while exporting\t"); at != std::string::npos)
        window_frames = std::atoi(log.c_str() + at + std::string("window frames while exporting\t").size());
    EXPECT_GT(window_frames, 0) << log;
    const DecodedGif g = decode_gif(dir + "/scanlab-kogge-stone.gif");
    EXPECT_EQ(g.frames.size(), 4u);
    EXPECT_EQ(g.w, 960);
    EXPECT_EQ(g.h, 540);
    EXPECT_TRUE(load_png(dir + "/export-dialog-1280x720.png").w == 1280);
}

TEST(ExportJob, TheControlsOwnWordsAreUsedWhenTheyStateTheRunOnScreen) {
    Form f;
    f.request.algorithm = Algorithm::hierarchical;
    f.input.source = InputSpec::Source::random;
    f.input.random_n = 2048;
    f.backend = BackendChoice::cpu;
    const RunResult r = run_form(f, false);
    ASSERT_TRUE(r.error.empty()) << r.error;
    std::string why;
    std::vector<std::string> words = words_for_trace_on_screen(f, r.main->trace, why);
    EXPECT_NE(std::find(words.begin(), words.end(), "--random"), words.end());  // the frames say "random N = 2,048"
    // Controls changed since the run (another seed): the trace's own values are stated instead.
    f.input.seed = 2;
    words = words_for_trace_on_screen(f, r.main->trace, why);
    EXPECT_EQ(std::find(words.begin(), words.end(), "--random"), words.end());
    EXPECT_NE(std::find(words.begin(), words.end(), "--input"), words.end());
}

TEST(Mp4Export, AnInterruptedVideoLeavesNoFileAndNoTemporaryFolder) {
    if (shell("command -v ffmpeg > /dev/null") != 0) GTEST_SKIP() << "FFmpeg is not installed (Debian's ffmpeg package)";
    const std::string dir = out_dir("export-mp4-interrupted");
    std::filesystem::create_directories(dir + "/tmp");
    // Ended (as the app's Cancel ends it) once its first frame is in ffmpeg's hands.
    const int rc =
        shell("cd " + dir + " && TMPDIR=" + dir + "/tmp " + kNoDisplay + SCANLAB_EXE +
              " export --format mp4 --algo hierarchical --random 2048 --backend cpu --size 640x360 --out v.mp4 2> log.txt & p=$!; "
              "for i in $(seq 600); do grep -q 'frame 1 of' " +
              dir +
              "/log.txt 2>/dev/null && break; sleep 0.05; done; "
              "kill -TERM $p; wait $p; exit $?");
    EXPECT_EQ(rc, 128 + SIGTERM) << read_text(dir + "/log.txt");
    EXPECT_NE(read_text(dir + "/log.txt").find("frame 1 of"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(dir + "/v.mp4"));
    EXPECT_TRUE(std::filesystem::is_empty(dir + "/tmp")) << "ffmpeg's folder was left in " << dir << "/tmp";
}

TEST(ExportWords, EachBadWordIsRefusedWithItsSentenceBeforeAnythingIsDrawnOrWritten) {
    const std::string dir = out_dir("export-words");
    const std::pair<const char*, const char*> cases[] = {
        {"--out x.png", "export needs --format gif, mp4, svg or html"},
        {"--out x.gif --steps 5..2", "--steps expects a range of step numbers A..B"},
        {"--out x.gif --frame-ms 5", "--frame-ms expects milliseconds per step from 20 to 10000"},
        {"--out x.mp4 --size 641x480", "an MP4 needs an even width and height"},
        {"--out x.gif --step 3", "an animation's steps are --steps A..B"},
        {"--out x.svg --view counts", "give --view diagram, array or fig9.10"},
        {"--format webm --out x.webm", "unknown format 'webm' for export"},
    };
    for (const auto& [words, sentence] : cases) {
        const int rc =
            shell("cd " + dir + " && " + kNoDisplay + SCANLAB_EXE + " export --algo kogge-stone --preset fig9.10 " + words + " 2> log.txt");
        const std::string said = read_text(dir + "/log.txt");
        EXPECT_EQ(rc, 1) << words;
        EXPECT_NE(said.find(sentence), std::string::npos) << words << ": " << said;
        EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << said;
    }
    for (const char* f : {"x.png", "x.gif", "x.mp4", "x.svg", "x.webm"}) EXPECT_FALSE(std::filesystem::exists(dir + "/" + f)) << f;
}

TEST(AppExport, CancelEndsTheChildAndNothingIsWritten) {
    const std::string dir = out_dir("export-app-cancel");
    const std::string log = app_export(dir, "--algo hierarchical --random 2048", true);
    EXPECT_NE(log.find("result\texport cancelled: nothing was written"), std::string::npos) << log;
    EXPECT_FALSE(std::filesystem::exists(dir + "/scanlab-hierarchical.gif"));
    for (const auto& e : std::filesystem::directory_iterator(dir))  // nor a temporary beside it
        EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
}

// `scanlab export --format html`: the offline page carrying a trace or a lesson as one line of
// script after its run, which the page opens at start (tests/web/offline_page_test.py opens it).
// Set once, and read by the page's script (browser.cpp's js_query) elsewhere in it.
constexpr const char* kFakePage =
    "<script>var Module={};Module.scanlabRun=\"algo=hierarchical&preset=fig9.10\";Module.other=1;"
    "function query(){return location.search.substring(1)||Module.scanlabRun||\"\";}</script>";

TEST(OfflinePage, CarriesTheFileAsOneLineAfterItsRunWithNothingThatEndsTheScript) {
    const std::string html = offline_page_carrying(kFakePage, "lesson.md", "a </script> \"quoted\"\nline");
    const std::string line =
        "Module.scanlabRun=\"algo=hierarchical&preset=fig9.10\";Module.scanlabFile={\"name\":\"lesson.md\",\"text\":\"a <\\/script> \\\"quoted\\\"\\nline\"};Module.other=1;";
    EXPECT_NE(html.find(line), std::string::npos) << html;
    EXPECT_EQ(html.find("</script>"), html.rfind("</script>"));  // only the page's own
}

TEST(OfflinePage, CarriesOneFileReplacingTheOneItCarriedBefore) {
    const std::string twice = offline_page_carrying(offline_page_carrying(kFakePage, "a.json", "{}"), "b.json", "[]");
    EXPECT_EQ(twice.find("a.json"), std::string::npos) << twice;
    EXPECT_NE(twice.find("Module.scanlabFile={\"name\":\"b.json\",\"text\":\"[]\"};Module.other=1;"), std::string::npos) << twice;
}

TEST(OfflinePage, APageWithoutItsRunLineIsRefused) {
    try {
        offline_page_carrying("<html>an ordinary page</html>", "a.json", "{}");
        FAIL() << "an ordinary page was taken for the offline page";
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("not Scan Lab's offline page"), std::string::npos) << e.what();
    }
}

TEST(OfflinePage, TheCommandWritesThePageAndRefusesABadTraceATooLargeOneAndAMissingPage) {
    const std::string dir = out_dir("export-html");
    std::ofstream(dir + "/page.html") << kFakePage;
    const std::string fixture = std::string(SCANLAB_FIXTURES) + "/traces/fig910.json";
    const std::string cli = std::string(kNoDisplay) + SCANLAB_EXE + " export --format html --page " + dir + "/page.html ";
    ASSERT_EQ(shell(cli + "--trace " + fixture + " --out " + dir + "/lecture.html 2> " + dir + "/log.txt"), 0)
        << read_text(dir + "/log.txt");
    EXPECT_NE(read_text(dir + "/lecture.html").find("Module.scanlabFile={\"name\":\"fig910.json\""), std::string::npos);
    std::ofstream(dir + "/bad.json") << "{\"format\": \"not a trace\"}";
    std::ofstream(dir + "/big.json") << std::string(kPageMaxTraceFileBytes + 1, ' ');
    const std::pair<std::string, std::string> cases[] = {
        {"--trace " + dir + "/bad.json", "bad.json"},
        {"--trace " + dir + "/big.json", "the page opens trace files up to " + byte_size(kPageMaxTraceFileBytes)},
        {"--lesson " + dir + "/missing.md", "does not exist"},
        {"--trace " + fixture + " --lesson x.md", "carries one file"},
    };
    for (const auto& [words, sentence] : cases) {
        EXPECT_EQ(shell(cli + words + " --out " + dir + "/x.html 2> " + dir + "/log.txt"), 1) << words;
        EXPECT_NE(read_text(dir + "/log.txt").find(sentence), std::string::npos) << words << ": " << read_text(dir + "/log.txt");
    }
    EXPECT_EQ(shell(std::string(kNoDisplay) + SCANLAB_EXE + " export --format html --page " + dir + "/none.html --trace " + fixture +
                    " --out " + dir + "/x.html 2> " + dir + "/log.txt"),
              1);
    EXPECT_NE(read_text(dir + "/log.txt").find("cmake --build build-web --target scanlab-offline"), std::string::npos)
        << read_text(dir + "/log.txt");
    EXPECT_FALSE(std::filesystem::exists(dir + "/x.html"));
}
