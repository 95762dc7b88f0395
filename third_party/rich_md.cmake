# imgui_rich_md (Pascal Thomet, MIT) with md4c (Martin Mitáš, MIT): the Lesson panel's Markdown, taken
# from the same pinned imgui-bundle source distribution as Dear ImGui (CMakeLists.txt here), into the
# build tree, never the repository. md4c is a CommonMark parser in C used by many projects; rich_md
# draws its blocks and spans with ImGui: headings, emphasis, code, lists, tables. Where the sdist
# cannot be fetched (no network on a build tree made before), the app builds without it and the
# panel shows the prose as wrapped text. Sets SCANLAB_RICH_MD and the target imgui_rich_md.
set(SCANLAB_RICH_MD FALSE)
set(rich_md_root "${bundle_dir}/imgui_rich_md")
set(rich_md_stamp "${bundle_dir}/scanlab-${SCANLAB_IMGUI_BUNDLE_SHA256}-rich-md.stamp")
if(NOT EXISTS "${rich_md_stamp}")
  message(STATUS "Unpacking imgui_rich_md and md4c from PyPI's imgui-bundle ${SCANLAB_IMGUI_BUNDLE_VERSION}")
  scanlab_imgui_bundle_sdist(error)  # the archive Dear ImGui came from, downloaded once (CMakeLists.txt)
  if(error)
    message(WARNING "Could not fetch imgui_rich_md (${error}); the Lesson panel shows its prose as wrapped text.")
    return()
  endif()
  set(top "imgui_bundle-${SCANLAB_IMGUI_BUNDLE_VERSION}/external/imgui_rich_md/imgui_rich_md")
  file(REMOVE_RECURSE "${rich_md_root}" "${bundle_download}/rich-md")
  file(ARCHIVE_EXTRACT INPUT "${bundle_sdist}" DESTINATION "${bundle_download}/rich-md"
       PATTERNS "${top}/CMakeLists.txt" "${top}/LICENSE" "${top}/THIRD_PARTY_LICENSES.md" "${top}/cmake/*" "${top}/imgui_rich_md/*"
                "${top}/external/md4c/src/*" "${top}/external/md4c/LICENSE.md" "${top}/assets/fonts/*" "${top}/assets/images/markdown_broken_image.png")
  file(MAKE_DIRECTORY "${bundle_dir}")
  file(RENAME "${bundle_download}/rich-md/${top}" "${rich_md_root}")
  file(REMOVE_RECURSE "${bundle_download}/rich-md")
  file(TOUCH "${rich_md_stamp}")
endif()

# Its CMakeLists wants a target named imgui; only the Markdown (no Mermaid, LaTeX, downloads or editor).
if(NOT TARGET imgui)
  add_library(imgui ALIAS scanlab_imgui)
endif()
set(IMGUI_RICHMD_WITH_MERMAID OFF CACHE BOOL "" FORCE)
set(IMGUI_RICHMD_BUILD_EXAMPLES OFF CACHE BOOL "" FORCE)
# The page draws the prose in the DejaVu faces it carries (app/web/lesson_fonts.cmake): the
# library's own Roboto and Inconsolata, embedded, would add about 420 KB to its WebAssembly for
# fonts it never shows. The desktop keeps them for a system without DejaVu.
if(EMSCRIPTEN)
  set(IMGUI_RICHMD_EMBED_ASSETS OFF CACHE BOOL "" FORCE)
endif()
add_subdirectory("${rich_md_root}" "${CMAKE_CURRENT_BINARY_DIR}/imgui_rich_md" EXCLUDE_FROM_ALL)
target_compile_options(imgui_rich_md PRIVATE -w)  # outside code: its warnings are not ours to fix
# Its frames cost little: compiled for speed of building on the desktop, for size on the page.
if(EMSCRIPTEN)
  target_compile_options(imgui_rich_md PRIVATE -Os)
else()
  target_compile_options(imgui_rich_md PRIVATE -O1)
endif()
set(SCANLAB_RICH_MD TRUE)
