# The web edition's outside code (CMakeLists.txt includes this under emscripten, the "web" preset):
#  - Dear ImGui and ImPlot from the same pinned sources as the desktop app (less the demo window,
#    which the app never opens), the OpenGL3 backend for OpenGL ES 3.0 (WebGL2) and the GLFW
#    backend on emscripten's own GLFW (-sUSE_GLFW=3).
#  - stb_image_write (F12's PNG), compiled here from Debian's header (libstb-dev).
#  - imgui_rich_md with md4c (rich_md.cmake), the lessons' Markdown, as on the desktop.
#  - no glad: WebGL2's functions come with emscripten, and the app's <glad/gl.h> is web/glad/gl.h.
# Debian's headers are taken one folder at a time (web-include/, made at the top level), never
# with the rest of /usr/include, which is the host's C library.
set(web_include "${PROJECT_BINARY_DIR}/web-include")
file(CREATE_LINK /usr/include/stb "${web_include}/stb" SYMBOLIC)

add_library(scanlab_imgui STATIC
  "${imgui_dir}/imgui.cpp" "${imgui_dir}/imgui_draw.cpp" "${imgui_dir}/imgui_tables.cpp"
  "${imgui_dir}/imgui_widgets.cpp" "${imgui_dir}/imgui_stacklayout.cpp"
  "${imgui_dir}/misc/cpp/imgui_stdlib.cpp"
  "${imgui_dir}/backends/imgui_impl_glfw.cpp" "${imgui_dir}/backends/imgui_impl_opengl3.cpp"
  "${implot_dir}/implot.cpp" "${implot_dir}/implot_items.cpp")
target_include_directories(scanlab_imgui SYSTEM PUBLIC "${imgui_dir}" "${implot_dir}" "${imgui_dir}/misc/cpp")
target_compile_definitions(scanlab_imgui PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_IMPL_OPENGL_ES3)
# Dear ImGui's item hooks, off until a browser test asks where an item is (shell/item_finder_web.cpp).
target_compile_definitions(scanlab_imgui PRIVATE IMGUI_ENABLE_TEST_ENGINE)
target_compile_definitions(scanlab_imgui PRIVATE "IMPLOT_CUSTOM_NUMERIC_TYPES=(float)(double)")  # as on the desktop
# Compiled for size: the page's frames cost the GL calls, not Dear ImGui's own code (the desktop
# compiles it at -O1 for the same reason, there for the build's time).
target_compile_options(scanlab_imgui PRIVATE -Os)
target_link_options(scanlab_imgui PUBLIC -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sFULL_ES3=1)

enable_language(C)
add_library(scanlab_stb_write STATIC web/stb_image_write.c)
target_include_directories(scanlab_stb_write SYSTEM PUBLIC "${web_include}/stb")

add_library(scanlab_glad INTERFACE)
target_include_directories(scanlab_glad SYSTEM INTERFACE "${CMAKE_CURRENT_SOURCE_DIR}/web")
add_library(scanlab::glad ALIAS scanlab_glad)

add_library(scanlab_gui_deps INTERFACE)
target_link_libraries(scanlab_gui_deps INTERFACE scanlab_imgui scanlab_stb_write)
add_library(scanlab::gui_deps ALIAS scanlab_gui_deps)

# giflib, for the page's GIF export: Debian's source, compiled here (giflib_web.cmake).
include(giflib_web.cmake)

# imgui_rich_md with md4c: the Lesson panel's Markdown, as on the desktop (rich_md.cmake), so a
# slide reads the same in the browser; without its embedded fonts (the page carries DejaVu Sans,
# app/web/lesson_fonts.cmake).
include(rich_md.cmake)
if(SCANLAB_RICH_MD)
  target_link_libraries(scanlab_gui_deps INTERFACE imgui_rich_md)
  target_compile_definitions(scanlab_gui_deps INTERFACE SCANLAB_RICH_MD=1)
endif()
