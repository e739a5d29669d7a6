# `lgfuzz check` refuses the AXI spec fields where they cannot hold, each
# with a message naming the field or params: offset direct on a scalar,
# base without offset off, rtl.interrupt without AXI4-Lite control, two
# fixed m_axi buffers on one page, a latency not below max_cycles, a
# register the slave does not declare. On
# valid specs it shows how the harness will drive the top: the AXI4-Lite
# registers (HLS layout, a spec offset), the interrupt and the latency.
# Variables: LGFUZZ, AXI (tests/rtl-oracle/axi), WORK.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# A copy of AXI/<spec>.yaml with its files absolute (AXI in its
# design_dirs) and <from> replaced by <to>; lgfuzz check on it must exit 2
# saying <want>.
function(refuse label spec from to want)
  file(READ ${AXI}/${spec}.yaml text)
  string(FIND "${text}" "${from}" at)
  if(at LESS 0)
    message(FATAL_ERROR "${label}: '${from}' not in ${spec}.yaml")
  endif()
  string(REPLACE "${from}" "${to}" text "${text}")
  string(REGEX REPLACE "source: ([a-z]+\\.c)" "source: ${AXI}/\\1" text "${text}")
  string(REGEX REPLACE "sources: \\[([a-z]+\\.v)\\]" "sources: [${AXI}/\\1]" text "${text}")
  string(REGEX REPLACE "sources: \\[([A-Za-z0-9_]+\\.v), ([A-Za-z0-9_]+\\.v)\\]" "sources: [${AXI}/\\1, ${AXI}/\\2]" text
                       "${text}")
  file(WRITE ${WORK}/${label}.yaml "${text}design_dirs: [${AXI}]\n")
  execute_process(COMMAND ${LGFUZZ} check ${WORK}/${label}.yaml RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "${label}: exit ${rc}, want 2\n${out}${err}")
  endif()
  string(FIND "${err}" "${want}" at)
  if(at LESS 0)
    message(FATAL_ERROR "${label}: no '${want}' in\n${err}")
  endif()
endfunction()

refuse(direct_scalar irq "max_cycles: 2000" "max_cycles: 2000\n  interfaces:\n    x: {mode: s_axilite, offset: direct}"
       "offset direct is only meaningful for mode m_axi; 'x' is s_axilite")
refuse(base_slave mcopy "src: {mode: m_axi, offset: direct}" "src: {mode: m_axi, offset: direct, base: 4096}"
       "base is only meaningful for mode m_axi with offset off ('src')")
refuse(irq_hs mcopy "max_cycles: 5000" "max_cycles: 5000\n  interrupt: true"
       "rtl.interrupt needs the AXI4-Lite control (block protocol ap_ctrl_hs)")
refuse(overlap mcopy "src: {mode: m_axi, offset: direct}" "src: {mode: m_axi, offset: off, base: 0x20}"
       "params src and dst (offset off, bundle gmem) have buffers at 0x20 and 0x0 that share a 4 KiB page")
refuse(latency slow "max_cycles: 5000" "max_cycles: 5000\n  latency: 5000"
       "rtl.latency 5000 is not below rtl.max_cycles 5000")

# A register of an AXI4-Lite slave whose bundle the top has no ports for:
# refused (the harness would write it where the design never reads it; a
# second bundle the top has ports for is driven, axi_args.yaml).
refuse(foreign vadd32 "  sources: [vadd.v, vadd_control_s_axi.v]"
       "  sources: [${AXI}/vadd.v, ${AXI}/vadd_control_s_axi.v, ${AXI}/vadd_extra_s_axi.v]
  interfaces:
    size: {mode: s_axilite, port: count}"
       "param size: its register (ADDR_COUNT_DATA_0) is in ${AXI}/vadd_extra_s_axi.v, the slave of an AXI4-Lite bundle the top has no ports for beside the one with ap_start (s_axi_control)")

# A scalar whose register the control slave, declaring its registers,
# does not have: refused, naming the register, instead of the layout HLS
# would have given it; an array HLS mapped into the slave's memory
# (ADDR_<NAME>_BASE) is said to be one.
refuse(noreg vadd32 "  sources: [vadd.v, vadd_control_s_axi.v]"
       "  sources: [vadd.v, vadd_control_s_axi.v]
  interfaces:
    size: {mode: s_axilite, port: count}"
       "param size: ${AXI}/vadd_control_s_axi.v declares no register ADDR_COUNT_DATA_0 (give the register's offset as rtl.interfaces.size.offset, or rtl.registers)")
file(READ ${AXI}/vadd_control_s_axi.v text)
string(REPLACE "    ADDR_SIZE_CTRL    = 6'h34;" "    ADDR_SIZE_CTRL    = 6'h34,\n    ADDR_COUNT_BASE   = 6'h38;" text "${text}")
file(WRITE ${WORK}/vadd_control_s_axi.v "${text}")
refuse(memreg vadd32 "  sources: [vadd.v, vadd_control_s_axi.v]"
       "  sources: [${AXI}/vadd.v, ${WORK}/vadd_control_s_axi.v]
  interfaces:
    size: {mode: s_axilite, port: count}"
       "declares no register ADDR_COUNT_DATA_0 but a memory (ADDR_COUNT_BASE): HLS mapped the argument, an array, into the AXI4-Lite slave (declare it an array, `array: {len: N}`, on mode s_axilite)")

# An array on s_axilite: its window must hold its depth, and the slave
# must declare the window (else an offset must say where it is).
refuse(window lrev "  - {name: src, type: i32, array: {len: 6}}" "  - {name: src, type: i32, array: {len: 9}}"
       "param src: its window in ${AXI}/lrev_AXILiteS_s_axi.v (ADDR_SRC_BASE, 32 bytes) holds fewer than its depth 9 of 4-byte elements")
refuse(nowindow lrev "    src: {mode: s_axilite}" "    src: {mode: s_axilite, port: from}"
       "param src: an array on s_axilite lives in a memory of the control slave, and ${AXI}/lrev_AXILiteS_s_axi.v declares no ADDR_FROM_BASE with its _HIGH (give its window's byte offset as rtl.interfaces.src.offset)")

# A valid spec (files absolute, <from> replaced by <to>): lgfuzz check
# exits 0 and its output holds every <want>.
function(shows label spec from to)
  file(READ ${AXI}/${spec}.yaml text)
  string(REPLACE "${from}" "${to}" text "${text}")
  string(REGEX REPLACE "source: ([a-z]+\\.c)" "source: ${AXI}/\\1" text "${text}")
  string(REGEX REPLACE "sources: \\[([a-z]+\\.v)\\]" "sources: [${AXI}/\\1]" text "${text}")
  string(REGEX REPLACE "sources: \\[([A-Za-z0-9_]+\\.v), ([A-Za-z0-9_]+\\.v)\\]" "sources: [${AXI}/\\1, ${AXI}/\\2]" text
                       "${text}")
  string(REGEX REPLACE "sources: \\[([A-Za-z0-9_]+\\.v), ([A-Za-z0-9_]+\\.v), ([A-Za-z0-9_]+\\.v)\\]"
                       "sources: [${AXI}/\\1, ${AXI}/\\2, ${AXI}/\\3]" text "${text}")
  file(WRITE ${WORK}/${label}.yaml "${text}design_dirs: [${AXI}]\n")
  execute_process(COMMAND ${LGFUZZ} check ${WORK}/${label}.yaml RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${label}: exit ${rc}, want 0\n${out}${err}")
  endif()
  foreach(want ${ARGN})
    string(FIND "${out}" "${want}" at)
    if(at LESS 0)
      message(FATAL_ERROR "${label}: no '${want}' in\n${out}")
    endif()
  endforeach()
endfunction()

shows(irq_regs irq "max_cycles: 2000" "max_cycles: 2000"
      "rtl: block protocol s_axilite, control bundle s_axi_control"
      "rtl: register 0x10 (return)  ap_return (HLS layout)" "rtl: register 0x18 x  value (HLS layout)"
      "rtl: register 0x20 acc  input _i (HLS layout)" "rtl: register 0x28 acc  output _o"
      "rtl: interrupt on" "rtl: latency unknown")
# The register map of a control slave in its own module, read from its
# localparams: a 32-bit pointer's one data word puts in2 at 0x20.
shows(vadd32_regs vadd32 "max_cycles: 20000" "max_cycles: 20000"
      "rtl: register 0x10 (return)  ap_return (vadd_control_s_axi.v localparams)"
      "rtl: register 0x20 in2  buffer address, 2 words (vadd_control_s_axi.v localparams)"
      "rtl: register 0x30 size  value (vadd_control_s_axi.v localparams)")
shows(vadd_regs vadd "max_cycles: 20000" "max_cycles: 20000\n  latency: 300\n  interfaces:\n    size: {mode: s_axilite, offset: 0x40}"
      "rtl: register 0x18 in1  buffer address, 2 words (HLS layout)" "rtl: register 0x40 size  value (interfaces offset)"
      "rtl: interrupt off: ap_done polled" "rtl: latency 300 cycles (rtl.latency)")

# Arguments in a second AXI4-Lite bundle (ARGS_BUNDLE: size's register
# COUNT in s_axi_args, whose ports vadd lists before the control
# bundle's): the control bundle is the one whose slave has ADDR_AP_CTRL,
# and size is written into the other's.
# Vivado HLS up to 2019 names an ap_int's register <NAME>_V: taken for
# the param's.
file(READ ${AXI}/vadd_control_s_axi.v text)
string(REPLACE "ADDR_SIZE_DATA_0" "ADDR_SIZE_V_DATA_0" text "${text}")
file(WRITE ${WORK}/vreg/vadd_control_s_axi.v "${text}")
shows(vreg vadd32 "  sources: [vadd.v, vadd_control_s_axi.v]" "  sources: [${AXI}/vadd.v, ${WORK}/vreg/vadd_control_s_axi.v]"
      "rtl: register 0x30 size  value (vadd_control_s_axi.v localparams)")
shows(lrev_windows lrev "max_cycles: 5000" "max_cycles: 5000"
      "rtl: memory 0x20 src  window of 6 elements of 4 bytes, written before the call (lrev_AXILiteS_s_axi.v localparams)"
      "rtl: memory 0x40 dst  window of 6 elements of 2 bytes, written before the call and read after it"
      "rtl: register 0x10 k  value (lrev_AXILiteS_s_axi.v localparams)")
shows(args vadd_args "max_cycles: 20000" "max_cycles: 20000"
      "rtl: block protocol s_axilite, control bundle s_axi_control, arguments also in s_axi_args"
      "rtl: register 0x10 of s_axi_args size  value (vadd_control_s_axi.v and vadd_args_s_axi.v localparams)"
      "rtl: register 0x18 in1  buffer address")
