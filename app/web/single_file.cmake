# The offline page (target scanlab-offline): the web edition as ONE html file, build-web/offline/
# scanlab-offline.html, with the script, the WebAssembly and the fonts inside it (emscripten's
# -sSINGLE_FILE, the fonts embedded rather than preloaded), so it opens from a USB stick with a
# double click: file://, no server, no network. It carries a run: SCANLAB_OFFLINE_RUN, a link's
# query as `scanlab link` writes it, shown when the file is opened with no query of its own.
#   cmake -S . -B build-web -DSCANLAB_OFFLINE_RUN="algo=kogge-stone&random=32&step=3&present=1"
#   cmake --build build-web --target scanlab-offline
# The page's own sources and link options are scanlab-app's (page.cmake), read here, so the two
# stay one page.
set(SCANLAB_OFFLINE_RUN "algo=hierarchical&preset=fig9.10" CACHE STRING "The run the offline page shows: a link's query (scanlab link)")
get_target_property(offline_sources scanlab-app SOURCES)
get_target_property(offline_libraries scanlab-app LINK_LIBRARIES)
get_target_property(offline_options scanlab-app LINK_OPTIONS)
get_target_property(offline_compile scanlab-app COMPILE_OPTIONS)
get_target_property(offline_definitions scanlab-app COMPILE_DEFINITIONS)  # where the lessons it carries are (SCANLAB_LESSONS)
list(TRANSFORM offline_options REPLACE "--preload-file" "--embed-file")
add_executable(scanlab-offline EXCLUDE_FROM_ALL ${offline_sources})
target_link_libraries(scanlab-offline PRIVATE ${offline_libraries})
target_compile_options(scanlab-offline PRIVATE ${offline_compile})
target_compile_definitions(scanlab-offline PRIVATE ${offline_definitions})
# The run, as a string the page reads where the address has no query (browser.cpp's query()).
string(REPLACE "\\" "\\\\" offline_run "${SCANLAB_OFFLINE_RUN}")
string(REPLACE "\"" "\\\"" offline_run "${offline_run}")
file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/offline_run.js CONTENT "Module.scanlabRun = \"${offline_run}\";\n")  # written only when it changes
target_link_options(scanlab-offline PRIVATE ${offline_options} -sSINGLE_FILE=1 "SHELL:--pre-js ${CMAKE_CURRENT_BINARY_DIR}/offline_run.js")
add_dependencies(scanlab-offline scanlab_lesson_fonts)  # the lessons' styled faces it embeds (lesson_fonts.cmake)
add_dependencies(scanlab-offline scanlab_page_fonts)  # the fonts it embeds (page.cmake)
set_target_properties(scanlab-offline PROPERTIES SUFFIX ".html" RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/offline)
set_property(TARGET scanlab-offline APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/shell.html ${CMAKE_CURRENT_BINARY_DIR}/offline_run.js)
