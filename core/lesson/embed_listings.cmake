# Writes OUT, a C++ file holding every assets/kernels/*.cu.txt as a string (a build output).
file(GLOB files "${ASSET_DIR}/*.cu.txt")
list(SORT files)
set(body "")
foreach(f IN LISTS files)
  get_filename_component(stem "${f}" NAME)
  string(REPLACE ".cu.txt" "" stem "${stem}")
  string(MAKE_C_IDENTIFIER "${stem}" id)
  file(READ "${f}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
  string(APPEND body "const unsigned char ${id}_data[] = {${hex}0};\n")
  list(APPEND entries "{\"${stem}\", reinterpret_cast<const char*>(${id}_data)}")
endforeach()
list(JOIN entries ",\n        " entries)
file(WRITE "${OUT}.tmp" "// Generated from assets/kernels by core/lesson/embed_listings.cmake. Do not edit.
#include \"core/lesson/listings.hpp\"
namespace scanlab {
namespace {
${body}}  // namespace
const std::vector<EmbeddedFile>& embedded_listings() {
    static const std::vector<EmbeddedFile> all{
        ${entries}};
    return all;
}
}  // namespace scanlab
")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
