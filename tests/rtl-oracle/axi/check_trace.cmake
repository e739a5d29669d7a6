# Runs `lgfuzz trace --json` and checks, for each probe in FIRED and in
# QUIET (comma-separated probe-name regexes; - for none), that the trace
# shows it fired or not. Variables: LGFUZZ, SPEC, INPUT, FIRED, QUIET.
execute_process(COMMAND ${LGFUZZ} trace ${SPEC} ${INPUT} --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "lgfuzz trace ${INPUT}: exit ${rc}\nstdout: ${out}\nstderr: ${err}")
endif()
foreach(want fired quiet)
  if(want STREQUAL "fired")
    string(REPLACE "," ";" names "${FIRED}")
    set(value true)
  else()
    string(REPLACE "," ";" names "${QUIET}")
    set(value false)
  endif()
  list(REMOVE_ITEM names "-")
  foreach(name ${names})
    if(NOT out MATCHES "\"name\":\"${name}\",\"kind\":\"[a-z-]+\",\"fired\":${value}")
      message(FATAL_ERROR "lgfuzz trace ${INPUT}: probe ${name} not ${want}\nstdout: ${out}")
    endif()
  endforeach()
endforeach()
