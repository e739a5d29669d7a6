# What the lgfuzz command scripts of tests/cli and tests/init share: one
# call of lgfuzz checked for its exit status and output. Needs LGFUZZ (the
# binary).

# Runs lgfuzz with ARGN; expects exit <code> and each of <wants> (a list)
# in its output; the output (stdout, then stderr) in <var>.
function(expect_lgfuzz var code wants)
  execute_process(COMMAND ${LGFUZZ} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "lgfuzz ${ARGN}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "lgfuzz ${ARGN}: exit ${rc}, expected ${code}\n${out}${err}")
  endif()
  foreach(want ${wants})
    string(FIND "${out}${err}" "${want}" at)
    if(at LESS 0)
      message(FATAL_ERROR "lgfuzz ${ARGN}: no '${want}' in\n${out}${err}")
    endif()
  endforeach()
  set(${var} "${out}${err}" PARENT_SCOPE)
endfunction()

# Runs lgfuzz with ARGN under <label>; expects exit <code>; the output
# (stdout, then stderr) in run_out.
function(run_lgfuzz_as label code)
  execute_process(COMMAND ${LGFUZZ} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${label}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "${label}: exit ${rc}, expected ${code}\n${out}${err}")
  endif()
  set(run_out "${out}${err}" PARENT_SCOPE)
endfunction()

# Fails <label> unless <text> holds each string of ARGN.
function(expect_has label text)
  foreach(want ${ARGN})
    string(FIND "${text}" "${want}" at)
    if(at LESS 0)
      message(FATAL_ERROR "${label}: no '${want}' in\n${text}")
    endif()
  endforeach()
endfunction()

# Fails <label> if <text> holds any string of ARGN.
function(expect_lacks label text)
  foreach(bad ${ARGN})
    string(FIND "${text}" "${bad}" at)
    if(NOT at LESS 0)
      message(FATAL_ERROR "${label}: '${bad}' in\n${text}")
    endif()
  endforeach()
endfunction()
