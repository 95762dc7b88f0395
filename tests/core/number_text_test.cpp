// How a sentence names what the user typed: a word or a path reads as typed unless a character of
// it would change how the sentence reads (a control, a bidirectional control), which is escaped.
#include <gtest/gtest.h>

#include <string>

#include "core/number_text.hpp"

using namespace scanlab;

TEST(NumberText, ATypedPathShowsAsTypedUnlessACharacterOfItWouldBeEscaped) {
    EXPECT_TRUE(shows_as_typed("week 3/scan.cu"));
    EXPECT_TRUE(shows_as_typed("semana três/varredura.cu"));
    EXPECT_TRUE(shows_as_typed("ex5\\scan.cu")) << "a backslash of its own reads as itself";
    EXPECT_FALSE(shows_as_typed("scan\n.cu"));
    EXPECT_FALSE(shows_as_typed("\x1b]0;title\a.cu"));
    EXPECT_FALSE(shows_as_typed("ex5\x7f.cu"));
    EXPECT_FALSE(shows_as_typed("abc\u202Eucd.cu"));
    // What shows_as_typed lets through, quoted_word shows unchanged between its quotes.
    for (const char* plain : {"week 3/scan.cu", "ex5\\scan.cu", "semana três/varredura.cu"})
        EXPECT_EQ(quoted_word(plain), "'" + std::string(plain) + "'");
}
