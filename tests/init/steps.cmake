# What the end-to-end scripts of `lgfuzz init` on HLS designs share
# (check_hls.cmake, check_fp.cmake, check_memory.cmake,
# check_types.cmake): expect, hls_copy, spec_has, design and run. The
# including script sets WORK, HLS (tests/init/hls) and CLI_HLS
# (tests/cli/hls); ctest passes LGFUZZ.

# Runs lgfuzz with ARGN; it must exit <code> with each of the strings in
# the list variable <wants> in its output.
function(expect label code wants)
  execute_process(COMMAND ${LGFUZZ} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${label}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "${label}: exit ${rc}, expected ${code}\n${out}${err}")
  endif()
  foreach(want ${${wants}})
    string(FIND "${out}${err}" "${want}" at)
    if(at LESS 0)
      message(FATAL_ERROR "${label}: no '${want}' in\n${out}${err}")
    endif()
  endforeach()
endfunction()

# A copy of the design <name> (tests/init/hls/<name>, else
# tests/cli/hls/<name>) in WORK/<copy>, with <file>'s text <from> replaced
# by <to> (file "" edits nothing).
function(hls_copy name copy file from to)
  if(EXISTS ${HLS}/${name})
    file(COPY ${HLS}/${name}/ DESTINATION ${WORK}/${copy})
  else()
    file(COPY ${CLI_HLS}/${name}/ DESTINATION ${WORK}/${copy})
  endif()
  if(file)
    file(READ ${WORK}/${copy}/${file} text)
    string(FIND "${text}" "${from}" at)
    if(at LESS 0)
      message(FATAL_ERROR "setup: '${from}' not in ${file}")
    endif()
    string(REPLACE "${from}" "${to}" text "${text}")
    file(WRITE ${WORK}/${copy}/${file} "${text}")
  endif()
endfunction()

# Fails, naming label, unless the spec at path holds each string of ARGN;
# leaves its text in the caller's spec.
function(spec_has label path)
  file(READ ${path} text)
  foreach(want ${ARGN})
    string(FIND "${text}" "${want}" at)
    if(at LESS 0)
      message(FATAL_ERROR "${label}: no '${want}' in\n${text}")
    endif()
  endforeach()
  set(spec "${text}" PARENT_SCOPE)
endfunction()

# hls_copy, then the spec init writes for the copy, with nothing guessed.
function(design name copy file from to)
  hls_copy(${name} ${copy} "${file}" "${from}" "${to}")
  set(w "nothing guessed")
  expect(init.${copy} 0 w init ${WORK}/${copy}/solution1 -o ${WORK}/${copy}/kernel.yaml)
endfunction()

# `lgfuzz run --iterations 30`: exit 0 with no divergence over at least
# 100 RTL calls, or exit 1 with exactly one divergence, of class <want>.
function(run copy want)
  execute_process(COMMAND ${LGFUZZ} run ${WORK}/${copy}/kernel.yaml --iterations 30 --seed 1 --no-guard -q
                          --out ${WORK}/${copy}/out
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "run ${copy}: exit ${rc}\n${out}${err}")
  file(READ ${WORK}/${copy}/out/stats.json stats)
  string(JSON divergences GET "${stats}" divergences)
  string(JSON calls GET "${stats}" rtl_calls)
  if(want STREQUAL "")
    if(NOT rc EQUAL 0 OR NOT divergences EQUAL 0 OR calls LESS 100)
      message(FATAL_ERROR "run ${copy}: exit ${rc}, ${divergences} divergences, ${calls} RTL calls; "
                          "expected exit 0, none, at least 100 calls")
    endif()
  elseif(NOT rc EQUAL 1 OR NOT divergences EQUAL 1 OR NOT out MATCHES "${want}")
    message(FATAL_ERROR "run ${copy}: exit ${rc}, ${divergences} divergences; expected exit 1 and one ${want}")
  endif()
endfunction()
