#pragma once
// Numbers and phrases as people read them in a sentence: 4194304 -> "4,194,304".
#include <cstdint>
#include <string>
#include <string_view>

namespace scanlab {

std::string grouped(int64_t n);
// A size in memory, to one decimal past a KiB: "900 bytes", "12.0 KiB", "350.5 MiB", "6.2 GiB".
std::string byte_size(uint64_t bytes);
// "1 barrier", "4,096 barriers": the count grouped and the noun that agrees with it.
std::string counted(int64_t n, const std::string& one, const std::string& many);
// The phrase with a capital first letter: "block 3 waits" -> "Block 3 waits".
std::string capitalised(std::string phrase);
// The phrase as a sentence of its own: capitalised, ending in a full stop.
std::string as_sentence(std::string phrase);
// A word the user gave, as a sentence quotes it: in single quotes, a control character escaped (a
// newline as \n, others as \x1b; a NUL would end the sentence early), a bidirectional control as
// \u202E (it would turn the rest of the line around), and no more than 40 characters of it, so a
// 120 KB option value is not echoed whole: 'hierarchicalhierarchical…' (120,000 characters).
std::string quoted_word(std::string_view word);
// A file path the user gave, quoted as quoted_word quotes a word but keeping its last 40 characters,
// where the file's own name is: '…/results/week 3/trace.json' (212 characters).
std::string quoted_path(std::string_view path);
// Whether `text` reads on screen as it was typed: no character of it is one quoted_word shows
// escaped (a control, DEL, a bidirectional control). A backslash of its own reads as itself.
bool shows_as_typed(std::string_view text);

}  // namespace scanlab
