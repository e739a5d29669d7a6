# A kernel of several files with -D flags (tests/tracer/kernels/sources):
# `lgfuzz trace` runs it with helper.c linked in and instrumented (its
# branch is on the path) and the defines applied (3 * a + b, clamped at
# 100, plus 2); a missing define, a symbol two sources define and a
# malformed define each end with exit 2 and a message naming the cause; a
# source whose unreached function calls what nothing defines links, a
# reached call to it does not.
# Inputs: LGFUZZ, K (the kernel's directory), INPUTS, WORK (scratch).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(trace label code input)
  execute_process(COMMAND ${LGFUZZ} trace ${ARGN} ${input} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${label}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "${label}: exit ${rc}, expected ${code}\n${out}${err}")
  endif()
  set(out "${out}${err}" PARENT_SCOPE)
endfunction()

trace(plain 0 ${INPUTS}/sources.json ${K}/kernel.yaml --json)
if(NOT out MATCHES "\"file\":\"helper.c\",\"line\":5" OR NOT out MATCHES "\"return\":37")
  message(FATAL_ERROR "plain: want helper.c's branch on the path and return 37 (3*10+5+2)\n${out}")
endif()
trace(clamp 0 ${INPUTS}/sources-clamp.json ${K}/kernel.yaml)
if(NOT out MATCHES "helper.c:5:[0-9]+ br +true" OR NOT out MATCHES "return: 102")
  message(FATAL_ERROR "clamp: want helper.c's branch taken and return 102 (100+2)\n${out}")
endif()

# The variants live in WORK and name the kernel's directory as part of
# the design.
function(variant name body)
  file(WRITE ${WORK}/${name}.yaml "kernel: mix\ndesign_dirs: [${K}]\nc:\n${body}\nparams:\n"
                                  "  - {name: a, type: i32}\n  - {name: b, type: i32}\nreturn: i32\n")
endfunction()
variant(nodefs "  source: ${K}/kernel.c\n  sources: [${K}/helper.c]\n  function: mix")
trace(nodefs 2 ${INPUTS}/sources.json ${WORK}/nodefs.yaml)
if(NOT out MATCHES "GAIN must be defined")
  message(FATAL_ERROR "nodefs: the compiler's #error not shown\n${out}")
endif()
variant(twice "  source: ${K}/kernel.c\n  sources: [${K}/helper.c, ${K}/twice.c]\n  function: mix\n  defines: [GAIN=3, OFFSET=2, LIMIT=100]")
trace(twice 2 ${INPUTS}/sources.json ${WORK}/twice.yaml)
if(NOT out MATCHES "twice.c: cannot be linked with the kernel and the other sources: .*clampv")
  message(FATAL_ERROR "twice: the second definition of clampv not named\n${out}")
endif()
variant(baddef "  source: ${K}/kernel.c\n  function: mix\n  defines: [GAIN=3, \"2X=1\"]")
trace(baddef 2 ${INPUTS}/sources.json ${WORK}/baddef.yaml)
if(NOT out MATCHES "baddef.yaml:[0-9]+:[0-9]+: c.defines entry '2X=1' is not NAME or NAME=VALUE")
  message(FATAL_ERROR "baddef: the malformed define not named with its place\n${out}")
endif()

# A listed source whose function the kernel never calls may call what no
# source defines (a testbench's helper), as HLS, which compiles what the
# top reaches, allows: the executor links without it. A call the kernel
# reaches to an undefined function still fails, naming it.
file(WRITE ${WORK}/tbonly.c "int tb_only_check(int);\nint unused_check(int x) { return tb_only_check(x) + 1; }\n")
variant(unreached "  source: ${K}/kernel.c\n  sources: [${K}/helper.c, ${WORK}/tbonly.c]\n  function: mix\n  defines: [GAIN=3, OFFSET=2, LIMIT=100]")
trace(unreached 0 ${INPUTS}/sources.json ${WORK}/unreached.yaml)
if(NOT out MATCHES "return: 37")
  message(FATAL_ERROR "unreached: want return 37 with the unreached source linked in\n${out}")
endif()
file(WRITE ${WORK}/reach.c "int tb_only_mix(int, int);\nint mix(int a, int b) { return tb_only_mix(a, b); }\n")
variant(reached "  source: ${WORK}/reach.c\n  function: mix")
trace(reached 2 ${INPUTS}/sources.json ${WORK}/reached.yaml)
if(NOT out MATCHES "undefined reference to `tb_only_mix'")
  message(FATAL_ERROR "reached: the undefined function the kernel calls not named\n${out}")
endif()
