# `lgfuzz gen ARGS` must exit 2 with PATTERN in its message on stderr.
execute_process(COMMAND ${LGFUZZ} gen ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "lgfuzz gen ${ARGS}: exit ${rc}, want 2: ${out}${err}")
endif()
if(NOT err MATCHES "${PATTERN}")
  message(FATAL_ERROR "lgfuzz gen ${ARGS}: stderr '${err}' does not match '${PATTERN}'")
endif()
