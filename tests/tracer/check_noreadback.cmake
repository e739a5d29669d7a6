# fxmix writes its ap_fixed output *y once and never reads it back: the
# shim's conversion of y to the harness's integer after the call reads it,
# and that read is not the kernel's, so no ub:readback probe fires (one
# did, at ap_fixed.h's raw-value read, and every divergence of such a
# kernel needed it). Variables: LGFUZZ, SPEC, INPUT.
execute_process(COMMAND ${LGFUZZ} trace ${SPEC} ${INPUT} --json RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lgfuzz trace: exit ${rc}\n${err}")
endif()
string(REGEX MATCH "\"ub:readback:[^\"]*\",\"kind\":\"ub\",\"fired\":true" fired "${out}")
if(fired)
  message(FATAL_ERROR "a read-back probe fired on a kernel that reads no output back: ${fired}")
endif()
if(NOT out MATCHES "\"ub:readback:")
  message(FATAL_ERROR "no read-back probe in the trace: the check saw nothing\n${out}")
endif()
