// The desktop app's model, without a window: the Session runs scans on worker threads and keeps
// the last good trace on a refusal; the bookkeeping the views draw from; the source listings;
// the settings file.
#include <gtest/gtest.h>

#include "core/number_text.hpp"
#include "core/lesson/lookback_counts.hpp"
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "core/algorithms/lookback_window.hpp"
#include "core/lesson/listings.hpp"
#include "app/gui/model/predict.hpp"
#include "app/gui/model/session.hpp"
#include "app/gui/model/settings.hpp"
#include "app/gui/shell/palette.hpp"
#include "app/gui/model/tiles.hpp"
#include "app/gui/model/trace_book.hpp"
#include "tests/algorithm_configs.hpp"
#include "tests/cli_run.hpp"
#include "core/emulation/emulate.hpp"
#include "core/error.hpp"
#include "core/input/head_flags.hpp"
#include "core/input/input.hpp"
#include "core/input/run_options.hpp"
#include "core/trace_io/trace_json.hpp"

using namespace scanlab;
using namespace scanlab::gui;

namespace {

Trace run(Algorithm a, const std::string& text, int section = 0, Algorithm block = Algorithm::kogge_stone) {
    ScanRequest q;
    q.algorithm = a;
    q.block_algorithm = block;
    q.section = section;
    const ValueArray x = parse_values(text, ElementType::int32);
    if (algorithm_info(a).takes_flags) q.flags = parse_flags("every:3", int64_t(size_of(x)));  // segments across sections of 4
    return emulate(q, x);
}

const std::string kFig910 = "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2";

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("scanlab_app_test_" + std::to_string(::getpid()) + "_" + name)).string();
}

std::vector<int32_t> ints(const ValueArray& v) { return std::get<std::vector<int32_t>>(v); }

// A trace file of `t` in the temporary folder; its path.
std::string saved_trace(const std::string& name, const Trace& t) {
    const std::string path = temp_path(name);
    std::ofstream out(path);
    write_trace_json(out, t);
    return path;
}

// Brent-Kung on Figure 9.10's input: a trace that is not the one on screen.
Trace brent_kung_fig910() {
    ScanRequest q;
    q.algorithm = Algorithm::brent_kung;
    return emulate(q, parse_values(kFig910, ElementType::int32));
}

Session ran_fig910() {
    Session s;
    s.run();
    s.wait();
    return s;
}

}  // namespace

// ---- source listings ---------------------------------------------------------------------------

TEST(AppListings, EveryEmbeddedListingParses) {
    ASSERT_FALSE(embedded_listings().empty());
    for (const EmbeddedFile& f : embedded_listings()) {
        const Listing l = parse_listing(f.name, f.text);  // throws, naming the line, if malformed
        EXPECT_FALSE(l.title.empty()) << f.name;
        EXPECT_FALSE(l.lines.empty()) << f.name;
        EXPECT_NE(find_listing(f.name), nullptr) << f.name;
    }
}

TEST(AppColours, AnAlgorithmKeepsItsColourWhicheverRunItIs) {
    using scanlab::gui::algorithm_colour;
    using scanlab::gui::kNormalPalette;
    auto same = [](scanlab::gui::Rgb a, scanlab::gui::Rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; };
    for (const scanlab::gui::Palette* p : {&kNormalPalette, &scanlab::gui::kPresentationPalette}) {
        // Main Kogge-Stone beside Brent-Kung, then the two swapped: each keeps its colour.
        EXPECT_TRUE(same(algorithm_colour(*p, Algorithm::kogge_stone), algorithm_colour(*p, Algorithm::kogge_stone, Algorithm::brent_kung)));
        EXPECT_TRUE(same(algorithm_colour(*p, Algorithm::brent_kung, Algorithm::kogge_stone), algorithm_colour(*p, Algorithm::brent_kung)));
        EXPECT_TRUE(same(algorithm_colour(*p, Algorithm::kogge_stone), p->series_a));
        EXPECT_TRUE(same(algorithm_colour(*p, Algorithm::brent_kung), p->series_b));
        // Every pair of algorithms is told apart, the same one on both sides too.
        for (const AlgorithmInfo& a : algorithm_table())
            for (const AlgorithmInfo& b : algorithm_table())
                EXPECT_FALSE(same(algorithm_colour(*p, a.id), algorithm_colour(*p, b.id, a.id))) << a.name << " beside " << b.name;
    }
}

TEST(AppListings, EveryStepOfEveryAlgorithmHighlightsAtLeastOneLine) {
    // Inputs that reach every phase: one section, several sections, and S scanned hierarchically.
    const std::string random40 = [] {
        std::string s;
        for (int i = 0; i < 40; ++i) s += std::to_string(i % 10) + " ";
        return s;
    }();
    std::vector<Trace> traces;
    for (const scanlab::testing::AlgoConfig& c : scanlab::testing::every_configuration()) {
        switch (algorithm_info(c.algorithm).reach) {
            case Reach::one_thread:
            case Reach::one_section: traces.push_back(run(c.algorithm, kFig910, 0, c.block)); break;
            case Reach::multi_block:
                traces.push_back(run(c.algorithm, kFig910, 4, c.block));
                traces.push_back(run(c.algorithm, random40, 4, c.block));
                break;
        }
    }
    size_t checked = 0;
    for (const Trace& t : traces) {
        const std::string lname = listing_name(t.algorithm, t.block_algorithm);
        const Listing* l = find_listing(lname);
        ASSERT_NE(l, nullptr) << "no listing " << lname;
        std::set<int> some_step;
        for (size_t k = 0; k < t.steps.size(); ++k) {
            const Step& s = t.steps[k];
            const std::vector<int> lines = highlighted_lines(*l, s);
            EXPECT_FALSE(lines.empty()) << lname << ": step '" << step_label(s) << "' (" << highlight_key(s) << ") highlights nothing";
            for (int x : lines) EXPECT_TRUE(x >= 1 && size_t(x) <= l->lines.size()) << lname;
            for (int x : highlighted_lines(*l, t, k)) some_step.insert(x);
            ++checked;
        }
        // The store of the results (Y[i] = XY[t]) is highlighted on some step: a kernel's last.
        if (!algorithm_info(t.algorithm).event_scheduled())
            for (size_t i = 0; i < l->lines.size(); ++i) {
                const std::string code = l->lines[i].substr(0, l->lines[i].find("//"));
                static const std::regex store(R"((^|[^A-Za-z0-9_])Y\[[^\]]*\] = )");
                if (std::regex_search(code, store))
                    EXPECT_TRUE(some_step.count(int(i) + 1)) << lname << ": line " << i + 1 << " '" << code << "' is never highlighted";
            }
    }
    EXPECT_GT(checked, 100u);
}

TEST(AppListings, Fig910StridesHighlightTheStrideLoopAndAddSTheAddKernel) {
    const Trace t = run(Algorithm::hierarchical, kFig910, 4);
    const Listing* l = find_listing("hierarchical-kogge-stone");
    ASSERT_NE(l, nullptr);
    for (const Step& s : t.steps) {
        const std::vector<int> lines = highlighted_lines(*l, s);
        ASSERT_FALSE(lines.empty());
        std::string code;
        for (int x : lines) code += l->lines[size_t(x - 1)] + "\n";
        if (s.phase == Phase::stride) EXPECT_NE(code.find("stride *= 2"), std::string::npos) << step_label(s);
        if (s.phase == Phase::add_block_sums) EXPECT_NE(code.find("Y[i] += S[blockIdx.x - 1]"), std::string::npos);
        if (s.phase == Phase::block_sum_write) EXPECT_NE(code.find("S[blockIdx.x] ="), std::string::npos);
    }
}

TEST(AppListings, AMalformedHeaderIsRefusedWithTheLine) {
    EXPECT_THROW(parse_listing("x", "@ scan load 3\n---\ncode\n"), ScanError);          // no colon
    EXPECT_THROW(parse_listing("x", "@ scan load: 3\n---\ncode\n"), ScanError);         // past the end
    EXPECT_THROW(parse_listing("x", "@ scan load: 1\ncode\n"), ScanError);              // no ---
    EXPECT_THROW(parse_listing("x", "@ scan load: two\n---\ncode\n"), ScanError);       // not a number
    try {
        parse_listing("bad", "@title t\n@ scan load: 9\n---\na\nb\n");
        FAIL();
    } catch (const ScanError& e) {
        EXPECT_NE(std::string(e.what()).find("bad 'scan load'"), std::string::npos) << e.what();
    }
    const Listing ok = parse_listing("ok", "@title T\n@ K1 stride: 1-2, 4\n---\na\nb\nc\nd\n");
    EXPECT_EQ(ok.highlights.at("K1 stride"), (std::vector<int>{1, 2, 4}));
}

// ---- trace bookkeeping -------------------------------------------------------------------------

TEST(AppTraceBook, Fig910UpdatedCellsPerStepMatchTheAdditions) {
    const Trace t = run(Algorithm::hierarchical, kFig910, 4);
    std::vector<int64_t> updated;
    for (const Step& s : t.steps) updated.push_back(updated_cell_count(s));
    // load, stride 1, stride 2, write S, K2 load, stride 1, stride 2, add S
    EXPECT_EQ(updated, (std::vector<int64_t>{0, 12, 8, 0, 0, 3, 2, 12}));
    const TraceBook b = make_book(t);
    EXPECT_EQ(b.cumulative_additions.back(), 37);
    EXPECT_EQ(b.cumulative_additions, (std::vector<int64_t>{0, 12, 20, 20, 20, 23, 25, 37}));
}

TEST(AppTraceBook, Fig910Block0IsFinalAfterKernel1AndEveryCellAfterKernel3WhichWritesThemFinal) {
    const Trace t = run(Algorithm::hierarchical, kFig910, 4);
    const TraceBook b = make_book(t);
    // Block 0 (2 3 6 7) needs no S: it is final after K1's stride 2 (step 2); blocks 1-3 after K3 (step 7).
    EXPECT_EQ(b.final_from, (std::vector<size_t>{0, 1, 2, 2, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}));
    const std::vector<CellState> k3 = cell_states(t, b, 7);
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(k3[i], CellState::final_value) << i;
    for (size_t i = 4; i < 16; ++i) EXPECT_EQ(k3[i], CellState::updated) << i;
    // K3 writes blocks 1-3 into their results: updated, and final too (the view marks both).
    EXPECT_EQ(final_cells(t, b, 7), std::vector<uint8_t>(16, 1));
    // Stride 1 of K1 makes 2 3 final in block 0 (3 updated into its result), nothing else.
    EXPECT_EQ(final_cells(t, b, 1), (std::vector<uint8_t>{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
    const std::vector<CellState> load = cell_states(t, b, 0);
    EXPECT_EQ(load[0], CellState::final_value);  // 2 is already its own prefix sum
    EXPECT_EQ(load[1], CellState::loaded);
}

TEST(AppTraceBook, AddOfBlockSumsReadsKernel1sYAndTheScannedS) {
    const Trace t = run(Algorithm::hierarchical, kFig910, 4);
    const StepRows r = step_rows(t, 7);
    ASSERT_TRUE(r.sums);
    EXPECT_EQ(ints(*r.sums.values), (std::vector<int32_t>{7, 14, 20, 31}));
    EXPECT_EQ(ints(*r.before.values), (std::vector<int32_t>{2, 3, 6, 7, 0, 4, 5, 7, 0, 3, 4, 6, 5, 8, 9, 11}));
    const StepRows s = step_rows(t, 3);  // write S reads kernel 1's XY
    EXPECT_EQ(ints(*s.after.values), (std::vector<int32_t>{7, 7, 6, 11}));
    EXPECT_EQ(s.before.name, "XY");
    EXPECT_EQ(step_rows(t, 0).before.name, "X");
    EXPECT_EQ(step_rows(t, 0).before.count, 16u);  // a full trace's rows are whole, from index 0
    EXPECT_EQ(step_rows(t, 0).before.offset, 0);
}

TEST(AppTraceBook, ThreadsAndWritersComeFromTheAccesses) {
    const Trace t = run(Algorithm::brent_kung, kFig910);
    const Step& level4 = t.steps[4];  // reduction level 4: thread 0 writes XY[15]
    EXPECT_EQ(step_label(level4), "reduction level 4");
    const ThreadRow threads = launched_threads(t, level4);
    EXPECT_EQ(threads.first, 0);
    const std::vector<uint8_t>& act = threads.active;
    ASSERT_EQ(act.size(), 8u);
    EXPECT_EQ(std::count(act.begin(), act.end(), 1), level4.counts.active_threads);
    EXPECT_EQ(writers(level4)[15], 0);
    EXPECT_EQ(writers(level4)[14], -1);
}

TEST(AppTraceBook, TheChaptersFormulasPredictTheMeasuredAdditions) {
    const std::vector<Formula> f = chapter_formulas(16);
    EXPECT_EQ(f[0].value, 15);
    EXPECT_EQ(f[1].value, 49);
    EXPECT_EQ(f[2].value, 26);
    for (const AlgorithmInfo& row : algorithm_table()) {
        if (!row.formula.given()) continue;
        const Algorithm a = row.id;
        const Trace t = run(a, kFig910);
        const std::optional<Formula> fo = formula_for(t);
        ASSERT_TRUE(fo) << name(a);
        EXPECT_EQ(fo->value, t.counts.additions) << name(a);
    }
    EXPECT_FALSE(formula_for(run(Algorithm::hierarchical, kFig910, 4)));
}

// ---- the session -------------------------------------------------------------------------------

TEST(AppSession, TheDefaultRunIsFigure910OnAWorkerThread) {
    Session s;
    s.run();
    EXPECT_TRUE(s.busy() || s.trace == nullptr);
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    EXPECT_EQ(s.trace->trace.algorithm, Algorithm::hierarchical);
    EXPECT_EQ(s.trace->trace.section, 4);
    EXPECT_EQ(ints(s.trace->trace.result), (std::vector<int32_t>{2, 3, 6, 7, 7, 11, 12, 14, 14, 17, 18, 20, 25, 28, 29, 31}));
    ASSERT_NE(s.compare, nullptr);  // brent-kung on the same 16 values
    EXPECT_EQ(s.compare->trace.algorithm, Algorithm::brent_kung);
    EXPECT_EQ(s.compare->trace.counts.additions, 26);
    EXPECT_FALSE(s.busy());
}

TEST(AppSession, BadInputIsRefusedInTheAppsWordsAndKeepsTheLastTrace) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    s.form.input.source = InputSource::text;
    s.form.input.text = "1 2 x 4";
    s.run();
    s.wait();
    EXPECT_EQ(s.trace, good);
    EXPECT_EQ(s.error, "'x' (value 3 of the typed values (line 1, column 5)) is not a number");
    // The CLI refuses the same token, naming its own flag.
    const CliResult cli = run_cli({"scan", "--input", "1 2 x 4"});
    EXPECT_EQ(cli.exit_code, 1);
    EXPECT_EQ(cli.err, "scanlab: error: 'x' (value 3 of --input (line 1, column 5)) is not a number\n");

    s.form.input.text = "1 3000000000";  // advice names the type menu, not --type
    s.run();
    s.wait();
    EXPECT_EQ(s.trace, good);
    EXPECT_NE(s.error.find("int64 in the type menu"), std::string::npos) << s.error;
    EXPECT_EQ(s.error.find("--"), std::string::npos) << s.error;

    s.form.input.text = "1 2 3";  // a good run clears the message
    s.run();
    s.wait();
    EXPECT_TRUE(s.error.empty());
    EXPECT_NE(s.trace, good);
}

TEST(AppSession, TypingABadValueWithoutEnterKeepsThePreviousTraceAndEnterShowsTheErrorAndStillKeepsIt) {
    Session s;
    s.form.input.source = InputSource::text;
    s.form.input.text = "3 1 4 1 5";
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    const TracePtr good = s.trace;
    // Keystrokes edit the draft only: nothing runs, the form keeps the committed values.
    s.text_draft = "3 1 4 1 5 x";
    s.poll(0.1);
    s.wait();
    EXPECT_EQ(s.trace, good);
    EXPECT_EQ(s.form.input.text, "3 1 4 1 5");
    EXPECT_TRUE(s.error.empty());
    EXPECT_FALSE(s.busy());
    // A menu choice meanwhile runs with the committed input, and the draft stays a draft.
    s.form.request.op = OpKind::max;
    s.run();
    s.wait();
    EXPECT_TRUE(s.error.empty()) << s.error;
    EXPECT_EQ(s.trace->trace.n, 5);
    ASSERT_TRUE(s.text_draft.has_value());
    const TracePtr max_trace = s.trace;
    // Enter: the refusal, in the app's words, and the last good trace stays.
    s.commit_input();
    s.wait();
    EXPECT_EQ(s.trace, max_trace);
    EXPECT_NE(s.error.find("'x' (value 6 of the typed values"), std::string::npos) << s.error;
    EXPECT_FALSE(s.has_draft());
    // A good value on Enter replaces it and clears the refusal.
    s.text_draft = "2 7 1 8";
    s.commit_input();
    s.wait();
    EXPECT_TRUE(s.error.empty());
    EXPECT_EQ(s.trace->trace.n, 4);
}

// Figure 9.10's values through the racy kernel, warps of four, in the given warp order.
Session ran_racy(Schedule::Kind order) {
    Session s;
    s.form.request.algorithm = Algorithm::kogge_stone_racy;
    s.form.request.warp_width = 4;
    s.form.request.schedule = {order, 1};
    s.form.backend = BackendChoice::cpu;
    s.run();
    s.wait();
    return s;
}

TEST(AppRaceVerdict, AWrongRacyRunShowsTheVerdictAndMarksExactlyTheWrongCellsNeverAsFinal) {
    const Session s = ran_racy(Schedule::Kind::in_order);
    ASSERT_NE(s.trace, nullptr) << s.error;
    const Trace& t = s.trace->trace;
    const TraceBook& b = s.trace->book;
    EXPECT_EQ(b.verdict.headline(), "WRONG: 11 of 16 results differ from the correct scan");
    // At the last step, exactly the results that differ from the scan of the input are marked.
    const std::vector<int32_t> x = ints(t.input), y = ints(t.result);
    std::vector<CellState> last = cell_states(t, b, t.steps.size() - 1);
    int32_t sum = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        sum += x[i];
        EXPECT_EQ(last[i] == CellState::wrong, y[i] != sum) << i;
        EXPECT_FALSE(y[i] != sum && last[i] == CellState::final_value) << i;
    }
    // At every step, a cell is marked wrong exactly where the correct Kogge-Stone holds another value.
    const Trace good = run(Algorithm::kogge_stone, kFig910);
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const std::vector<CellState> st = cell_states(t, b, k);
        const std::vector<int32_t> got = ints(t.steps[k].values), want = ints(good.steps[k].values);
        for (size_t i = 0; i < st.size(); ++i) EXPECT_EQ(st[i] == CellState::wrong, got[i] != want[i]) << "step " << k << " cell " << i;
    }
}

TEST(AppRaceVerdict, ARacyRunThatCameOutRightSaysTheScheduleHidTheRace) {
    const Session s = ran_racy(Schedule::Kind::reverse);
    ASSERT_NE(s.trace, nullptr) << s.error;
    const TraceBook& b = s.trace->book;
    EXPECT_TRUE(b.verdict.correct());
    EXPECT_EQ(b.verdict.headline(), "this schedule hid the race: the kernel is still wrong; try in-order or random");
    EXPECT_NE(b.verdict.detail().find("17 reads"), std::string::npos) << b.verdict.detail();
    for (size_t k = 0; k < s.trace->trace.steps.size(); ++k)
        for (CellState c : cell_states(s.trace->trace, b, k)) EXPECT_NE(c, CellState::wrong);
}

TEST(AppPredict, AsksForCellsTheStepWritesAndScoresOnlyWhatTheTraceHolds) {
    const Trace t = run(Algorithm::kogge_stone, kFig910);
    const size_t k = 2;  // stride 2: threads 2..15 write XY[2..15]
    const std::vector<int64_t> cells = cells_to_predict(t, k);
    ASSERT_EQ(cells.size(), 4u);
    for (int64_t c : cells) EXPECT_GE(c, 2);
    Prediction p;
    p.on = true;
    p.follow(t, &t, k);
    EXPECT_TRUE(p.hides(&t, k));
    const std::vector<int32_t> row = ints(t.steps[k].values);
    p.answers[0] = std::to_string(row[size_t(p.cells[0])]);        // right
    p.answers[1] = " " + std::to_string(row[size_t(p.cells[1])]) + ".0 ";  // right, in other words
    p.answers[2] = std::to_string(row[size_t(p.cells[2])] + 1);    // wrong
    p.reveal(t);
    EXPECT_FALSE(p.hides(&t, k));
    // "Next step": a view drawn before the pane follows the new step hides its row already.
    EXPECT_TRUE(p.hides(&t, k + 1));
    EXPECT_EQ(p.right, 2);
    EXPECT_EQ(p.asked, 4);
    p.follow(t, &t, k + 1);  // the next step asks again and keeps the score
    EXPECT_TRUE(p.hides(&t, k + 1));
    EXPECT_EQ(p.asked, 4);
}

TEST(AppSession, ARefusedSizeIsTheCLIsSentenceInTheAppsWords) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    s.form.request.algorithm = Algorithm::kogge_stone;
    s.form.input.source = InputSource::random;
    s.form.input.random_n = 5000;
    s.run();
    s.wait();
    EXPECT_EQ(s.trace, good);
    EXPECT_NE(s.error.find("use hierarchical in the algorithm menu"), std::string::npos) << s.error;
    const CliResult cli = run_cli({"scan", "--algo", "kogge-stone", "--random", "5000"});
    std::string app_sentence = s.error;
    app_sentence.replace(app_sentence.find("hierarchical in the algorithm menu"), 34, "--algo hierarchical");
    EXPECT_EQ(cli.err, "scanlab: error: " + app_sentence + "\n");
}

TEST(AppSession, AComparisonThatCannotRunIsReportedAndTheMainRunStands) {
    Session s;
    s.form.input.source = InputSource::random;
    s.form.input.random_n = 5000;
    s.form.request.section = 0;
    s.form.compare_algorithm = Algorithm::kogge_stone;  // one section of at most 1024
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    EXPECT_TRUE(s.error.empty()) << s.error;
    EXPECT_EQ(s.compare, nullptr);
    // Said plainly, with the N it runs at, not as the refusal of a run.
    EXPECT_EQ(s.compare_error,
              "No Kogge-Stone comparison at N = 5,000: Kogge-Stone scans one section, up to N = 1,024.");
}

TEST(AppSession, MalformedTruncatedOrForeignFilesLeaveTheTraceAlone) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    const std::string trunc = temp_path("truncated.json"), foreign = temp_path("foreign.json");
    {
        std::ofstream(trunc) << "{\"format\": \"scanlab-trace\", \"version\": 1, \"steps\": [";
        std::ofstream(foreign) << "{\"hello\": \"world\"}";
    }
    for (const std::string& path : {trunc, foreign, temp_path("missing.json")}) {
        s.open_trace(path);
        s.wait();
        EXPECT_EQ(s.trace, good) << path;
        // Said as a failed open, for the dialog and the status line, not as a refused input.
        const std::string& failure = s.open_task.failure;
        EXPECT_FALSE(s.open_task.pending);
        EXPECT_NE(failure.find(quoted_path(path)), std::string::npos) << failure;
        EXPECT_NE(failure.find("The trace on screen is unchanged."), std::string::npos) << failure;
        EXPECT_EQ(s.status, failure);
        EXPECT_TRUE(s.status_failed);
        EXPECT_TRUE(s.error.empty()) << s.error;
        // One sentence in the app's words, not the parser's internals.
        EXPECT_EQ(failure.find('\n'), std::string::npos) << failure;
        EXPECT_EQ(failure.find("json.exception"), std::string::npos) << failure;
        EXPECT_EQ(failure.find("syntax error"), std::string::npos) << failure;
    }
    std::filesystem::remove(trunc);
    std::filesystem::remove(foreign);
}

TEST(AppSession, AnOpenFailureQuotesThePathAsGivenNeverCapitalised) {
    Session s = ran_fig910();
    // A relative path beginning with a small letter, as a user types it.
    const std::string dir = "m_" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/x.json";
    std::ofstream(path) << "{\"hello\": \"world\"}";
    s.open_trace(path);
    s.wait();
    EXPECT_EQ(s.open_task.failure.rfind("'" + path + "' is not a usable Scan Lab trace", 0), 0u) << s.open_task.failure;
    std::filesystem::remove_all(dir);
}

TEST(AppSession, AReadErrorWhileOpeningIsASentenceNamingTheFile) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    const std::string path = saved_trace("eio.json", good->trace);
    ::setenv("SCANLAB_FAIL_READS_AFTER", "100", 1);  // the preloaded fault shim fails reads past 100 bytes
    s.open_trace(path);
    s.wait();
    ::unsetenv("SCANLAB_FAIL_READS_AFTER");
    std::vector<std::string> failures{s.open_task.failure};
    // /proc/self/mem reads as a regular file whose first read fails: no shim needed.
    s.open_trace("/proc/self/mem");
    s.wait();
    failures.push_back(s.open_task.failure);
    if (failures[0].empty()) failures.erase(failures.begin());  // the shim is not preloaded (ctest preloads it)
    for (const std::string& failure : failures) {
        EXPECT_EQ(failure.rfind("Reading '", 0), 0u) << failure;
        EXPECT_NE(failure.find("' failed partway: Input/output error. The trace on screen is unchanged."), std::string::npos) << failure;
    }
    EXPECT_EQ(s.trace, good);
    std::filesystem::remove(path);
}

TEST(AppSession, ACancelledOpenKeepsTheTraceOnScreenAndDropsTheFilesResult) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    const std::string path = saved_trace("cancelled.json", brent_kung_fig910());
    s.open_trace(path);
    EXPECT_TRUE(s.open_task.pending);
    s.cancel_open();
    EXPECT_FALSE(s.open_task.pending);
    EXPECT_NE(s.status.find("cancelled"), std::string::npos) << s.status;
    s.wait();  // the file is read and checked to its end, and its trace dropped
    EXPECT_EQ(s.trace, good);
    EXPECT_TRUE(s.open_task.failure.empty());
    std::filesystem::remove(path);
}

// A Cancel that comes after the file was read and checked, but before a frame took the result in:
// the result is dropped whole (a trace or a refusal alike), nothing stays pending, and the trace on
// screen is the one that was there. A Cancel after the frame took it in has nothing to stop.
TEST(AppSession, ACancelArrivingJustAsTheReadFinishesDropsItsResultWhole) {
    Session s = ran_fig910();
    const TracePtr good = s.trace;
    const std::string path = saved_trace("just_read.json", brent_kung_fig910()), bad = temp_path("just_refused.json");
    std::ofstream(bad) << "{\"format\": \"scanlab-trace\", \"version\": 1";
    for (const std::string& file : {path, bad}) {
        s.open_trace(file);
        s.wait_unpolled();  // read and checked (or refused); no frame has taken it in
        s.cancel_open();
        s.poll(0);
        EXPECT_EQ(s.trace, good) << file;
        EXPECT_FALSE(s.open_task.pending) << file;
        EXPECT_TRUE(s.open_task.failure.empty()) << s.open_task.failure;
        EXPECT_TRUE(s.error.empty()) << s.error;
        EXPECT_NE(s.status.find("cancelled"), std::string::npos) << s.status;
        EXPECT_FALSE(s.busy());
        EXPECT_FALSE(s.working());
    }
    s.open_trace(path);
    s.wait();
    s.cancel_open();  // too late: the file is on screen, and the Cancel changes nothing
    ASSERT_NE(s.trace, good);
    EXPECT_EQ(s.trace->trace.algorithm, Algorithm::brent_kung);
    EXPECT_EQ(s.status.rfind("opened ", 0), 0u) << s.status;
    std::filesystem::remove(path);
    std::filesystem::remove(bad);
}

TEST(AppSession, ASavedTraceOpensAsTheSameTraceWithItsComparison) {
    Session s = ran_fig910();
    s.go_to(5);
    const std::string path = temp_path("saved.json");
    s.save_trace(path);
    s.wait();
    EXPECT_TRUE(s.save_task.failure.empty()) << s.save_task.failure;
    EXPECT_NE(s.status.find(path), std::string::npos);
    const TracePtr before = s.trace;
    Session other;
    other.form.compare_algorithm = Algorithm::sequential;
    other.open_trace(path);
    other.wait();
    ASSERT_NE(other.trace, nullptr) << other.error;
    EXPECT_EQ(other.trace->trace.steps.size(), before->trace.steps.size());
    EXPECT_TRUE(bitwise_equal(other.trace->trace.result, before->trace.result));
    EXPECT_EQ(other.trace->trace.counts, before->trace.counts);
    EXPECT_EQ(other.step, 0u);
    ASSERT_NE(other.compare, nullptr);
    EXPECT_EQ(other.compare->trace.counts.additions, 15);  // sequential on the file's 16 values
    std::filesystem::remove(path);
}

TEST(AppSession, TheControlsTakeTheSettingsOfAnOpenedTrace) {
    Session s;
    s.form.backend = BackendChoice::cpu;
    s.form.request.algorithm = Algorithm::brent_kung;
    s.form.request.op = OpKind::max;
    s.form.request.exclusive = true;
    s.form.input.source = InputSpec::Source::text;
    s.form.input.text = "3 1 7 0 4 1 6 3";
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr) << s.error;
    const std::string path = temp_path("controls.json");
    s.save_trace(path);
    s.wait();
    Session other;  // the Figure 9.10 defaults
    other.form.backend = BackendChoice::cpu;
    other.open_trace(path);
    other.wait();
    ASSERT_NE(other.trace, nullptr) << other.error;
    EXPECT_EQ(other.form.request.algorithm, Algorithm::brent_kung);
    EXPECT_EQ(other.form.request.op, OpKind::max);
    EXPECT_TRUE(other.form.request.exclusive);
    EXPECT_EQ(other.form.input.source, InputSpec::Source::text);
    EXPECT_EQ(other.form.input.text, "3 1 7 0 4 1 6 3");
    EXPECT_EQ(other.form.backend, BackendChoice::cpu);  // the user's, not the file's
    // Running the controls now runs what is on screen again.
    const Trace opened = other.trace->trace;
    other.run();
    other.wait();
    EXPECT_EQ(other.trace->trace.counts, opened.counts);
    EXPECT_TRUE(bitwise_equal(other.trace->trace.result, opened.result));
    std::filesystem::remove(path);
}

TEST(AppSession, SavingWhereItCannotIsASentenceAndLeavesNoFile) {
    Session s = ran_fig910();
    const std::string good = temp_path("saved-first.json");
    s.save_trace(good);
    s.wait();
    EXPECT_NE(s.status.find("saved the trace to"), std::string::npos) << s.status;
    s.save_trace("/nonexistent-folder/x.json");
    EXPECT_TRUE(s.save_task.pending);
    s.wait();
    EXPECT_FALSE(s.save_task.pending);
    EXPECT_EQ(s.save_task.failure,
              "Cannot save the trace to '/nonexistent-folder/x.json': its folder does not exist. Nothing was written.");
    // The status line says the failure, never the earlier save's confirmation.
    EXPECT_EQ(s.status, s.save_task.failure);
    EXPECT_TRUE(s.status_failed);
    EXPECT_TRUE(s.error.empty()) << s.error;  // not the input's refusal
    EXPECT_FALSE(std::filesystem::exists("/nonexistent-folder/x.json"));
    // A later save that works clears the failure.
    s.save_trace(good);
    s.wait();
    EXPECT_TRUE(s.save_task.failure.empty());
    EXPECT_FALSE(s.status_failed);
    std::filesystem::remove(good);
}

TEST(AppSession, PlayAdvancesWithTimeAndStopsAtTheLastStep) {
    Session s = ran_fig910();
    s.steps_per_second = 2;
    s.toggle_play();
    s.poll(0.6);
    EXPECT_EQ(s.step, 1u);
    s.poll(10.0);
    EXPECT_EQ(s.step, s.step_count() - 1);
    EXPECT_FALSE(s.playing);
    s.step_back();
    s.first_step();
    EXPECT_EQ(s.step, 0u);
    s.step_back();
    EXPECT_EQ(s.step, 0u);
    s.last_step();
    s.step_forward();
    EXPECT_EQ(s.step, s.step_count() - 1);
    EXPECT_EQ(s.compare_step(), s.compare->trace.steps.size() - 1);
}

TEST(AppSession, WhilePlayingTheLoopCanSleepUntilTheNextStepIsDue) {
    Session s = ran_fig910();
    s.steps_per_second = 2;
    s.toggle_play();
    s.poll(0);
    EXPECT_DOUBLE_EQ(s.seconds_to_next_step(), 0.5);
    s.poll(0.3);
    EXPECT_NEAR(s.seconds_to_next_step(), 0.2, 1e-9);
    EXPECT_EQ(s.step, 0u);
    s.poll(0.2);  // woken when it was due: the step is taken, the next one half a second away
    EXPECT_EQ(s.step, 1u);
    EXPECT_NEAR(s.seconds_to_next_step(), 0.5, 1e-9);
}

TEST(AppSession, ANewerRequestWinsOverAnOlderOneStillRunning) {
    Session s;
    // 200,000 typed values: parsed before the size check can refuse them, so slow enough to be
    // overtaken (N random values are refused from N alone, at once).
    s.form.input.source = InputSource::text;
    std::string many;
    for (int i = 0; i < 200000; ++i) many += "1 ";
    s.form.input.text = many;
    s.form.request.algorithm = Algorithm::sequential;
    s.form.compare_algorithm = Algorithm::sequential;
    s.run();
    s.form = Form{};
    s.run();
    s.wait();
    ASSERT_NE(s.trace, nullptr);
    EXPECT_EQ(s.trace->trace.n, 16);
    EXPECT_TRUE(s.error.empty()) << "the older request's refusal must be dropped: " << s.error;
}

TEST(AppSession, TheFigure910PanelHasItsOwnRealTrace) {
    const TracePtr f = run_fig910(BackendChoice::automatic);
    ASSERT_NE(f, nullptr);
    const Trace& t = f->trace;
    EXPECT_EQ(t.grid, 4);
    std::vector<int32_t> s_values;
    for (const Step& s : t.steps)
        if (s.phase == Phase::block_sum_write) s_values = ints(s.values);
    EXPECT_EQ(s_values, (std::vector<int32_t>{7, 7, 6, 11}));
}

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
    const std::string text = settings_text(s);
    const Settings r = parse_settings(text);
    EXPECT_TRUE(r.notes.empty()) << r.notes[0];
    for (const RunOption& o : run_options()) {
        if (o.settings_key.empty()) continue;
        EXPECT_NE(text.find("\n" + std::string(o.settings_key) + "="), std::string::npos) << o.settings_key;
        EXPECT_NE(o.value(s.form), o.value(Settings{}.form)) << o.settings_key << " is left at its default by this test";
        EXPECT_EQ(o.value(r.form), o.value(s.form)) << o.settings_key;
    }
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

// ---- the Exercises panel ----------------------------------------------------------------------

TEST(AppExercises, ThePanelsAnswerIsTheOneScanlabExercisePrints) {
    for (int n = 1; n <= 9; ++n) {
        const ExerciseResult r = answer_for_panel(n, BackendChoice::cpu);
        ASSERT_TRUE(r.answer) << n << ": " << r.error;
        const CliResult cli = run_cli({"exercise", std::to_string(n), "--backend", "cpu"});
        ASSERT_EQ(cli.exit_code, 0) << cli.err;
        EXPECT_EQ(r.text, cli.out) << "exercise " << n;
    }
}

TEST(AppExercises, AnswersAreComputedOnAWorkerAndKeptOnceIn) {
    ExerciseBook book;
    book.select(6, BackendChoice::cpu);  // ten scans up to N = 100,000: never on the frame thread
    EXPECT_EQ(book.selected, 6);
    EXPECT_TRUE(book.computing(6) || book.result(6));
    book.wait();
    ASSERT_TRUE(book.result(6));
    const ExerciseResult* first = book.result(6);
    book.select(6, BackendChoice::cpu);
    EXPECT_FALSE(book.computing(6)) << "a known answer is not computed again";
    EXPECT_EQ(book.result(6), first);
}

TEST(AppExercises, OpeningAnExercisesRunLoadsThatRun) {
    Session s;
    s.form.backend = BackendChoice::cpu;
    s.form.compare_algorithm = Algorithm::sklansky;
    s.exercises.select(6, BackendChoice::cpu);
    s.exercises.wait();
    const ExerciseResult* r = s.exercises.result(6);
    ASSERT_TRUE(r && r->answer);
    const ExerciseAnswer& a = *r->answer;
    ASSERT_EQ(a.runs.size(), a.commands.size());
    // The answer speaks of N = 2049: one element past a section of 2048.
    EXPECT_NE(a.commands[a.main_run].find("--random 2049"), std::string::npos) << a.commands[a.main_run];
    s.open_run(a.runs[a.main_run]);
    s.wait();
    ASSERT_TRUE(s.trace) << s.error;
    const Trace& t = s.trace->trace;
    EXPECT_EQ(t.algorithm, Algorithm::hierarchical);
    EXPECT_EQ(t.block_algorithm, Algorithm::brent_kung);
    EXPECT_EQ(t.section, 2048);
    EXPECT_EQ(t.n, 2049);
    EXPECT_EQ(s.trace->book.total.work(), 4085);
    // The user's own choices stay: the backend and the algorithm compared with.
    EXPECT_EQ(s.form.backend, BackendChoice::cpu);
    EXPECT_EQ(s.form.compare_algorithm, Algorithm::sklansky);
    // Exercise 9 reads the GPUs' limits and runs nothing.
    EXPECT_TRUE(answer_for_panel(9, BackendChoice::cpu).answer->runs.empty());
}

TEST(AppTraceBook, TheCountsTabsSubtotalsAndBoundAreTheCores) {
    ScanRequest q;
    q.algorithm = Algorithm::hierarchical;
    q.block_algorithm = Algorithm::brent_kung;
    q.section = 2048;
    const Trace t = emulate(q, random_values(2049, 1, ElementType::int32));
    const TraceBook b = make_book(t);
    EXPECT_EQ(b.phases, phase_counts(t));
    EXPECT_EQ(b.total.additions, 12250);
    EXPECT_EQ(b.total.work(), 4085);
    ASSERT_TRUE(b.bound);
    EXPECT_EQ(b.bound->sentence(), "real work 4,085 ≤ 4N − 3 = 8,193 at N = 2,049 (as the chapter states it)");
}

// The tiles view's model of an event-scheduled scan (app/gui/model/tiles.hpp).
namespace {

Trace domino(const std::string& schedule, bool static_index = false, int resident = 4) {
    ScanRequest q;
    q.algorithm = Algorithm::domino;
    q.section = 4;
    q.block_schedule = *parse_block_schedule(schedule);
    q.static_index = static_index;
    q.resident_blocks = resident;
    return emulate(q, parse_values(kFig910, ElementType::int32));
}

Trace lookback(int64_t section, const std::string& schedule, int resident, int64_t n, uint64_t seed, int window = kDefaultLookbackWindow) {
    ScanRequest q;
    q.algorithm = Algorithm::decoupled_lookback;
    q.section = section;
    q.block_schedule = *parse_block_schedule(schedule);
    q.resident_blocks = resident;
    q.lookback_window = window;
    return emulate(q, random_values(n, seed, ElementType::int32));
}

}  // namespace

TEST(AppTiles, EveryTileEndsFinalWithTheBlockThatDrewIt) {
    const Trace t = domino("random:3");
    ASSERT_TRUE(is_event_trace(t));
    const std::vector<TileView> end = tiles_after(t, t.steps.size() - 1);
    ASSERT_EQ(end.size(), 4u);
    for (size_t i = 0; i < end.size(); ++i) {
        EXPECT_EQ(end[i].section, SectionState::final_value) << "tile " << i;
        EXPECT_EQ(t.steps.back().snapshot.tile[size_t(end[i].block)], int32_t(i));
    }
    EXPECT_FALSE(is_event_trace(run(Algorithm::hierarchical, kFig910, 4)));
}

TEST(AppTiles, AWaitingDominoBlockWhoseFlagIsSetIsToldApartFromOneThatMustWait) {
    // Blocks run in reverse: each scans and waits before its predecessor sets its flag, so every
    // block but the first waits with its flag clear, then for a while with it set.
    const Trace t = domino("reverse");
    int with_flag = 0, without_flag = 0;
    for (size_t k = 0; k < t.steps.size(); ++k) {
        if (t.steps[k].snapshot.empty()) continue;
        const EventSnapshot& s = t.steps[k].snapshot;
        const std::vector<TileView> tiles = tiles_after(t, k);
        for (size_t i = 0; i < tiles.size(); ++i) {
            if (tiles[i].block_state != BlockState::waiting) {
                EXPECT_FALSE(tiles[i].passes_next) << "step " << k << ", tile " << i;
                continue;
            }
            const bool flag_set = s.status[i] != TileStatus::invalid;  // flags[i]: tiles 0..i-1 summed
            EXPECT_EQ(tiles[i].passes_next, flag_set) << "step " << k << ", tile " << i;
            ++(flag_set ? with_flag : without_flag);
        }
    }
    EXPECT_GT(with_flag, 0);
    EXPECT_GT(without_flag, 0);
}

TEST(AppTiles, ALookBackBlockThatFoundItsPrefixIsToldApartFromOneStillLookingBack) {
    const Trace t = lookback(8, "random:3", 4, 64, 1);
    int found = 0, still_looking = 0;
    std::vector<bool> ended(size_t(t.grid), false);  // per block: its look-back has ended (a window that met P or reached tile 0)
    for (size_t k = 0; k < t.steps.size(); ++k) {
        if (const std::optional<Event>& e = t.steps[k].event; e && e->block >= 0 && size_t(e->block) < ended.size())
            ended[size_t(e->block)] = e->kind == EventKind::look_back && (e->found >= 0 || e->window_first == 0);
        if (t.steps[k].snapshot.empty()) continue;
        const std::vector<TileView> tiles = tiles_after(t, k);
        for (size_t i = 0; i < tiles.size(); ++i) {
            const int32_t b = tiles[i].block;
            if (tiles[i].block_state != BlockState::looking_back) {
                EXPECT_FALSE(tiles[i].passes_next) << "step " << k << ", tile " << i;
                continue;
            }
            EXPECT_EQ(tiles[i].passes_next, ended[size_t(b)]) << "step " << k << ", tile " << i << ", block " << b;
            ++(tiles[i].passes_next ? found : still_looking);
        }
    }
    EXPECT_GT(found, 0);
    EXPECT_GT(still_looking, 0);
}

TEST(AppTiles, DominoFlagsSitOnTheSectionsBoundaries) {
    const Trace t = domino("in-order");
    EXPECT_TRUE(status_on_boundaries(t, 0));  // flags[0..grid]: one more than the tiles
    EXPECT_EQ(t.steps[0].snapshot.status.size(), size_t(t.grid + 1));
}

TEST(AppTiles, TheTimelineHasOneMarkPerEventInOrder) {
    const Trace t = domino("reverse");
    const std::vector<EventMark> marks = event_marks(t);
    ASSERT_EQ(marks.size(), t.steps.size());
    for (size_t i = 0; i < marks.size(); ++i) {
        EXPECT_EQ(marks[i].step, i);
        EXPECT_EQ(marks[i].kind, t.steps[i].event->kind);
    }
}

TEST(AppTiles, PerTileCountsAddUpToTheRunsPollsAndEachPassReadsItsFlagOnceMore) {
    const Trace t = domino("random:3");
    const std::vector<TileCounts> c = tile_counts(t);
    ASSERT_EQ(c.size(), size_t(t.grid));
    int64_t polls = 0, reads = 0;
    for (const TileCounts& tc : c) {
        polls += tc.polls;
        reads += tc.look_back_reads;
        EXPECT_EQ(tc.look_back_windows, 1);  // domino: one wait on its predecessor's flag per tile
        EXPECT_EQ(tc.depth, 1);              // and one carried prefix combined
    }
    EXPECT_EQ(polls, t.counts.polls);
    EXPECT_EQ(reads, t.counts.polls + t.grid);
}

TEST(AppTiles, TheLookBacksPerTileDepthAndReadsAreTheTablesAndAddUpToItsTotals) {
    const Trace t = lookback(4, "random:5", 3, 64, 2);
    const LookbackCounts want = lookback_counts(t);
    const std::vector<TileCounts> c = tile_counts(t);
    ASSERT_EQ(c.size(), size_t(16));
    int64_t depth = 0, reads = 0;
    for (size_t k = 0; k < c.size(); ++k) {
        EXPECT_EQ(c[k].depth, want.depth[k]) << "tile " << k;
        EXPECT_EQ(c[k].look_back_reads, want.reads[k]) << "tile " << k;
        depth += c[k].depth;
        reads += c[k].look_back_reads;
    }
    EXPECT_EQ(c[0].depth, 0);  // tile 0 has no predecessor
    EXPECT_EQ(depth, want.combines);
    EXPECT_EQ(reads, want.status_reads);
    EXPECT_GT(want.combines, 15);  // more than a chain: some tile combined several predecessors
}

TEST(AppTiles, TheTraceBookHoldsTheWholeRunsMarksWaitsAndTileCountsOnceAndNoneForALockStepTrace) {
    const Trace t = domino("random:3");
    const TraceBook b = make_book(t);
    ASSERT_EQ(b.event_marks.size(), t.steps.size());
    EXPECT_EQ(b.waiting_spans.size(), waiting_spans(t).size());
    ASSERT_EQ(b.tile_counts.size(), size_t(t.grid));
    for (size_t k = 0; k < b.tile_counts.size(); ++k) {
        EXPECT_EQ(b.tile_counts[k].polls, tile_counts(t)[k].polls) << "tile " << k;
        EXPECT_EQ(b.tile_counts[k].depth, tile_counts(t)[k].depth) << "tile " << k;
    }
    ScanRequest q;
    q.algorithm = Algorithm::kogge_stone;
    const TraceBook lock_step = make_book(emulate(q, parse_values(kFig910, ElementType::int32)));
    EXPECT_TRUE(lock_step.event_marks.empty());
    EXPECT_TRUE(lock_step.tile_counts.empty());
}

TEST(AppTiles, ADeadlockLeavesTheWaitingTilesScannedAndTheRestWithoutABlock) {
    const Trace t = domino("reverse", true, 2);
    ASSERT_FALSE(t.deadlock.empty());
    const std::vector<TileView> end = tiles_after(t, t.steps.size() - 1);
    int scanned = 0, none = 0;
    for (const TileView& v : end) {
        scanned += v.section == SectionState::scanned;
        none += v.block < 0;
    }
    EXPECT_EQ(scanned, 2);
    EXPECT_EQ(none, 2);
}

namespace {

Trace look_back(int window, int resident = 4) { return lookback(8, "random:7", resident, 64, 1, window); }

}  // namespace

TEST(AppTiles, ALookBackWindowCombinesNearestFirstDownToThePAndOnlyReadsTheWordsLeftOfIt) {
    const Trace t = look_back(32);
    int checked = 0;
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const Event& e = *t.steps[k].event;
        const LookBackWords w = look_back_words(t, k);
        if (e.kind != EventKind::look_back) {
            EXPECT_TRUE(w.role.empty());
            continue;
        }
        ASSERT_EQ(w.role.size(), size_t(t.grid));
        EXPECT_EQ(w.tile, e.tile);
        for (int32_t i = 0; i < int32_t(t.grid); ++i) {
            WordRole want = WordRole::none;
            if (i >= e.window_first && i <= e.window_last)
                want = e.found < 0 || i > e.found ? WordRole::combined : i == e.found ? WordRole::met_prefix : WordRole::read_only;
            else if (i > e.window_last && i < e.tile)
                want = WordRole::combined_before;
            EXPECT_EQ(w.role[size_t(i)], want) << "step " << k << " tile " << i;
        }
        if (e.found > e.window_first) ++checked;
    }
    EXPECT_GT(checked, 0);  // some window met a P with words left of it
}

TEST(AppTiles, AOneWordWindowCombinesTileByTileAndSaysWhatEarlierWindowsCombined) {
    const Trace t = look_back(1);
    bool spanned = false;
    for (size_t k = 0; k < t.steps.size(); ++k) {
        const LookBackWords w = look_back_words(t, k);
        if (w.role.empty() || !w.several_windows) continue;
        spanned = true;
        const Event& e = *t.steps[k].event;
        EXPECT_EQ(w.role[size_t(e.tile - 1)], WordRole::combined_before);
        EXPECT_EQ(w.combined_first, e.found >= 0 ? e.found : e.window_first);
        EXPECT_EQ(w.done, e.found >= 0);
    }
    EXPECT_TRUE(spanned);
}

TEST(AppTiles, TheWaitingSpansHoldEveryFailedPollAndEndAtTheEventThatEndedTheWait) {
    for (const Trace& t : {domino("random:3"), look_back(32), look_back(1)}) {
        int64_t polls = 0;
        for (const WaitSpan& w : waiting_spans(t)) {
            EXPECT_LT(w.from_step, w.to_step);
            EXPECT_FALSE(w.forever);
            EXPECT_EQ(t.steps[w.from_step].event->block, w.block);
            EXPECT_EQ(t.steps[w.to_step].event->block, w.block);
            EXPECT_EQ(t.steps[w.to_step].event->polls, w.polls);
            polls += w.polls;
        }
        EXPECT_EQ(polls, t.counts.polls);
    }
}

TEST(AppTiles, ADeadlockLeavesBlocks3And2InTheSlotsSpinningForeverAnd1And0NeverStarted) {
    const Trace t = domino("reverse", true, 2);
    const size_t last = t.steps.size() - 1;
    const std::vector<WaitSpan> spans = waiting_spans(t);
    ASSERT_EQ(spans.size(), 2u);
    for (const WaitSpan& w : spans) {
        EXPECT_TRUE(w.forever);
        EXPECT_EQ(w.to_step, last);
        EXPECT_TRUE(w.block == 2 || w.block == 3);
    }
    const Residency r = residency_after(t, last);
    EXPECT_EQ(r.resident, (std::vector<int32_t>{3, 2}));
    EXPECT_EQ(r.not_started, (std::vector<int32_t>{1, 0}));
    EXPECT_EQ(residency_after(t, 0).resident, (std::vector<int32_t>{3}));
}

// Compare steps both runs together to the end of the longer one, either way round: Kogge-Stone's
// 5 steps beside Brent-Kung's longer run, End shows Brent-Kung's last step (its distribution tree
// done, 26 additions), and stepping back from there walks the longer run back first.
TEST(AppSession, CompareStepsBothRunsToTheEndOfTheLongerOneEitherWayRound) {
    for (const bool kogge_stone_first : {true, false}) {
        Session s;
        s.form.backend = BackendChoice::cpu;
        s.form.request.algorithm = kogge_stone_first ? Algorithm::kogge_stone : Algorithm::brent_kung;
        s.form.compare_algorithm = kogge_stone_first ? Algorithm::brent_kung : Algorithm::kogge_stone;
        s.form.request.section = 16;
        s.run();
        s.wait();
        ASSERT_TRUE(s.trace && s.compare);
        s.stepping_both = true;
        const ShownTrace& bk = kogge_stone_first ? *s.compare : *s.trace;
        s.last_step();
        const size_t bk_step = kogge_stone_first ? s.compare_step() : s.step;
        EXPECT_EQ(bk_step + 1, bk.trace.steps.size());
        EXPECT_EQ(bk.book.cumulative_additions[bk_step], 26);
        EXPECT_TRUE(s.at_end());
        // Step by step from the start, the other way to the end.
        s.first_step();
        size_t presses = 0;
        while (!s.at_end() && presses < 100) s.step_forward(), ++presses;
        EXPECT_EQ(presses + 1, std::max(s.trace->trace.steps.size(), s.compare->trace.steps.size()));
        s.step_back();
        EXPECT_FALSE(s.at_end());
        // Kogge-Stone first: it rests on its last step while Brent-Kung steps back alone.
        EXPECT_EQ(s.step + (kogge_stone_first ? 1 : 2), s.trace->trace.steps.size());
    }
}
