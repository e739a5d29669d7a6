# Runs `lgfuzz diff --json` and checks its exit code and that stdout holds
# an expected pattern. Variables: LGFUZZ, SPEC, INPUT, EXIT, PATTERN.
execute_process(COMMAND ${LGFUZZ} diff ${SPEC} ${INPUT} --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "${EXIT}")
  message(FATAL_ERROR "lgfuzz diff ${INPUT}: exit ${rc}, want ${EXIT}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT out MATCHES "${PATTERN}")
  message(FATAL_ERROR "lgfuzz diff ${INPUT}: output lacks ${PATTERN}\nstdout: ${out}\nstderr: ${err}")
endif()
