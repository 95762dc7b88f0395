# The web edition's page (app/gui/CMakeLists.txt includes this under emscripten): scanlab-app linked
# as build-web/page/index.html with index.js, index.wasm and index.data (the DejaVu fonts the
# theme loads, at their Debian paths, the lessons' bold and italic faces, and the shipped lessons
# at /lessons). That folder is the whole site: copy it to any static file
# server; it needs no special headers.
set(fonts /usr/share/fonts/truetype/dejavu)
include(${CMAKE_CURRENT_LIST_DIR}/lesson_fonts.cmake)  # sets lesson_font_preloads and the target scanlab_lesson_fonts
add_dependencies(scanlab-app scanlab_lesson_fonts)
# The page carries DejaVu's files without their TrueType hinting and glyph names: the page's
# rasterizer (Dear ImGui's stb_truetype) never runs hinting instructions nor reads names, which
# are a fifth of the files' weight gzipped. Every glyph, its code point, the kerning and the layout
# tables stay. Debian's fontTools (python3-fonttools) writes them; where it is missing the page
# carries the fonts as Debian ships them.
set(page_fonts)
execute_process(COMMAND /usr/bin/python3 -c "import fontTools.subset" RESULT_VARIABLE no_fonttools OUTPUT_QUIET ERROR_QUIET)
foreach(face DejaVuSans DejaVuSansMono)
  if(no_fonttools)
    list(APPEND page_fonts ${fonts}/${face}.ttf)
    continue()
  endif()
  set(out ${CMAKE_CURRENT_BINARY_DIR}/page-fonts/${face}.ttf)
  add_custom_command(OUTPUT ${out}
    COMMAND /usr/bin/python3 -m fontTools.subset ${fonts}/${face}.ttf --output-file=${out} --glyphs=* --unicodes=*
            --layout-features=* --name-IDs=* --name-languages=* --name-legacy --legacy-kern --notdef-outline
            --no-hinting
    DEPENDS ${fonts}/${face}.ttf
    COMMENT "The page's ${face}.ttf, without its hinting" VERBATIM)
  list(APPEND page_fonts ${out})
endforeach()
if(no_fonttools)
  message(STATUS "Debian's fontTools (python3-fonttools) is missing: the page carries DejaVu's files with their hinting")
endif()
add_custom_target(scanlab_page_fonts DEPENDS ${page_fonts})
add_dependencies(scanlab-app scanlab_page_fonts)
list(GET page_fonts 0 page_sans)
list(GET page_fonts 1 page_mono)
set_target_properties(scanlab-app PROPERTIES OUTPUT_NAME index SUFFIX ".html" RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/page)
target_link_options(scanlab-app PRIVATE
  --shell-file ${CMAKE_CURRENT_LIST_DIR}/shell.html -sMINIFY_HTML=0
  "SHELL:--preload-file ${page_sans}@${fonts}/DejaVuSans.ttf"
  "SHELL:--preload-file ${page_mono}@${fonts}/DejaVuSansMono.ttf"
  # The shipped lessons (small Markdown files), which File > Open lesson and ?lesson= links open.
  "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/assets/lessons@/lessons"
  # Their bold and italic prose (lesson_fonts.cmake, below), at the paths the desktop reads.
  ${lesson_font_preloads}
  -sENVIRONMENT=web -sFORCE_FILESYSTEM=1 -sINITIAL_MEMORY=64MB
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString)
set_property(TARGET scanlab-app APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/shell.html ${page_fonts})
