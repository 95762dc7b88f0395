// The source pane's listings are the sources' own code: the book's Fig. 9.2 loop, the slides'
// scan_cuda/add_cuda and sequential loop as printed, every departure said in a comment line;
// the exclusive form shows its load; the Brent-Kung hierarchical listing launches what runs.
#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "core/lesson/listings.hpp"

using namespace scanlab;

namespace {

std::string code_of(const std::string& name, bool exclusive = false) {
    const Listing* l = find_listing(name);
    EXPECT_NE(l, nullptr) << name;
    if (!l) return "";
    std::string code;
    for (const std::string& line : shown_lines(*l, exclusive)) code += line + "\n";
    return code;
}

bool has(const std::string& code, const std::string& text) { return code.find(text) != std::string::npos; }

}  // namespace

TEST(ListingsAreTheSources, TheRacyListingIsTheBooksFigure92LoopAsPrinted) {
    const std::string code = code_of("kogge-stone-racy");
    EXPECT_TRUE(has(code,
                    "    for (unsigned int stride = 1; stride <= threadIdx.x; stride *= 2) {\n"
                    "        __syncthreads();\n"
                    "        XY[threadIdx.x] += XY[threadIdx.x-stride];\n"
                    "    }\n"))
        << code;
    EXPECT_EQ(find_listing("kogge-stone-racy")->title.rfind("PMPP 3rd ed., Fig. 9.2 — races", 0), 0u);
    EXPECT_TRUE(has(code, "// Undefined: __syncthreads() sits in a loop whose trip count depends on threadIdx.x"));
}

TEST(ListingsAreTheSources, TheSlidesListingIsScanCudaAndAddCudaWithDoubleInPlace) {
    const std::string code = code_of("slides");
    for (const char* line :
         {"__global__ void scan_cuda(double* a, double *s, int width) {", "    __shared__ double p[1024];", "    double x;",
          "    if(b+t < width)\n        p[t] = a[b+t];", "            x = p[t] + p[t-i]; // atribui a soma para uma variável temporária",
          "        s[blockIdx.x+1] = a[b+t]; // copia o seu valor para o vetor de saída",
          "__global__ void add_cuda(double *a, double *s, int width) {", "        a[b+t] += s[blockIdx.x];",
          "for (int i = 1; i < num_blocks; i++)\n    s[i] += s[i-1];"})
        EXPECT_TRUE(has(code, line)) << line;
    EXPECT_FALSE(has(code, "int *a")) << "the slide scans double, in place on a";
    EXPECT_TRUE(has(code, "// Scan Lab: p[t] past width holds 0"));
}

TEST(ListingsAreTheSources, TheSlidesListingNotesItsDoubleWhenTheRunUsesAnotherType) {
    const Listing* l = find_listing("slides");
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(type_note(*l, ElementType::float64), "");
    EXPECT_TRUE(has(type_note(*l, ElementType::int32), "double")) << type_note(*l, ElementType::int32);
    EXPECT_EQ(type_note(*find_listing("kogge-stone"), ElementType::int32), "");
}

TEST(ListingsAreTheSources, TheSequentialListingIsTheSlidesInPlaceLoop) {
    EXPECT_TRUE(has(code_of("sequential"), "for (i = 1; i < n; i++) {\n    a[i] += a[i-1];\n}\n"));
}

TEST(ListingsAreTheSources, EveryListingShowsItsExclusiveLoadWhenTheRunIsExclusive) {
    for (const EmbeddedFile& f : embedded_listings()) {
        const std::string inclusive = code_of(f.name), exclusive = code_of(f.name, true);
        EXPECT_NE(inclusive, exclusive) << f.name << " has no exclusive form";
        EXPECT_TRUE(has(exclusive, "exclusive")) << f.name;
        EXPECT_TRUE(has(exclusive, "-1]") || has(exclusive, "- 1]") || has(exclusive, "x[i-1]")) << f.name << ": no shifted load\n"
                                                                                                 << exclusive;
    }
}

TEST(ListingsAreTheSources, TheBrentKungHierarchicalListingLaunchesHalfASectionOfThreadsForEveryKernel) {
    const std::string code = code_of("hierarchical-brent-kung");
    EXPECT_TRUE(has(code, "add_kernel<<<grid, SECTION_SIZE / 2>>>")) << code;
    EXPECT_FALSE(has(code, "<<<grid, SECTION_SIZE>>>")) << code;
    EXPECT_TRUE(has(code, "Y[i + blockDim.x] += S[blockIdx.x - 1]")) << code;
}

TEST(ListingsAreTheSources, KernelThreeSaysHowItDepartsFromTheBooksIndexing) {
    for (const char* name : {"hierarchical-kogge-stone", "hierarchical-brent-kung"}) {
        const std::string code = code_of(name);
        EXPECT_TRUE(has(code, "Y[i] += S[blockIdx.x];")) << name << ": the book's line, quoted";
        EXPECT_TRUE(has(code, "Scan Lab adds S[blockIdx.x - 1]")) << name;
    }
}

TEST(ListingsAreTheSources, AnExclusiveLineOutsideTheCodeIsRefused) {
    EXPECT_THROW(parse_listing("x", "@exclusive 3: y\n---\na\nb\n"), ScanError);
    EXPECT_THROW(parse_listing("x", "@exclusive 1 y\n---\na\n"), ScanError);
    const Listing ok = parse_listing("ok", "@type double\n@exclusive 2:     kept as written\n---\na\nb\n");
    EXPECT_EQ(ok.type, "double");
    EXPECT_EQ(shown_lines(ok, true), (std::vector<std::string>{"a", "    kept as written"}));
    EXPECT_EQ(shown_lines(ok, false), (std::vector<std::string>{"a", "b"}));
}

TEST(ListingsAreTheSources, TheLookBackListingSaysHowItDiffersFromTheProductionScanAndWhatCubsWindowIs) {
    const std::string code = code_of("decoupled-lookback");
    EXPECT_TRUE(has(code, "// How this differs from kernels/production/")) << code;
    EXPECT_TRUE(has(code, "tile = atomicAdd(&next_tile, 1);"));
    EXPECT_TRUE(has(code, "__threadfence();                 // the flag before the value it announces"));
    EXPECT_TRUE(has(code, "// W = 32 is CUB's window"));
    EXPECT_TRUE(has(code_of("decoupled-lookback", true), "X[i - 1]"));
}

// Kernel 1 writes S from the block's last thread, as 9.5's text says, with no barrier of its own;
// the listing says so, since the code beside that text does otherwise.
TEST(ListingsAreTheSources, KernelOneSaysItWritesSFromTheLastThreadAsTheTextDoes) {
    for (const char* name : {"hierarchical-kogge-stone", "hierarchical-brent-kung", "hierarchical-sklansky", "hierarchical-ladner-fischer",
                             "hierarchical-three-phase"}) {
        const std::string code = code_of(name);
        EXPECT_TRUE(has(code, "t == blockDim.x - 1) S[blockIdx.x]")) << name;
        EXPECT_TRUE(has(code, "9.5's text has the block's last thread write S")) << name;
        EXPECT_TRUE(has(code, "adds no barrier")) << name;
    }
}

// The host code scans S as the run does: one block where S fits a section, the hierarchical scan
// of S where it does not, and kernel 1 alone for one section; never "hierarchically" over a launch
// of one block.
TEST(ListingsAreTheSources, EveryHierarchicalHostScansSInOneBlockOrHierarchicallyAsTheRunDoes) {
    for (const char* name : {"hierarchical-kogge-stone", "hierarchical-brent-kung", "hierarchical-sklansky", "hierarchical-ladner-fischer",
                             "hierarchical-three-phase"}) {
        const std::string code = code_of(name);
        EXPECT_TRUE(has(code, "if (grid == 1) { scan_kernel<<<1,")) << name;
        EXPECT_TRUE(has(code, "if (grid <= SECTION_SIZE) scan_kernel<<<1,")) << name;
        EXPECT_TRUE(has(code, "else hierarchical_scan(S, S, grid);")) << name;
        EXPECT_FALSE(has(code, "hierarchically if")) << name;
    }
}

TEST(ListingsAreTheSources, BrentKungSaysItPadsAndTheNaiveOneThatItsDistributionTreeIsScanLabs) {
    EXPECT_TRUE(has(code_of("brent-kung"), "// Scan Lab: `? X[i] : 0` pads a partial section with 0"));
    EXPECT_TRUE(has(code_of("brent-kung-naive"), "// distribution tree: Scan Lab's own in this form"));
}

// The exclusive form of the slides' kernel reads the input from x_in, and declares it.
TEST(ListingsAreTheSources, TheSlidesExclusiveFormDeclaresTheInputItReads) {
    const std::string code = code_of("slides", true);
    EXPECT_TRUE(has(code, "int width, const double *x_in) {")) << code;
    EXPECT_TRUE(has(code, "x_in[b+t-1]")) << code;
    EXPECT_TRUE(has(code, "scan_cuda<<<num_blocks, block_size>>>(d_a, d_s, width, d_x_in);")) << code;
    EXPECT_FALSE(has(code_of("slides"), "x_in"));
}

// The drawn tile is the domino scan's idea, not CUB's; and a chain of W = 1 still steps past an
// aggregate, where the domino scan waits.
TEST(ListingsAreTheSources, TheLookBackListingSaysTheDrawnTileIsNotCubsAndAChainIsNotDominosWait) {
    const std::string code = code_of("decoupled-lookback");
    EXPECT_TRUE(has(code, "the domino scan's drawn index (4th ed. §11.7), Scan Lab's choice")) << code;
    EXPECT_TRUE(has(code, "CUB's AgentScan takes tile start_tile + blockIdx.x")) << code;
    EXPECT_TRUE(has(code, "That is not the domino scan's wait")) << code;
    EXPECT_FALSE(has(code, "as the domino scan waits for its flag")) << code;
}
