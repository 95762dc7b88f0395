# The lessons' bold and italic prose on the page. imgui_rich_md draws a slide's Markdown with DejaVu
# Sans in four styles (lesson_panel.cpp), as the desktop does; the page already carries the regular
# face for the whole window. The three styled faces are cut down at build time by fontTools'
# subsetter (Debian's python3-fonttools, tools/install-deps.sh web) to the characters a slide
# writes: Latin with its accents (the Portuguese deck), Greek, punctuation, arrows and the operators
# of the chapter's formulas; and without the hinting and kerning tables, which Dear ImGui never
# reads. About 20 KB each gzipped instead of 330 KB; a character outside them is drawn from the
# regular face, merged into each (lesson_panel.cpp). Where fontTools is missing, the whole faces
# are carried, heavier. Sets lesson_font_preloads (the link options) and the target scanlab_lesson_fonts.
set(lesson_font_chars "U+0020-007E,U+00A0-017F,U+0391-03C9,U+2010-2027,U+2030-203A,U+2190-2195,U+21D0-21D4,U+2200-2212,U+2215,U+2219-221E,U+2227-222B,U+2248,U+2260-2265,U+22C5")
set(lesson_fonts_dir "${PROJECT_BINARY_DIR}/lesson-fonts")
# Debian's python3 (the one whose packages hold fontTools), not a python3 found first on the PATH.
find_program(SCANLAB_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
set(subsetter "")
if(SCANLAB_DEBIAN_PYTHON)
  execute_process(COMMAND "${SCANLAB_DEBIAN_PYTHON}" -c "import fontTools.subset" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    set(subsetter "${SCANLAB_DEBIAN_PYTHON}" -m fontTools.subset)
  endif()
endif()
if(NOT subsetter)
  message(WARNING "python3-fonttools is missing (tools/install-deps.sh web installs it): the page carries the whole bold and italic DejaVu faces, about 1 MB more gzipped.")
endif()
set(lesson_font_preloads "")
set(lesson_font_files "")
foreach(style Bold Oblique BoldOblique)
  set(from "${fonts}/DejaVuSans-${style}.ttf")
  set(to "${lesson_fonts_dir}/DejaVuSans-${style}.ttf")
  if(subsetter)
    add_custom_command(OUTPUT "${to}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${lesson_fonts_dir}"
      COMMAND ${subsetter} "${from}" "--unicodes=${lesson_font_chars}" --no-hinting "--layout-features=" "--drop-tables+=kern,GPOS,GSUB,GDEF,FFTM" "--output-file=${to}"
      DEPENDS "${from}" "${CMAKE_CURRENT_LIST_FILE}"
      COMMENT "Cutting DejaVu Sans ${style} down to the lessons' characters" VERBATIM)
  else()
    add_custom_command(OUTPUT "${to}" COMMAND ${CMAKE_COMMAND} -E copy "${from}" "${to}" DEPENDS "${from}" VERBATIM)
  endif()
  list(APPEND lesson_font_files "${to}")
  list(APPEND lesson_font_preloads "SHELL:--preload-file ${to}@${from}")
endforeach()
add_custom_target(scanlab_lesson_fonts DEPENDS ${lesson_font_files})
set_property(TARGET scanlab-app APPEND PROPERTY LINK_DEPENDS ${lesson_font_files})
