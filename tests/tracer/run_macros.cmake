# The shim against the kernel's own macros: kernels/apfixed's source with
# short macros defined after its includes (N, W, I, S, P, K, V, G, R, E,
# T, A, r, a0, h0, o0, n0, as a design's own header may define them) still
# builds and gives the same results: fxmix's exact run, fxscale's array
# and fxhalf's stream (the shim's array and stream holders).
# Inputs: LGFUZZ, SRC (tests/tracer), WORK (scratch); the HLS headers are
# lgfuzz's stand-ins (or $LGFUZZ_HLS_INCLUDE's).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(AF ${SRC}/kernels/apfixed)
file(READ ${AF}/kernel.cpp text)
set(macros "")
foreach(m N W I S P K V G R E T A r a0 h0 o0 n0)
  string(APPEND macros "#define ${m} 11 /* a design's own macro */\n")
endforeach()
string(FIND "${text}" "#include \"hls_stream.h\"\n" at)
if(at LESS 0)
  message(FATAL_ERROR "setup: kernel.cpp no longer includes hls_stream.h")
endif()
string(REPLACE "#include \"hls_stream.h\"\n" "#include \"hls_stream.h\"\n${macros}" text "${text}")
file(WRITE ${WORK}/kernel.cpp "${text}")
foreach(case "kernel|mix|\"divergent\":false.*\"outputs\":{\"y\":15275}"
             "array|array|\"outputs\":{\"data\":\\[1200,-316,32767,15\\],\"sum\":-1992}"
             "stream|stream|\"outputs\":{\"dst\":\\[192,-2,0,-16384\\]}")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 spec)
  list(GET parts 1 input)
  list(GET parts 2 pattern)
  file(READ ${AF}/${spec}.yaml y)
  if(DEFINED ENV{LGFUZZ_HLS_INCLUDE})
    string(REGEX REPLACE "(\n  function: [a-z_0-9]+\n)" "\\1  include_dirs: [$ENV{LGFUZZ_HLS_INCLUDE}]\n" y "${y}")
  endif()
  string(REGEX REPLACE "sources: \\[([a-z]+\\.v)\\]" "sources: [${AF}/\\1]" y "${y}")
  file(WRITE ${WORK}/${spec}.yaml "${y}design_dirs: [${AF}]\n")
  if(spec STREQUAL "kernel")
    set(cmd diff)
  else()
    set(cmd trace)
  endif()
  execute_process(COMMAND ${LGFUZZ} ${cmd} ${WORK}/${spec}.yaml ${AF}/inputs/${input}.json --json
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${spec}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "${spec} with the kernel's macros: exit ${rc}, want 0 and ${pattern}\n${out}${err}")
  endif()
endforeach()
