# lg_public_headers(<target> <header>...): makes <header>s of the current
# component folder the only ones other targets can include, as
# "<folder>/<header>". They are linked into a directory of their own in the
# build tree, which becomes the target's PUBLIC include directory, so a
# component reaches another's public header only, and only when it links
# that component (the dependency direction of docs/architecture.md).
# Files of the component include their own private headers (*_int.h) by
# name, relative to their folder.
function(lg_public_headers target)
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  set(root ${CMAKE_BINARY_DIR}/include/${target})
  file(REMOVE_RECURSE ${root})
  file(MAKE_DIRECTORY ${root}/${folder})
  foreach(h ${ARGN})
    if(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${h})
      message(FATAL_ERROR "lg_public_headers: ${folder}/${h} does not exist")
    endif()
    file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR}/${h} ${root}/${folder}/${h} SYMBOLIC)
  endforeach()
  target_include_directories(${target} PUBLIC ${root})
endfunction()

# lg_symbol_prefixes(<target> <prefix>...): declares the prefixes every
# external symbol of the component library <target> starts with, and adds
# the test <folder>.prefixes that checks with nm that each symbol has one
# of them and that each of them starts some symbol.
function(lg_symbol_prefixes target)
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  string(REPLACE ";" "," prefixes "${ARGN}")
  add_test(NAME ${folder}.prefixes
    COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DLIB=$<TARGET_FILE:${target}> "-DPREFIXES=${prefixes}"
            -P ${CMAKE_SOURCE_DIR}/tests/check_prefixes.cmake)
  set_tests_properties(${folder}.prefixes PROPERTIES LABELS "${folder};quick")
endfunction()

# lg_oneway_calls(<target>): adds the test <folder>.oneway, which fails when
# files of the component library <target> use each other's names, two of
# them directly or more in a ring: calls between the files of a component
# go one way, from the file that is served to the files that serve it
# (tests/check_oneway.sh reads the uses from nm).
function(lg_oneway_calls target)
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  add_test(NAME ${folder}.oneway
    COMMAND sh ${CMAKE_SOURCE_DIR}/tests/check_oneway.sh ${CMAKE_NM} $<TARGET_FILE:${target}>)
  set_tests_properties(${folder}.oneway PROPERTIES LABELS "${folder};quick")
endfunction()
