# `lgfuzz init` with a csynth.xml in the newer Vitis layout (each <Arg>'s
# <hwRefs> naming its m_axi bundle and AXI4-Lite registers, <Interfaces>
# giving the registers' offsets): the spec takes its bundles and register
# offsets from the report rather than from the order of the bundles and
# HLS's default layout. vadd.v built with SIZE_AT_40 decodes size at 0x40:
# its spec agrees with the RTL only with the report's offsets. A minimal top
# with two bundles, the report binding the pointers in the order opposite
# to the ports', gets the report's bundles and guesses none.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch); builds go to the
# suite's build cache (LGFUZZ_CACHE_DIR).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/regs ${WORK}/two)
set(AXI ${SRC}/tests/rtl-oracle/axi)
include(${CMAKE_CURRENT_LIST_DIR}/../cli/expect_lgfuzz.cmake)

# An <Arg> whose hwRefs are interface iface (may be "") and registers regs.
function(xml_arg var name type dir iface)
  set(t "  <Arg ArgName=\"${name}\" index=\"0\" direction=\"${dir}\" srcType=\"${type}\" srcSize=\"32\">\n    <hwRefs>\n")
  if(iface)
    string(APPEND t "      <hwRef type=\"interface\" interface=\"${iface}\" name=\"\" usage=\"data\" direction=\"${dir}\"/>\n")
  endif()
  foreach(r ${ARGN})
    string(APPEND t "      <hwRef type=\"register\" interface=\"s_axi_control\" name=\"${r}\" usage=\"data\" direction=\"in\"/>\n")
  endforeach()
  string(APPEND t "    </hwRefs>\n  </Arg>\n")
  set(${var} "${${var}}${t}" PARENT_SCOPE)
endfunction()

# <Interfaces> with s_axi_control's registers, as name=offset pairs.
function(xml_regs var)
  set(t "<Interfaces>\n  <Interface InterfaceName=\"s_axi_control\" type=\"axi4lite\" busTypeName=\"aximm\" mode=\"slave\">\n    <registers>\n")
  foreach(pair ${ARGN})
    string(REPLACE "=" ";" kv "${pair}")
    list(GET kv 0 k)
    list(GET kv 1 v)
    string(APPEND t "      <register offset=\"${v}\" name=\"${k}\" access=\"W\" range=\"32\"/>\n")
  endforeach()
  string(APPEND t "    </registers>\n  </Interface>\n</Interfaces>\n")
  set(${var} "${${var}}${t}" PARENT_SCOPE)
endfunction()

# vadd with size at 0x40.
file(READ ${AXI}/vadd.v v)
file(WRITE ${WORK}/regs/vadd.v "`define SIZE_AT_40\n${v}")
file(COPY ${AXI}/vadd.c DESTINATION ${WORK}/regs)
set(args "")
set(regs "")
xml_arg(args in1 "int const *" in m_axi_gmem in1_1 in1_2)
xml_arg(args in2 "int const *" in m_axi_gmem in2_1 in2_2)
xml_arg(args out "int*" out m_axi_gmem out_r_1 out_r_2)
xml_arg(args size int in "" size)
xml_regs(regs in1_1=0x18 in1_2=0x1c in2_1=0x24 in2_2=0x28 out_r_1=0x30 out_r_2=0x34 size=0x40)
file(WRITE ${WORK}/regs/csynth.xml "<profile>\n<Args>\n${args}</Args>\n${regs}</profile>\n")
run_lgfuzz_as(init.regs 0 init ${WORK}/regs/vadd.v --function vadd -o ${WORK}/regs/kernel.yaml)
file(READ ${WORK}/regs/kernel.yaml spec)
expect_has(init.regs "${spec}" "in1: {mode: m_axi, depth: 16, offset: 0x18}" "out: {mode: m_axi, depth: 16, offset: 0x30}"
    "size: {mode: s_axilite, offset: 0x40}")
file(WRITE ${WORK}/n16.json "{\"in1\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], \"in2\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], \"out\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], \"size\": 16}\n")
run_lgfuzz_as(init.regs.check 0 check ${WORK}/regs/kernel.yaml)
expect_has(init.regs.check "${run_out}" "rtl: register 0x40 size  value (interfaces offset)" "rtl: interrupt off")
run_lgfuzz_as(init.regs.diff 0 diff ${WORK}/regs/kernel.yaml ${WORK}/n16.json)
expect_has(init.regs.diff "${run_out}" "no divergence")
# Without the report: HLS's default layout, size at 0x3c, which this RTL ignores.
file(REMOVE ${WORK}/regs/csynth.xml)
run_lgfuzz_as(init.regs.default 0 init ${WORK}/regs/vadd.v --function vadd -o ${WORK}/regs/kernel.yaml --force)
file(READ ${WORK}/regs/kernel.yaml spec)
expect_lacks(init.regs.default "${spec}" "offset: 0x40")
run_lgfuzz_as(init.regs.default.diff 1 diff ${WORK}/regs/kernel.yaml ${WORK}/n16.json)

# Two bundles; the report binds a to gmem1 and b to gmem0.
set(ports "")
foreach(b gmem0 gmem1)
  string(APPEND ports "    output wire [63:0] m_axi_${b}_ARADDR,\n    output wire [63:0] m_axi_${b}_AWADDR,\n")
endforeach()
file(WRITE ${WORK}/two/two.v "module two (\n    input wire ap_clk,\n    input wire ap_rst_n,\n"
     "    input wire [5:0] s_axi_control_AWADDR,\n${ports}    output wire interrupt\n);\nendmodule\n")
file(WRITE ${WORK}/two/two.c "void two(const int *a, int *b)\n{\n    b[0] = a[0];\n}\n")
set(args "")
xml_arg(args a "int const *" in m_axi_gmem1 a_1 a_2)
xml_arg(args b "int*" out m_axi_gmem0 b_1 b_2)
set(regs "")
xml_regs(regs a_1=0x10 a_2=0x14 b_1=0x1c b_2=0x20)
file(WRITE ${WORK}/two/csynth.xml "<profile>\n<Args>\n${args}</Args>\n${regs}</profile>\n")
run_lgfuzz_as(init.two 0 init ${WORK}/two/two.v --function two -o ${WORK}/two/kernel.yaml)
expect_lacks(init.two "${run_out}" "guessed from the order")
file(READ ${WORK}/two/kernel.yaml spec)
expect_has(init.two "${spec}" "a: {mode: m_axi, depth: 16, bundle: gmem1, offset: 0x10}"
    "b: {mode: m_axi, depth: 16, bundle: gmem0, offset: 0x1c}")
