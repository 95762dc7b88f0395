# giflib for the web edition's GIF export: Debian's giflib source package, the one the desktop's
# libgif-dev is built from (with Debian's patches applied), compiled here with emscripten. Debian's
# emscripten ships no giflib, and emscripten's own port would download its source at build time
# from elsewhere; apt fetches Debian's, checked against the release's signed index, once per build
# tree. apt runs on files of its own in the build tree (a source list made from this machine's, as
# deb-src), so nothing of the machine's apt setup changes and no root is needed. dpkg-source (the
# dpkg-dev package, tools/install-deps.sh web) unpacks it and applies the patches.
# Sets the target scanlab_gif (gif_lib.h, the encoder and decoder).
set(gif_root "${CMAKE_CURRENT_BINARY_DIR}/giflib-source")
set(gif_stamp "${gif_root}/scanlab-unpacked.stamp")
if(NOT EXISTS "${gif_stamp}")
  message(STATUS "Fetching Debian's giflib source package into ${gif_root}")
  find_program(apt_get apt-get)
  find_program(dpkg_source dpkg-source)
  if(NOT apt_get OR NOT dpkg_source)
    message(FATAL_ERROR "The web edition's GIF export compiles Debian's giflib source: it needs apt-get and dpkg-source "
                        "(install dpkg-dev; bash tools/install-deps.sh web does)")
  endif()
  file(REMOVE_RECURSE "${gif_root}")
  set(apt "${gif_root}/apt")
  file(MAKE_DIRECTORY "${apt}/parts" "${apt}/lists/partial" "${apt}/cache/archives/partial" "${gif_root}/src")
  # This machine's Debian sources, as source sources: deb822 files and one-line lists alike.
  file(GLOB deb822 /etc/apt/sources.list.d/*.sources)
  foreach(f IN LISTS deb822)
    file(READ "${f}" text)
    string(REGEX REPLACE "(^|\n)Types:[^\n]*" "\\1Types: deb-src" text "${text}")
    get_filename_component(base "${f}" NAME)
    file(WRITE "${apt}/parts/${base}" "${text}")
  endforeach()
  file(GLOB one_line /etc/apt/sources.list /etc/apt/sources.list.d/*.list)
  set(lines "")
  foreach(f IN LISTS one_line)
    file(STRINGS "${f}" these REGEX "^deb ")
    foreach(l IN LISTS these)
      string(REGEX REPLACE "^deb " "deb-src " l "${l}")
      string(APPEND lines "${l}\n")
    endforeach()
  endforeach()
  file(WRITE "${apt}/parts/scanlab.list" "${lines}")
  set(apt_options -o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=${apt}/parts" -o "Dir::State::Lists=${apt}/lists"
                  -o "Dir::Cache=${apt}/cache" -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root" -qq)
  execute_process(COMMAND "${apt_get}" ${apt_options} update RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(rc EQUAL 0)
    execute_process(COMMAND "${apt_get}" ${apt_options} source giflib WORKING_DIRECTORY "${gif_root}/src"
                    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  endif()
  file(GLOB unpacked LIST_DIRECTORIES true "${gif_root}/src/giflib-*")
  list(FILTER unpacked INCLUDE REGEX "/giflib-[0-9.]+$")
  if(NOT rc EQUAL 0 OR NOT unpacked)
    message(FATAL_ERROR "Could not fetch Debian's giflib source package (apt-get source giflib): ${err}")
  endif()
  file(RENAME "${unpacked}" "${gif_root}/giflib")
  file(REMOVE_RECURSE "${apt}" "${gif_root}/src")  # the index (about 20 MB) and the archives
  file(TOUCH "${gif_stamp}")
endif()

enable_language(C)
set(gif_dir "${gif_root}/giflib")
add_library(scanlab_gif STATIC "${gif_dir}/egif_lib.c" "${gif_dir}/dgif_lib.c" "${gif_dir}/gifalloc.c" "${gif_dir}/gif_err.c"
                               "${gif_dir}/gif_hash.c" "${gif_dir}/openbsd-reallocarray.c")
target_include_directories(scanlab_gif SYSTEM PUBLIC "${gif_dir}")
target_compile_options(scanlab_gif PRIVATE -w)  # outside code: its warnings are its maintainers'
