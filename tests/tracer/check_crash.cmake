# Runs `lgfuzz trace` on a crashing input: exit status 1 and a text trace
# naming the crash and the branch taken before it.
execute_process(COMMAND ${CMD} trace ${SPEC} ${INPUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "exit status ${rc}, expected 1\n${out}${err}")
endif()
if(NOT out MATCHES "status: crash \\(SIGSEGV\\)" OR NOT out MATCHES "kernel.c:8:[0-9]+ br +true")
  message(FATAL_ERROR "unexpected output:\n${out}")
endif()
