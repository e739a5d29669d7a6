# `lgfuzz init` on the Vitis-flow and block-protocol designs of
# tests/rtl-oracle/axi (each copied alone into a directory of its own, as
# an HLS solution holds one top): every spec it writes passes `lgfuzz
# check`, and says what the ports show (AXI4-Lite control, m_axi buffers
# with offset direct and off, axis streams, ap_ctrl_chain, ap_ctrl_none,
# a combinational top). A driver header x<top>_hw.h beside the Verilog
# becomes rtl.registers and tells an s_axilite inout (_i/_o registers)
# from an output; without one the direction is marked as guessed, unless
# csynth.xml states it (an input read through a pointer: pointer: true).
# The generated specs of irq, irqin and vadd agree with their RTL on an
# input.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch); builds go to the
# suite's build cache (LGFUZZ_CACHE_DIR).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(AXI ${SRC}/tests/rtl-oracle/axi)
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect_lgfuzz.cmake)

# design, its C file, then the strings the spec must hold.
function(init_check name csrc)
  file(MAKE_DIRECTORY ${WORK}/${name})
  file(COPY ${AXI}/${name}.v ${AXI}/${csrc} DESTINATION ${WORK}/${name})
  get_filename_component(fn ${csrc} NAME_WE)
  run_lgfuzz_as(init.${name} 0 init ${WORK}/${name}/${name}.v --function ${fn} -o ${WORK}/${name}/kernel.yaml)
  file(READ ${WORK}/${name}/kernel.yaml spec)
  expect_has(init.${name} "${spec}" ${ARGN})
  run_lgfuzz_as(init.${name}.check 0 check ${WORK}/${name}/kernel.yaml)
  expect_has(init.${name}.check "${run_out}" "the ports of ")
endfunction()

init_check(vadd vadd.c "protocol: s_axilite" "in1: {mode: m_axi, depth: 16}  # guessed"
           "{name: out, type: i32, array: {max_len: 16, len: size}, dir: inout}" "return: i32")
init_check(mcopy mcopy.c "src: {mode: m_axi, depth: 16, offset: direct}"
           "dst: {mode: m_axi, depth: 16, offset: off}  # guessed: depth (not in the RTL); guessed: base 0")
init_check(filter filter.c "in: {mode: axis, depth: 16, port: in_r}" "out: {mode: axis, depth: 16, port: out_r}")
init_check(chain mac.c "{name: c, type: i32}" "sources: [chain.v]")
init_check(comb mac.c "return: i32" "sources: [comb.v]")
init_check(free macv.c "{name: y, type: i32, dir: out}")
init_check(slow slow.c "{name: y, type: i32, dir: out}")
init_check(irq irq.c "protocol: s_axilite" "{name: acc, type: i32, dir: inout}  # guessed")

# No header, but the register map atop the control bundle's Verilog
# (irq_control_s_axi.v, as HLS writes it): the direction read from it.
file(WRITE ${WORK}/irq/irq_control_s_axi.v "// 0x10 : Data signal of ap_return\n// 0x18 : Data signal of x\n"
     "// 0x20 : Data signal of acc\n//        bit 31~0 - acc[31:0] (Read)\n// 0x24 : Control signal of acc\n")
run_lgfuzz_as(init.irq.map 0 init ${WORK}/irq/irq.v --function irq -o ${WORK}/irq/kernel.yaml --force)
expect_has(init.irq.map "${run_out}" "nothing guessed")
file(READ ${WORK}/irq/kernel.yaml spec)
expect_has(init.irq.map "${spec}" "{name: acc, type: i32, dir: out}\n")
file(WRITE ${WORK}/irq/irq_control_s_axi.v "// 0x20 : Data signal of acc_i\n// 0x28 : Data signal of acc_o\n")
run_lgfuzz_as(init.irq.map_inout 0 init ${WORK}/irq/irq.v --function irq -o ${WORK}/irq/kernel.yaml --force)
file(READ ${WORK}/irq/kernel.yaml spec)
expect_has(init.irq.map_inout "${spec}" "{name: acc, type: i32, dir: inout}\n")
file(REMOVE ${WORK}/irq/irq_control_s_axi.v)

# The driver header: rtl.registers, and the inout's direction read, not guessed.
file(WRITE ${WORK}/irq/xirq_hw.h "#define XIRQ_CONTROL_ADDR_AP_RETURN 0x10\n#define XIRQ_CONTROL_ADDR_X_DATA 0x18\n"
     "#define XIRQ_CONTROL_ADDR_ACC_I_DATA 0x20\n#define XIRQ_CONTROL_ADDR_ACC_O_DATA 0x28\n"
     "#define XIRQ_CONTROL_ADDR_ACC_O_CTRL 0x2c\n")
run_lgfuzz_as(init.irq.header 0 init ${WORK}/irq/irq.v --function irq -o ${WORK}/irq/kernel.yaml --force)
expect_has(init.irq.header "${run_out}" "nothing guessed")
file(READ ${WORK}/irq/kernel.yaml spec)
expect_has(init.irq.header "${spec}" "{name: acc, type: i32, dir: inout}\n" "registers: xirq_hw.h")
file(WRITE ${WORK}/irq.json "{\"x\": 7, \"acc\": 100}\n")
run_lgfuzz_as(init.irq.diff 0 diff ${WORK}/irq/kernel.yaml ${WORK}/irq.json)
expect_has(init.irq.diff "${run_out}" "no divergence")
# An output-only scalar's header names ACC_DATA: dir out.
file(WRITE ${WORK}/irq/xirq_hw.h "#define XIRQ_CONTROL_ADDR_AP_RETURN 0x10\n#define XIRQ_CONTROL_ADDR_X_DATA 0x18\n"
     "#define XIRQ_CONTROL_ADDR_ACC_DATA 0x20\n#define XIRQ_CONTROL_ADDR_ACC_CTRL 0x24\n")
run_lgfuzz_as(init.irq.out 0 init ${WORK}/irq/irq.v --function irq -o ${WORK}/irq/kernel.yaml --force)
file(READ ${WORK}/irq/kernel.yaml spec)
expect_has(init.irq.out "${spec}" "{name: acc, type: i32, dir: out}\n")

file(WRITE ${WORK}/vadd.json "{\"in1\": [1, 2, 3, 4, 5], \"in2\": [10, 20, 30, 40, 50], \"out\": [9, 9, 9, 9, 9], \"size\": 5}\n")
run_lgfuzz_as(init.vadd.diff 0 diff ${WORK}/vadd/kernel.yaml ${WORK}/vadd.json)
expect_has(init.vadd.diff "${run_out}" "no divergence")

# An s_axilite pointer the C only reads (`int32_t *acc`): csynth.xml's
# <Arg direction="in"> makes it an in scalar passed by pointer (pointer:
# true), driven and fuzzed like any input. Before, its one register made
# it an output: never driven, never fuzzed, and no warning.
file(MAKE_DIRECTORY ${WORK}/irqin)
file(READ ${AXI}/irq.v text)
string(REPLACE "ret <= x * 3;" "ret <= x * 3 + acc_i;" text "${text}")
file(WRITE ${WORK}/irqin/irq.v "${text}")
file(WRITE ${WORK}/irqin/irq.c "#include <stdint.h>\n\nint32_t irq(int32_t x, int32_t *acc)\n{\n"
                               "    return (int32_t)((uint32_t)x * 3u + (uint32_t)*acc);\n}\n")
file(WRITE ${WORK}/irqin/csynth.xml
     "<?xml version=\"1.0\"?>\n<profile>\n  <Args>\n"
     "    <Arg ArgName=\"x\" index=\"0\" direction=\"in\" srcType=\"int\" srcSize=\"32\"/>\n"
     "    <Arg ArgName=\"acc\" index=\"1\" direction=\"in\" srcType=\"int*\" srcSize=\"32\"/>\n"
     "  </Args>\n</profile>\n")
run_lgfuzz_as(init.irqin 0 init ${WORK}/irqin/irq.v --function irq -o ${WORK}/irqin/kernel.yaml)
file(READ ${WORK}/irqin/kernel.yaml spec)
expect_has(init.irqin "${spec}" "{name: acc, type: i32, pointer: true}\n")
run_lgfuzz_as(init.irqin.check 0 check ${WORK}/irqin/kernel.yaml)
expect_has(init.irqin.check "${run_out}" "int32_t irq(int32_t x, const int32_t *acc)")
file(WRITE ${WORK}/irqin.json "{\"x\": 7, \"acc\": 100}\n")
run_lgfuzz_as(init.irqin.diff 0 diff ${WORK}/irqin/kernel.yaml ${WORK}/irqin.json)
expect_has(init.irqin.diff "${run_out}" "no divergence" "\"return\":121")

# An array on the AXI4-Lite control bundle (`s_axilite port=acc` on
# `int32_t acc[4]`) whose RTL holds a register, not a memory, for it: the
# C and the RTL disagree. With the slave's own Verilog init says so; with
# none (irq.v's registers are its own) it writes the array, and check
# refuses it, naming the window it cannot find, instead of a spec that
# would give false reports.
file(MAKE_DIRECTORY ${WORK}/irqarr)
file(COPY ${AXI}/irq.v DESTINATION ${WORK}/irqarr)
file(WRITE ${WORK}/irqarr/irq.c "#include <stdint.h>\n\nint32_t irq(int32_t x, int32_t acc[4])\n{\n"
                                "    acc[0] += x;\n    return x * 3;\n}\n")
run_lgfuzz_as(init.lite_array 0 init ${WORK}/irqarr/irq.v --function irq -o ${WORK}/irqarr/kernel.yaml)
run_lgfuzz_as(init.err.lite_array 2 check ${WORK}/irqarr/kernel.yaml)
expect_has(init.err.lite_array "${run_out}" "param acc: an array on s_axilite lives in a memory of the control slave, "
           "and no <top>_<bundle>_s_axi.v among rtl.sources declares its window (ADDR_ACC_BASE")
file(MAKE_DIRECTORY ${WORK}/lrevreg)
file(COPY ${AXI}/lrev.v ${AXI}/lrev_AXILiteS_s_axi.v DESTINATION ${WORK}/lrevreg)
file(WRITE ${WORK}/lrevreg/lrev.c "void lrev(int src[6], short dst[6], int k[2])\n{\n    dst[0] = src[0] + k[0];\n}\n")
run_lgfuzz_as(init.err.lite_register 2 init ${WORK}/lrevreg/lrev.v --function lrev -o ${WORK}/lrevreg/kernel.yaml)
expect_has(init.err.lite_register "${run_out}" "argument `k` (int []) is an array on the AXI4-Lite control bundle, "
           "but the control slave holds no memory for it (no \"Memory 'k'\" in its register map)")

# Arrays HLS mapped into the slave's memory (lrev, Vivado HLS 2016's
# shape): each an s_axilite array of the C's length, its direction from
# the core's RAM ports in the slave (src read, dst written); check shows
# the windows, and the spec diffs right.
file(MAKE_DIRECTORY ${WORK}/lrev)
file(COPY ${AXI}/lrev.v ${AXI}/lrev_AXILiteS_s_axi.v ${AXI}/lrev.c DESTINATION ${WORK}/lrev)
run_lgfuzz_as(init.lite_memory 0 init ${WORK}/lrev/lrev.v --function lrev -o ${WORK}/lrev/kernel.yaml)
file(READ ${WORK}/lrev/kernel.yaml spec)
expect_has(init.lite_memory "${spec}" "{name: src, type: i32, array: {len: 6}}\n"
           "{name: dst, type: i16, array: {len: 6}, dir: out}\n" "src: {mode: s_axilite, depth: 6}\n"
           "dst: {mode: s_axilite, depth: 6}\n")
run_lgfuzz_as(init.lite_memory.check 0 check ${WORK}/lrev/kernel.yaml)
expect_has(init.lite_memory.check "${run_out}" "memory 0x20 src  window of 6 elements of 4 bytes"
           "memory 0x40 dst  window of 6 elements of 2 bytes, written before the call and read after it")
file(WRITE ${WORK}/lrev.json "{\"src\": [1, 2, 3, 4, 5, -70000], \"k\": 10}\n")
run_lgfuzz_as(init.lite_memory.diff 0 diff ${WORK}/lrev/kernel.yaml ${WORK}/lrev.json)
expect_has(init.lite_memory.diff "${run_out}" "no divergence" "\"dst\":[-4454,15,14,13,12,11]")

# A pointer whose one input port is narrower than an address carries the
# value a reference passes (`ap_uint<2> &sel` on ap_none, as Vivado HLS
# writes it), not an m_axi buffer with offset=direct; an m_axi pragma's
# offset=off is the spec's, with no register looked for.
file(MAKE_DIRECTORY ${WORK}/msel)
file(READ ${AXI}/mcopy.v text)
string(REPLACE "    input  wire [31:0] n," "    input  wire [31:0] n,\n    input  wire [1:0]  sel," text "${text}")
file(WRITE ${WORK}/msel/mcopy.v "${text}")
file(WRITE ${WORK}/msel/mcopy.c "#include <stdint.h>\n\nint32_t mcopy(const int32_t *src, int32_t *dst, int32_t n, "
                                 "const uint8_t *sel)\n{\n#pragma HLS INTERFACE m_axi port = dst offset = off\n"
                                 "    for (int32_t i = 0; i < n; i++)\n        dst[i] = src[i] + *sel;\n    return n;\n}\n")
run_lgfuzz_as(init.narrow_pointer 0 init ${WORK}/msel/mcopy.v --function mcopy -o ${WORK}/msel/kernel.yaml)
file(READ ${WORK}/msel/kernel.yaml spec)
expect_has(init.narrow_pointer "${spec}" "{name: sel, type: u8, pointer: true}" "sel: {mode: ap_none, width: 2}"
           "src: {mode: m_axi, depth: 16, offset: direct}")
expect_has(init.narrow_pointer "${run_out}" "dst: offset off (its pragma's) with base 0 guessed")
