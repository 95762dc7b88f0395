// The settings file (app/gui/model/settings.hpp): what the app keeps between runs, and how it
// reads a file it did not write, a broken one or one it cannot read.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "core/lesson/lookback_counts.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "app/gui/model/palette.hpp"
#include "app/gui/model/predict.hpp"
#include "app/gui/model/session.hpp"
#include "app/gui/model/settings.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/model/trace_book.hpp"
#include "core/algorithms/lookback_window.hpp"
#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/head_flags.hpp"
#include "core/input/input.hpp"
#include "core/input/run_options.hpp"
#include "core/lesson/listings.hpp"
#include "core/trace_io/trace_json.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/app/gui/model/model_support.hpp"
#include "tests/cli_run.hpp"

using namespace scanlab;
using namespace scanlab::gui;
using namespace scanlab::gui::model_test;

// ---- settings ----------------------------------------------------------------------------------

TEST(AppSettings, RoundTripAndGarbageTolerance) {
    Settings s;
    s.form.request.algorithm = Algorithm::brent_kung_naive;
    s.form.input.source = InputSource::text;
    s.form.input.text = "1 2\n3 \\ 4";
    s.form.request.schedule = *parse_schedule("random:7");
    s.form.backend = BackendChoice::cpu;
    s.layout.presentation = true;
    s.layout.cell_width = 12;
    s.layout.tab = Tab::counts;
    s.steps_per_second = 3.5f;
    const Settings r = parse_settings(settings_text(s) + "nonsense\nsection=-4\ntab=99\n");
    EXPECT_EQ(r.form.request.algorithm, Algorithm::brent_kung_naive);
    EXPECT_EQ(r.form.input.source, InputSource::text);
    EXPECT_EQ(r.form.input.text, s.form.input.text);
    EXPECT_EQ(r.form.request.schedule.text(), "random:7");
    EXPECT_EQ(r.form.backend, BackendChoice::cpu);
    EXPECT_EQ(r.form.request.section, 0);
    EXPECT_TRUE(r.layout.presentation);
    EXPECT_EQ(r.layout.cell_width, 12);
    EXPECT_EQ(r.layout.tab, Tab::counts);
    EXPECT_FLOAT_EQ(r.steps_per_second, 3.5f);
    const std::string path = temp_path("settings.ini");
    ASSERT_TRUE(save_settings(path, s));
    EXPECT_EQ(load_settings(path).form.input.text, s.form.input.text);
    std::filesystem::remove(path);
    EXPECT_EQ(load_settings(temp_path("absent.ini")).form.request.algorithm, Algorithm::hierarchical);
}

TEST(AppSession, AFirstRunRefusedAtStartShowsFigure910WithTheRefusal) {
    Session s;
    s.form.input.source = InputSource::text;
    s.form.input.text = "3 oops";  // e.g. kept in the settings from the last session
    s.load_fig910();
    s.run();
    s.wait();
    s.poll(0);
    ASSERT_NE(s.trace, nullptr);
    EXPECT_EQ(s.trace, s.fig910);
    EXPECT_NE(s.error.find("'oops'"), std::string::npos) << s.error;
}

TEST(AppSettings, TheCoarseningIsKeptAndABadOneDropped) {
    Settings s;
    s.form.request.algorithm = Algorithm::three_phase;
    s.form.request.block_algorithm = Algorithm::brent_kung;
    s.form.request.coarsening = 16;
    const Settings r = parse_settings(settings_text(s));
    EXPECT_EQ(r.form.request.coarsening, 16);
    EXPECT_EQ(r.form.request.block_algorithm, Algorithm::brent_kung);
    const Settings bad = parse_settings(settings_text(s) + "coarsening=3\n");
    EXPECT_EQ(bad.form.request.coarsening, 16);
    EXPECT_FALSE(bad.notes.empty());
}

TEST(AppSettings, AnExercisesAnswerIsClosedUntilOpenedAndStaysAsTheStudentLeftIt) {
    Settings s;
    EXPECT_EQ(s.layout.answers_shown, 0u);  // closed by default (the exercises with a starter keep theirs closed)
    s.layout.answers_shown = 1u << 4;
    const Settings r = parse_settings(settings_text(s));
    EXPECT_TRUE(r.notes.empty());
    EXPECT_EQ(r.layout.answers_shown, 1u << 4);  // exercise 4's open, exercise 5's still closed
    const Settings bad = parse_settings(settings_text(s) + "answers_shown=4,x\n");
    EXPECT_EQ(bad.layout.answers_shown, 1u << 4);
    EXPECT_FALSE(bad.notes.empty());
}

// The run's options the app keeps are the rows of the table of run options with a settings key:
// each is written under its key, and a value changed from the default reads back.
TEST(AppSettings, EveryRunOptionWithASettingsKeyIsWrittenAndReadBack) {
    Settings s;
    ScanRequest& q = s.form.request;
    q.algorithm = Algorithm::three_phase;
    q.block_algorithm = Algorithm::brent_kung;
    q.coarsening = 8;
    q.op = OpKind::max;
    q.type = ElementType::float64;
    q.exclusive = true;
    q.section = 64;
    q.warp_width = 4;
    q.schedule = *parse_schedule("reverse");
    s.form.backend = BackendChoice::cpu;
    // Every input is kept, whichever the run reads (typed values with a line break in them too).
    InputSpec& in = s.form.input;
    in.source = InputSpec::Source::random;
    in.preset = "slides";
    in.text = "3,1\n4";
    in.flags = "every:2";
    in.random_n = 99;
    in.seed = 7;
    const std::string text = settings_text(s);
    const Settings r = parse_settings(text);
    EXPECT_TRUE(r.notes.empty()) << r.notes[0];
    for (const RunOption& o : run_options()) {
        if (o.settings_key.empty()) continue;
        EXPECT_NE(text.find("\n" + std::string(o.settings_key) + "="), std::string::npos) << o.settings_key;
        EXPECT_NE(o.kept(s.form), o.kept(Settings{}.form)) << o.settings_key << " is left at its default by this test";
        EXPECT_EQ(o.kept(r.form), o.kept(s.form)) << o.settings_key;
    }
    EXPECT_EQ(r.form.input.source, InputSpec::Source::random);
}

TEST(AppSettings, WhatTheAppWritesReadsBackWithoutANote) {
    EXPECT_TRUE(parse_settings(settings_text(Settings{})).notes.empty()) << parse_settings(settings_text(Settings{})).notes[0];
}

TEST(AppSettings, HugeOrBrokenValuesAreClampedOrDroppedWithANoteAndSavedBackInRange) {
    const Settings r = parse_settings(
        "window_width=32767\r\nwindow_height=2147483647\r\ncell_width=nan\r\nsteps_per_second=inf\r\nsection=3\r\n"
        "random_n=99999999999\r\nwarp_width=1024\r\nalgorithm=bogo\r\ncontrols_width=-5\r\n");
    EXPECT_EQ(r.layout.window_width, kMaxWindowWidth);
    EXPECT_EQ(r.layout.window_height, kMaxWindowHeight);
    EXPECT_EQ(r.layout.cell_width, Settings{}.layout.cell_width);
    EXPECT_FLOAT_EQ(r.steps_per_second, 60.0f);
    EXPECT_EQ(r.form.request.section, 0);
    EXPECT_EQ(r.form.input.random_n, kMaxElements);
    EXPECT_EQ(r.form.request.warp_width, 32);
    EXPECT_EQ(r.form.request.algorithm, Settings{}.form.request.algorithm);
    EXPECT_EQ(r.layout.controls_width, 150.0f);
    EXPECT_EQ(r.notes.size(), 9u);
    EXPECT_NE(r.notes[0].find("window_width 32767 is outside 320..7680; using 7680"), std::string::npos) << r.notes[0];
    // CRLF lines are read, and what is saved back is the clamped value.
    EXPECT_NE(settings_text(r).find("window_width=7680\n"), std::string::npos);
    EXPECT_EQ(settings_text(r).find('\r'), std::string::npos);
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// A settings file the test makes that names another algorithm, operator and type than the
// defaults, so an overwrite with the defaults would show.
const std::string kOwnSettings = "algorithm=brent-kung\nop=max\ntype=int64\n# the user's own notes, " + std::string(200, '.') + "\n";

TEST(AppSettings, ADeviceAPipeOrAHugeFileIsNeverReadNorWrittenOver) {
    const std::string fifo = temp_path("fifo.ini"), big = temp_path("big.ini"), device = temp_path("zero.ini");
    std::filesystem::remove(fifo);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const std::string huge = std::string(size_t(kMaxSettingsBytes) + 1, '#');
    std::ofstream(big) << huge;
    std::vector<std::string> paths{fifo, big};
    // The zero device (1, 5), made here and never the system's: endless if it were read.
    std::filesystem::remove(device);
    if (::geteuid() == 0 && ::mknod(device.c_str(), S_IFCHR | 0600, makedev(1, 5)) == 0) paths.push_back(device);
    for (const std::string& path : paths) {
        Settings s = load_settings(path);  // returns at once: no hang, no endless read
        ASSERT_EQ(s.notes.size(), 1u) << path;
        EXPECT_NE(s.notes[0].find("using the defaults, and leaving the file as it is"), std::string::npos) << s.notes[0];
        EXPECT_TRUE(s.keep_file);
        EXPECT_EQ(s.layout.window_width, Settings{}.layout.window_width);
        s.form.request.algorithm = Algorithm::sklansky;  // what the app would save at quit
        EXPECT_TRUE(save_settings(path, s));
    }
    EXPECT_EQ(std::filesystem::status(fifo).type(), std::filesystem::file_type::fifo);
    EXPECT_EQ(file_bytes(big), huge);
    if (paths.size() == 3) EXPECT_TRUE(std::filesystem::is_character_file(device));
    for (const std::string& path : paths) std::filesystem::remove(path);
}

TEST(AppSettings, AFileWhoseReadFailsIsKeptAsItWasNotReplacedByTheDefaults) {
    const std::string path = temp_path("eio.ini");
    std::ofstream(path) << kOwnSettings;
    Settings s;
    {
        // The preloaded fault shim (tests/io_fault_shim.cpp) fails reads past 50 bytes.
        ::setenv("SCANLAB_FAIL_READS_AFTER", "50", 1);
        s = load_settings(path);
        ::unsetenv("SCANLAB_FAIL_READS_AFTER");
    }
    if (s.notes.empty()) GTEST_SKIP() << "the fault shim is not preloaded (ctest preloads it)";
    EXPECT_NE(s.notes[0].find("reading it failed"), std::string::npos) << s.notes[0];
    EXPECT_TRUE(s.keep_file);
    EXPECT_EQ(s.form.request.algorithm, Settings{}.form.request.algorithm);
    EXPECT_TRUE(save_settings(path, s));
    EXPECT_EQ(file_bytes(path), kOwnSettings);
    EXPECT_EQ(load_settings(path).form.request.algorithm, Algorithm::brent_kung);
    std::filesystem::remove(path);
}

TEST(AppSettings, ALongTypedInputIsNotKeptSoTheSettingsStayFarUnderTheirCap) {
    Settings s;
    s.form.input.source = InputSource::text;
    for (int i = 0; i < 12000; ++i) s.form.input.text += std::to_string(i % 97) + " ";
    s.form.request.algorithm = Algorithm::brent_kung;
    const std::string text = settings_text(s);
    EXPECT_LT(text.size(), size_t(4096));
    const Settings r = parse_settings(text);
    EXPECT_TRUE(r.notes.empty());
    EXPECT_EQ(r.form.input.source, InputSource::preset);  // not an empty text box
    EXPECT_EQ(r.form.input.text, Settings{}.form.input.text);
    EXPECT_EQ(r.form.request.algorithm, Algorithm::brent_kung);  // the rest is kept
    // A short one is kept as it was.
    s.form.input.text = "3 1 4 1 5";
    EXPECT_EQ(parse_settings(settings_text(s)).form.input.text, "3 1 4 1 5");
    EXPECT_EQ(parse_settings(settings_text(s)).form.input.source, InputSource::text);
}
