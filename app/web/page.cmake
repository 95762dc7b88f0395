# The web edition's page (app/gui/CMakeLists.txt includes this under emscripten): scanlab-app linked
# as build-web/page/index.html with index.js, index.wasm and index.data (the DejaVu fonts the
# theme loads, at their Debian paths, the lessons' bold and italic faces, and the shipped lessons
# at /lessons). That folder is the whole site: copy it to any static file
# server; it needs no special headers.
set(fonts /usr/share/fonts/truetype/dejavu)
include(${CMAKE_CURRENT_LIST_DIR}/lesson_fonts.cmake)  # sets lesson_font_preloads and the target scanlab_lesson_fonts
add_dependencies(scanlab-app scanlab_lesson_fonts)
set_target_properties(scanlab-app PROPERTIES OUTPUT_NAME index SUFFIX ".html" RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/page)
target_link_options(scanlab-app PRIVATE
  --shell-file ${CMAKE_CURRENT_LIST_DIR}/shell.html -sMINIFY_HTML=0
  "SHELL:--preload-file ${fonts}/DejaVuSans.ttf@${fonts}/DejaVuSans.ttf"
  "SHELL:--preload-file ${fonts}/DejaVuSansMono.ttf@${fonts}/DejaVuSansMono.ttf"
  # The shipped lessons (small Markdown files), which File > Open lesson and ?lesson= links open.
  "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/assets/lessons@/lessons"
  # Their bold and italic prose (lesson_fonts.cmake, below), at the paths the desktop reads.
  ${lesson_font_preloads}
  -sENVIRONMENT=web -sFORCE_FILESYSTEM=1 -sINITIAL_MEMORY=64MB
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString)
set_property(TARGET scanlab-app APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/shell.html)
