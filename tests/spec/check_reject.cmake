# Runs lgfuzz with ARGS (a ;-list) and expects exit code 2 and an error
# matching EXPECT on stderr. With DEEP set, first writes a spec nested
# DEEP levels deep to the file named by the last argument.
if(DEEP)
  list(GET ARGS -1 deep_file)
  string(REPEAT "[" ${DEEP} open)
  string(REPEAT "]" ${DEEP} close)
  file(WRITE ${deep_file} "kernel: ${open}${close}\n")
endif()
execute_process(COMMAND ${LGFUZZ} ${ARGS} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET TIMEOUT 20)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "lgfuzz ${ARGS}: expected exit code 2, got ${rc}: ${err}")
endif()
if(NOT err MATCHES "${EXPECT}")
  message(FATAL_ERROR "lgfuzz ${ARGS}: message '${err}' does not match '${EXPECT}'")
endif()
