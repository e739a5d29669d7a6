# `lgfuzz init` on tests/tracer/kernels/fpgain's kernel.v and kernel.cpp
# writes f32 params and arrays, ap_memory interfaces of depth 16 and the
# exact core beside kernel.v as a source (the planted cores live in
# plants/, out of its reach), and `lgfuzz diff` runs the spec it wrote on
# the tie input without a divergence. Inputs: LGFUZZ, DIR (the kernel's
# directory), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${LGFUZZ} init ${DIR}/kernel.v --c ${DIR}/kernel.cpp --function fpgain -o ${WORK}/kernel.yaml
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz init: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lgfuzz init: exit ${rc}, expected 0")
endif()
file(READ ${WORK}/kernel.yaml spec)
message(STATUS "kernel.yaml:\n${spec}")
set(want "params:\n  - {name: x, type: f32, array: {len: 16}}\n  - {name: g, type: f32}\n  - {name: y, type: f32, array: {len: 16}, dir: out}\nrtl:\n  sources: \\[[^]]*kernel.v, [^]]*exact.v, [^]]*fmul.v\\]\n  top: fpgain\n  interfaces:\n    x: {mode: ap_memory, depth: 16}\n    y: {mode: ap_memory, depth: 16}\n")
if(NOT spec MATCHES "${want}")
  message(FATAL_ERROR "lgfuzz init did not write f32 params, ap_memory arrays of depth 16 and the exact core")
endif()
execute_process(COMMAND ${LGFUZZ} diff ${WORK}/kernel.yaml ${DIR}/inputs/tie.json --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "lgfuzz diff: exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"divergent\":false")
  message(FATAL_ERROR "lgfuzz diff on the spec init wrote: exit ${rc}, expected 0 and no divergence")
endif()
