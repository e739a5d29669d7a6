# `lgfuzz check` catches before `run` what would otherwise fail there, on
# copies of kernels/fir: a misspelt port prefix (named, with the Verilog
# file and line of the top module, and the real ports left over), a
# missing header and a missing function of the C kernel, a missing $readmemh
# file (named, with the Verilog line loading it), a SystemVerilog keyword
# used as a name (the hint, and rtl.verilator_flags fixing it). It compiles the C and
# verilates the RTL, but never builds the RTL model.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory; the test's
# LGFUZZ_CACHE_DIR is WORK/cache).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(FIR ${SRC}/kernels/fir)

# A copy of kernels/fir in WORK/<name>, with <file>'s text <from> replaced
# by <to> (file "" edits nothing).
function(fir_copy name file from to)
  file(COPY ${FIR}/ DESTINATION ${WORK}/${name})
  if(file)
    file(READ ${WORK}/${name}/${file} text)
    string(FIND "${text}" "${from}" at)
    if(at LESS 0)
      message(FATAL_ERROR "setup: '${from}' not in ${file}")
    endif()
    string(REPLACE "${from}" "${to}" text "${text}")
    file(WRITE ${WORK}/${name}/${file} "${text}")
  endif()
endfunction()

# lgfuzz check on WORK/<name> must exit <code> with every further
# argument in its output.
function(expect_check name code)
  execute_process(COMMAND ${LGFUZZ} check ${WORK}/${name}/kernel.yaml
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "check ${name}: exit ${rc}\n${err}")
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "check ${name}: exit ${rc}, expected ${code}\n${out}${err}")
  endif()
  foreach(want ${ARGN})
    string(FIND "${out}${err}" "${want}" at)
    if(at LESS 0)
      message(FATAL_ERROR "check ${name}: no '${want}' in\n${out}${err}")
    endif()
  endforeach()
endfunction()

fir_copy(good "" "" "")
expect_check(good 0 "c: ${WORK}/good/kernel.c compiles" "rtl: the ports of fir match the spec")

fir_copy(port kernel.yaml "x: {mode: ap_memory, depth: 16, width: 16}"
         "x: {mode: ap_memory, depth: 16, width: 16, port: xs}")
expect_check(port 2 "kernel.v:7: module fir has no port xs_address0 (param x"
             "module fir: ports x_address0, x_ce0, x_q0 match no param" "3 mismatches")

fir_copy(header kernel.c "#include <stdint.h>" "#include <stdint.h>\n#include \"fir_taps.h\"")
expect_check(header 2 "'fir_taps.h' file not found")

fir_copy(function kernel.c "int32_t fir(" "int32_t fir_sample(")
expect_check(function 2 "kernel.c: no definition of function `fir`")

fir_copy(memfile "" "" "")
file(REMOVE ${WORK}/memfile/fir_coeff_ROM_AUTO_1R.dat)
expect_check(memfile 2 "fir_coeff_ROM_AUTO_1R.v:22: $readmem memory file \"./fir_coeff_ROM_AUTO_1R.dat\" not found")

# A name that is a keyword of SystemVerilog only: the hint names the flag,
# and rtl.verilator_flags with it makes the same RTL verilate.
fir_copy(svkeyword kernel.v "reg     [2:0] ap_NS_fsm;" "reg     [2:0] ap_NS_fsm;\nwire    bit = 1'b0;")
expect_check(svkeyword 2 "add `+1364-2005ext+v` to rtl.verilator_flags")
fir_copy(svflag kernel.v "reg     [2:0] ap_NS_fsm;" "reg     [2:0] ap_NS_fsm;\nwire    bit = 1'b0;")
file(READ ${WORK}/svflag/kernel.yaml text)
string(REPLACE "  top: fir\n" "  top: fir\n  verilator_flags: [\"+1364-2005ext+v\"]\n" text "${text}")
file(WRITE ${WORK}/svflag/kernel.yaml "${text}")
expect_check(svflag 0 "rtl: the ports of fir match the spec")

# Verilated (the ports were read from V<top>.h) but no model built.
file(GLOB_RECURSE headers ${WORK}/cache/rtl/*/Vfir.h)
file(GLOB_RECURSE harnesses ${WORK}/cache/rtl/*/harness)
if(NOT headers OR harnesses)
  message(FATAL_ERROR "check verilated ${headers} and built the models ${harnesses}")
endif()
