# `lgfuzz init` on designs in the shapes Vitis and Vivado HLS emit: vsum
# (a mangled C++ top) and twice (extern "C", float in and out) of
# tests/cli/hls/, qneg (ap_fifo in and out, `in` named in_r), the
# clampio solution directory (with csynth.xml) and the vmac one (Vivado
# HLS 2018's `_V` port names) of tests/init/hls/,
# kernels/accumulate and kernels/fir (two Verilog files): each spec it
# writes checks and runs; it refuses to overwrite, takes ap_ctrl_chain, and
# names what it cannot take (an ap_fixed argument wider than 64 bits, no
# source, no top module, an argument without ports); a solution kept
# without its sources is read through HLS's preprocessed copy of them.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch); builds go to the
# suite's build cache (LGFUZZ_CACHE_DIR).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(HLS ${SRC}/tests/init/hls)
set(CLI_HLS ${SRC}/tests/cli/hls)

include(${CMAKE_CURRENT_LIST_DIR}/steps.cmake)

function(input path text)
  file(WRITE ${path} "${text}\n")
endfunction()

# The inputs the diffs below run: vsum's, and twice's subnormal (its
# planted divergence).
input(${WORK}/vsum.json "{\"data\": [1, 2, 3, -4, 100], \"n\": 5}")
input(${WORK}/twice-sub.json "{\"x\": 1}")

# init: each spec it writes checks, and runs one input.
hls_copy(vsum init-vsum "" "" "")
file(REMOVE ${WORK}/init-vsum/kernel.yaml)
set(w "length guessed to be param n")
expect(init.vsum 0 w init ${WORK}/init-vsum/vsum.v -o ${WORK}/init-vsum/kernel.yaml)
spec_has(init.vsum ${WORK}/init-vsum/kernel.yaml
         "c: {source: vsum.cpp, function: vsum}" "array: {max_len: 16, len: n}}  # guessed"
         "sources: [vsum.v]" "data: {mode: ap_memory, depth: 16}\n" "return: i32")
set(w "function vsum found" "the ports of vsum match the spec")
expect(init.vsum.check 0 w check ${WORK}/init-vsum/kernel.yaml)
set(w "no divergence")
expect(init.vsum.diff 0 w diff ${WORK}/init-vsum/kernel.yaml ${WORK}/vsum.json)
set(w "init-vsum/kernel.yaml exists; give --force")
expect(init.no_overwrite 2 w init ${WORK}/init-vsum/vsum.v -o ${WORK}/init-vsum/kernel.yaml)
set(w "")
expect(init.force 0 w init ${WORK}/init-vsum/vsum.v -o ${WORK}/init-vsum/kernel.yaml --force)

hls_copy(twice init-twice "" "" "")
file(REMOVE ${WORK}/init-twice/kernel.yaml)
set(w "nothing guessed")
expect(init.twice 0 w init ${WORK}/init-twice/twice.v -o ${WORK}/init-twice/kernel.yaml)
spec_has(init.twice ${WORK}/init-twice/kernel.yaml
         "- {name: x, type: f32}\n" "return: f32\n" "c: {source: twice.cpp, function: twice}")
set(w "x            f32" "function twice found")
expect(init.twice.check 0 w check ${WORK}/init-twice/kernel.yaml)
set(w "mismatch:return")
expect(init.twice.diff 1 w diff ${WORK}/init-twice/kernel.yaml ${WORK}/twice-sub.json)

hls_copy(clampio init-clampio "" "" "")
set(w "csynth.xml" "3 param(s); nothing guessed")
expect(init.clampio 0 w init ${WORK}/init-clampio/solution1 -o ${WORK}/init-clampio/kernel.yaml)
spec_has(init.clampio ${WORK}/init-clampio/kernel.yaml
         "c: {source: clampio.c, function: clampio}" "{name: acc, type: i32, dir: inout}"
         "{name: flag, type: i32, dir: out}" "sources: [solution1/syn/verilog/clampio.v]")
input(${WORK}/clampio.json "{\"x\": 200, \"acc\": 5, \"flag\": 0}")
set(w "\"acc\":205,\"flag\":1" "no divergence")
expect(init.clampio.diff 0 w diff ${WORK}/init-clampio/kernel.yaml ${WORK}/clampio.json)

# flag as an ap_none output (no flag_ap_vld): init takes it as an out
# scalar on ap_none; its value counts where the C writes it (x > 100) and
# nothing is said where the C does not. With the RTL's constant 2 instead
# of 1 that is the one divergence, and a run finds it.
hls_copy(clampio init-flagnone clampio.c "mode = ap_vld port = flag" "mode = ap_none port = flag")
set(V ${WORK}/init-flagnone/solution1/syn/verilog/clampio.v)
file(READ ${V} text)
foreach(cut "        flag,\n        flag_ap_vld\n" "output   flag_ap_vld;\n" "assign flag_ap_vld = (ap_start & icmp_ln10_fu_52_p2);\n")
  string(FIND "${text}" "${cut}" at)
  if(at LESS 0)
    message(FATAL_ERROR "setup: no '${cut}' in clampio.v")
  endif()
endforeach()
string(REPLACE "        flag,\n        flag_ap_vld\n" "        flag\n" text "${text}")
string(REPLACE "output   flag_ap_vld;\n" "" text "${text}")
string(REPLACE "assign flag_ap_vld = (ap_start & icmp_ln10_fu_52_p2);\n" "" text "${text}")
file(WRITE ${V} "${text}")
set(w "3 param(s); nothing guessed")
expect(init.flagnone 0 w init ${WORK}/init-flagnone/solution1 -o ${WORK}/init-flagnone/kernel.yaml)
spec_has(init.flagnone ${WORK}/init-flagnone/kernel.yaml
         "{name: flag, type: i32, dir: out}" "flag: {mode: ap_none}")
set(w "rtl: the ports of clampio match the spec" "flag         ap_none   width 32  port flag")
expect(init.flagnone.check 0 w check ${WORK}/init-flagnone/kernel.yaml)
input(${WORK}/clampio-lo.json "{\"x\": 7, \"acc\": 5, \"flag\": 0}")
set(w "\"outputs\":{\"acc\":205,\"flag\":1}" "no divergence")
expect(init.flagnone.diff 0 w diff ${WORK}/init-flagnone/kernel.yaml ${WORK}/clampio.json)
set(w "rtl: {\"status\":\"ok\",\"cycles\":1,\"outputs\":{\"acc\":12,\"flag\":1}}" "no divergence")
expect(init.flagnone.diff_unwritten 0 w diff ${WORK}/init-flagnone/kernel.yaml ${WORK}/clampio-lo.json)
string(REPLACE "assign flag = 32'd1;" "assign flag = 32'd2;" text "${text}")
file(WRITE ${V} "${text}")
set(w "mismatch:flag" "flag: cpu 1, rtl 2")
expect(init.flagnone.diff_planted 1 w diff ${WORK}/init-flagnone/kernel.yaml ${WORK}/clampio.json)
set(w "1 distinct divergence")
expect(init.flagnone.run 1 w run ${WORK}/init-flagnone/kernel.yaml --iterations 30 --seed 1 --no-guard
       --out ${WORK}/flagnone-run)

# A latency-0 ap_ctrl_hs top without ap_clk and ap_rst (clampio's, both
# removed): combinational, ap_start held high, ap_done following it.
hls_copy(clampio init-combhs "" "" "")
set(V ${WORK}/init-combhs/solution1/syn/verilog/clampio.v)
file(READ ${V} text)
string(REPLACE "        ap_clk,\n        ap_rst,\n" "" text "${text}")
string(REPLACE "input   ap_clk;\ninput   ap_rst;\n" "" text "${text}")
string(FIND "${text}" "ap_clk" at)
if(NOT at LESS 0)
  message(FATAL_ERROR "setup: clampio.v still has ap_clk")
endif()
file(WRITE ${V} "${text}")
set(w "3 param(s)")
expect(init.combhs 0 w init ${WORK}/init-combhs/solution1 -o ${WORK}/init-combhs/kernel.yaml)
set(w "block protocol ap_ctrl_none (combinational): no ap_clk; ap_start held high, ap_done must follow it")
expect(init.combhs.check 0 w check ${WORK}/init-combhs/kernel.yaml)
set(w "\"outputs\":{\"acc\":205,\"flag\":1}" "no divergence")
expect(init.combhs.diff 0 w diff ${WORK}/init-combhs/kernel.yaml ${WORK}/clampio.json)
string(REPLACE "assign ap_done = ap_start;" "assign ap_done = 1'b0;" text "${text}")
file(WRITE ${V} "${text}")
set(w "a top with no ap_clk held ap_done low while ap_start was high")
expect(init.combhs.done_low 1 w diff ${WORK}/init-combhs/kernel.yaml ${WORK}/clampio.json)

# An array length written with the design's macros and constants (#define,
# enum, const), from a header it includes: taken from the C (16), not
# guessed from the address width.
hls_copy(vsum init-macrolen vsum.cpp "int vsum(const int data[16], int n)"
         "#include \"defs.h\"\n\nint vsum(const int data[LEN], int n)")
file(WRITE ${WORK}/init-macrolen/defs.h
     "#define ROWS 4\nenum { COLS = (ROWS * 2) }; // two per row\nstatic const unsigned LEN = COLS << 1;\n")
set(w "2 param(s)")
expect(init.macrolen 0 w init ${WORK}/init-macrolen/vsum.v -o ${WORK}/init-macrolen/init.yaml)
file(READ ${WORK}/init-macrolen/init.yaml spec)
string(FIND "${spec}" "data: {mode: ap_memory, depth: 16}\n" at)
string(FIND "${spec}" "address width" guessed)
if(at LESS 0 OR NOT guessed LESS 0)
  message(FATAL_ERROR "init.macrolen: data's length not taken from LEN in\n${spec}")
endif()

# A RAM written through port 0 and read through port 1 only (res_q1, no
# res_q0) is inout, not out.
file(WRITE ${WORK}/init-port1/swap1.c "void swap1(int res[16])\n{\n    for (int i = 0; i < 8; i++)\n        res[i] = res[15 - i];\n}\n")
file(WRITE ${WORK}/init-port1/swap1.v "(* CORE_GENERATION_INFO=\"swap1_swap1,hls_ip_2022_2,{HLS_SYN_LAT=1}\" *)
module swap1 (ap_clk, ap_rst, ap_start, ap_done, ap_idle, ap_ready,
        res_address0, res_ce0, res_we0, res_d0, res_address1, res_ce1, res_q1);
input ap_clk;
input ap_rst;
input ap_start;
output ap_done;
output ap_idle;
output ap_ready;
output [3:0] res_address0;
output res_ce0;
output res_we0;
output [31:0] res_d0;
output [3:0] res_address1;
output res_ce1;
input [31:0] res_q1;
assign res_address0 = 4'd0;
assign res_ce0 = 1'b0;
assign res_we0 = 1'b0;
assign res_d0 = res_q1;
assign res_address1 = 4'd15;
assign res_ce1 = 1'b0;
assign ap_done = ap_start;
assign ap_idle = 1'b1;
assign ap_ready = ap_start;
endmodule
")
set(w "1 param(s); nothing guessed")
expect(init.port1 0 w init ${WORK}/init-port1/swap1.v -o ${WORK}/init-port1/kernel.yaml)
spec_has(init.port1 ${WORK}/init-port1/kernel.yaml "{name: res, type: i32, array: {len: 16}, dir: inout}")
set(w "rtl: the ports of swap1 match the spec")
expect(init.port1.check 0 w check ${WORK}/init-port1/kernel.yaml)

# max_cycles from HLS_SYN_LAT when the default is too small for one call
# (a 4.8-million-cycle DFT hung on every input); none for a short one.
file(READ ${WORK}/init-port1/kernel.yaml spec)
if(spec MATCHES "max_cycles")
  message(FATAL_ERROR "init.latency: a max_cycles for a 1-cycle design in\n${spec}")
endif()
file(READ ${WORK}/init-port1/swap1.v v)
string(REPLACE "HLS_SYN_LAT=1}" "HLS_SYN_LAT=2000000}" v "${v}")
file(WRITE ${WORK}/init-latency/swap1.v "${v}")
file(COPY ${WORK}/init-port1/swap1.c DESTINATION ${WORK}/init-latency)
set(w "1 param(s); nothing guessed")
expect(init.latency 0 w init ${WORK}/init-latency/swap1.v -o ${WORK}/init-latency/kernel.yaml)
spec_has(init.latency ${WORK}/init-latency/kernel.yaml "  max_cycles: 8000000  # 4 x HLS_SYN_LAT (2000000): a call past it is a hang")
set(w "max_cycles 8000000")
expect(init.latency.check 0 w check ${WORK}/init-latency/kernel.yaml)
# A spec written by hand with the default max_cycles: check says every
# call that long would be a hang.
file(READ ${WORK}/init-latency/kernel.yaml spec)
string(REGEX REPLACE "  max_cycles: [^\n]*\n" "" spec "${spec}")
file(WRITE ${WORK}/init-latency/short.yaml "${spec}")
set(w "rtl: warning: max_cycles 1000000 is not above that latency: a call that takes it ends as rtl-hang")
expect(init.latency.short 0 w check ${WORK}/init-latency/short.yaml)

# Scalar handshakes (hsmix): inputs on ap_vld, ap_ack and ap_hs, outputs on
# ap_hs and ap_ack; the harness holds each input's valid and each output's
# acknowledge high, and the kernel, which waits for them, finishes.
hls_copy(hsmix init-hsmix "" "" "")
set(w "5 param(s); nothing guessed")
expect(init.hsmix 0 w init ${WORK}/init-hsmix/hsmix.v -o ${WORK}/init-hsmix/kernel.yaml)
spec_has(init.hsmix ${WORK}/init-hsmix/kernel.yaml
         "a: {mode: ap_vld}" "b: {mode: ap_ack}" "c: {mode: ap_hs}" "y: {mode: ap_hs}" "z: {mode: ap_ack}"
         "{name: y, type: i32, dir: out}")
set(w "rtl: the ports of hsmix match the spec" "port c c_ap_vld c_ap_ack" "port y y_ap_vld y_ap_ack")
expect(init.hsmix.check 0 w check ${WORK}/init-hsmix/kernel.yaml)
input(${WORK}/hsmix.json "{\"a\": 5, \"b\": 7, \"c\": 100}")
set(w "\"cycles\":2,\"outputs\":{\"y\":12,\"z\":-93}" "no divergence")
expect(init.hsmix.diff 0 w diff ${WORK}/init-hsmix/kernel.yaml ${WORK}/hsmix.json)
set(w "0 distinct divergences")
expect(init.hsmix.run 0 w run ${WORK}/init-hsmix/kernel.yaml --iterations 20 --seed 1 --no-guard
       --out ${WORK}/hsmix-run)

hls_copy(qneg init-qneg "" "" "")
set(w "2 param(s); nothing guessed")
expect(init.qneg 0 w init ${WORK}/init-qneg/qneg.v -o ${WORK}/init-qneg/kernel.yaml)
spec_has(init.qneg ${WORK}/init-qneg/kernel.yaml
         "{name: in, type: i32, array: {len: 8}}" "{name: out, type: i32, array: {len: 8}, dir: out}"
         "in: {mode: ap_fifo, depth: 8, port: in_r}" "out: {mode: ap_fifo, depth: 8, port: out_r}")
input(${WORK}/qneg.json "{\"in\": [1, -2, 3, 4, 5, 6, 7, -2147483648]}")
set(w "\"out\":[-1,2,-3,-4,-5,-6,-7,-2147483648]" "no divergence")
expect(init.qneg.diff 0 w diff ${WORK}/init-qneg/kernel.yaml ${WORK}/qneg.json)

# Vivado HLS up to 2019's names (vmac, C++ on ap_int: gain_V, coef_V_*,
# samples_V_V_*, acc_V): init ties each to its argument and names the
# ports; the spec checks, diffs and runs with no divergence (the RTL is
# exact; the stream's depth from its INTERFACE pragma). The HLS headers
# are lgfuzz's stand-ins, found as an install's through $XILINX_HLS. A
# spec without the `port:` lines says which to give.
file(COPY ${SRC}/tracer/include/ DESTINATION ${WORK}/xilinx/include)
set(ENV{XILINX_HLS} ${WORK}/xilinx)
hls_copy(vmac init-vmac "" "" "")
set(w "4 param(s); nothing guessed")
expect(init.vmac 0 w init ${WORK}/init-vmac/solution1 -o ${WORK}/init-vmac/kernel.yaml)
spec_has(init.vmac ${WORK}/init-vmac/kernel.yaml
         "c: {source: vmac.cpp, function: vmac}" "- {name: gain, type: i12}" "- {name: acc, type: i24, dir: out}"
         "gain: {mode: ap_none, port: gain_V}" "coef: {mode: ap_memory, depth: 4, port: coef_V}"
         "samples: {mode: ap_fifo, depth: 4, port: samples_V_V}" "acc: {mode: ap_vld, port: acc_V}"
         "- {name: samples, type: u8, array: {len: 4}}")
set(w "rtl: the ports of vmac match the spec" "ports samples_V_V_dout samples_V_V_empty_n samples_V_V_read")
expect(init.vmac.check 0 w check ${WORK}/init-vmac/kernel.yaml)
input(${WORK}/vmac.json "{\"gain\": -2048, \"coef\": [255, 1, 128, 7], \"samples\": [255, 200, 3, 9]}")
set(w "\"acc\":-278528" "no divergence")
expect(init.vmac.diff 0 w diff ${WORK}/init-vmac/kernel.yaml ${WORK}/vmac.json)
set(w "0 distinct divergences")
expect(init.vmac.run 0 w run ${WORK}/init-vmac/kernel.yaml --iterations 20 --seed 1 --no-guard --out ${WORK}/vmac-run)
file(READ ${WORK}/vmac-run/stats.json stats)
string(JSON rtl_calls GET "${stats}" rtl_calls)
if(NOT rtl_calls GREATER 0)
  message(FATAL_ERROR "init.vmac.run: no input reached the RTL")
endif()
string(REPLACE ", port: samples_V_V" "" spec "${spec}")
file(WRITE ${WORK}/init-vmac/noport.yaml "${spec}")
set(w "has no ports named after samples but has them after samples_V_V, as Vivado HLS up to 2019 names them"
      "give `port: samples_V_V` under rtl.interfaces.samples" "1 mismatch between")
expect(init.vmac.hint 2 w check ${WORK}/init-vmac/noport.yaml)
set(w "port samples_dout not found in RTL top vmac; the top names its ports after samples_V_V instead")
expect(init.vmac.hint_diff 2 w diff ${WORK}/init-vmac/noport.yaml ${WORK}/vmac.json)
unset(ENV{XILINX_HLS})

# The source where the project says it is, beyond the directories init
# walks: qneg's files laid out as a Vivado HLS project (vivado_hls.app
# lists src/qneg.c beside the project, relative to the project's parent)
# and as a Vitis one whose solution's script.tcl adds kernels/qneg.c; the
# testbench files they list are not taken. A project whose files do not
# define the function names the project file.
set(VP ${WORK}/vivado-ws)
file(COPY ${HLS}/qneg/qneg.c DESTINATION ${VP}/src)
file(COPY ${HLS}/qneg/qneg.v DESTINATION ${VP}/qneg_prj/solution1/syn/verilog)
file(WRITE ${VP}/tb.c "int main(void) { return 0; }\n")
file(WRITE ${VP}/qneg_prj/vivado_hls.app "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<project xmlns=\"com.autoesl.autopilot.project\" name=\"qneg_prj\" top=\"qneg\">
    <files xmlns=\"\">
        <file name=\"../../../tb.c\" sc=\"0\" tb=\"1\" cflags=\" -Wno-unknown-pragmas\"/>
        <file name=\"src/qneg.h\" sc=\"0\" tb=\"false\" cflags=\"\"/>
        <file name=\"src/qneg.c\" sc=\"0\" tb=\"false\" cflags=\"\"/>
    </files>
    <solutions xmlns=\"\">
        <solution name=\"solution1\" status=\"active\"/>
    </solutions>
</project>
")
set(w "2 param(s); nothing guessed")
expect(init.project_app 0 w init ${VP}/qneg_prj/solution1 -o ${VP}/kernel.yaml)
spec_has(init.project_app ${VP}/kernel.yaml "c: {source: src/qneg.c, function: qneg}")
set(w "no divergence")
expect(init.project_app.diff 0 w diff ${VP}/kernel.yaml ${WORK}/qneg.json)
set(VT ${WORK}/vitis-ws)
file(COPY ${HLS}/qneg/qneg.c DESTINATION ${VT}/kernels)
file(COPY ${HLS}/qneg/qneg.v DESTINATION ${VT}/proj/solution1/syn/verilog)
file(WRITE ${VT}/proj/solution1/script.tcl "############################################################
## This file is generated automatically by Vitis HLS.
############################################################
open_project proj
set_top qneg
add_files -cflags \"-DN=8\" kernels/qneg.c
add_files -tb tb/qneg_tb.c -cflags \"-Wno-unknown-pragmas\"
open_solution \"solution1\" -flow_target vivado
csynth_design
")
set(w "2 param(s); nothing guessed")
expect(init.project_tcl 0 w init ${VT}/proj/solution1 -o ${VT}/kernel.yaml)
spec_has(init.project_tcl ${VT}/kernel.yaml "c:\n  source: kernels/qneg.c\n  function: qneg\n"
         "  defines: [\"N=8\"]   # the -D flags of")
file(WRITE ${VP}/src/qneg.c "void other(void) {}\n")
set(w "no C or C++ file defining `qneg` among the 1 source(s) " "vivado_hls.app lists")
expect(init.project_app.err 2 w init ${VP}/qneg_prj/solution1 -o ${VP}/kernel2.yaml)

# A bundled kernel: its hand-written spec's params, types and interfaces.
file(COPY ${SRC}/kernels/accumulate/ DESTINATION ${WORK}/init-acc)
set(w "data: depth 512 guessed from the address width")
expect(init.accumulate 0 w init ${WORK}/init-acc/kernel.v --function accumulate -o ${WORK}/init-acc/init.yaml)
set(w "data         i32   in    array[len = size, max_len 512]" "data         ap_memory width  8  depth 512")
expect(init.accumulate.check 0 w check ${WORK}/init-acc/init.yaml)

# A design in two files, named by its top's file: the ROM module beside it
# is a source too.
file(COPY ${SRC}/kernels/fir/ DESTINATION ${WORK}/init-fir)
set(w "")
expect(init.fir 0 w init ${WORK}/init-fir/kernel.v --function fir -o ${WORK}/init-fir/init.yaml)
spec_has(init.fir ${WORK}/init-fir/init.yaml "sources: [kernel.v, fir_coeff_ROM_AUTO_1R.v]")
set(w "rtl: the ports of fir match the spec")
expect(init.fir.check 0 w check ${WORK}/init-fir/init.yaml)

# What init cannot take.
hls_copy(vsum init-chain vsum.v "        ap_ready,\n" "        ap_ready,\n        ap_continue,\n")
file(READ ${WORK}/init-chain/vsum.v text)
string(REPLACE "input   ap_start;" "input   ap_start;\ninput   ap_continue;" text "${text}")
file(WRITE ${WORK}/init-chain/vsum.v "${text}")
set(w "")
expect(init.chain 0 w init ${WORK}/init-chain/vsum.v -o ${WORK}/init-chain/kernel.yaml --force)
set(w "rtl: the ports of vsum match the spec")
expect(init.chain.check 0 w check ${WORK}/init-chain/kernel.yaml)
hls_copy(vsum init-apfixed vsum.cpp "int vsum(const int data[16], int n)" "int vsum(const int data[16], ap_fixed<80, 3> n)")
set(w "vsum.cpp:3: C parameter `n` has type `ap_fixed<80, 3>`, which lgfuzz does not carry")
expect(init.err.ap_fixed 2 w init ${WORK}/init-apfixed/vsum.v)
hls_copy(vsum init-nosrc "" "" "")
file(REMOVE ${WORK}/init-nosrc/vsum.cpp)
set(w "no C or C++ file defining `vsum`")
expect(init.err.no_source 2 w init ${WORK}/init-nosrc/vsum.v)
hls_copy(vsum init-notop vsum.v "(* CORE_GENERATION_INFO" "(* OTHER_INFO")
set(w "no top module found among vsum: none carries HLS's CORE_GENERATION_INFO attribute and none is named sum")
expect(init.err.no_top 2 w init ${WORK}/init-notop/vsum.v --function sum)
hls_copy(vsum init-extra vsum.cpp "int n)" "int n, int scale)")
set(w "module vsum has no ports for argument `scale`")
expect(init.err.no_ports 2 w init ${WORK}/init-extra/vsum.v)

# A solution kept without its sources (a repository holding only the HLS
# outputs): init reads HLS's own preprocessed copy in .autopilot/db, as
# Vitis writes it (the top marked sdx_kernel, directives as HLSDIRECTIVE
# pragmas between #line markers, the line markers keeping the file's own
# lines), marks it in the spec, and the spec checks, replays and runs. Its
# RTL has no ap_rst (Vitis's syn.rtl.reset=none): every call starts from
# the model as constructed.
hls_copy(clampio init-ppsrc "" "" "")
file(READ ${WORK}/init-ppsrc/clampio.c text)
file(REMOVE ${WORK}/init-ppsrc/clampio.c)
string(REPLACE "void clampio(" "__attribute__((sdx_kernel(\"clampio\", 0))) void clampio(" text "${text}")
string(REPLACE "{\n#pragma HLS INTERFACE"
               "{\n#line 1 \"directive\"\n#pragma HLSDIRECTIVE TOP name=clampio\n# 8 \"clampio.c\"\n#pragma HLS INTERFACE"
               text "${text}")
file(WRITE ${WORK}/init-ppsrc/solution1/.autopilot/db/clampio.pp.0.c
     "# 1 \"clampio.c\"\n# 1 \"<built-in>\" 1\n# 1 \"<built-in>\" 3\n"
     "void _ssdm_op_SpecTopModule() __attribute__ ((nothrow));\n"
     "unsigned int __attribute__ ((bitwidth(1))) _ssdm_op_IfNbRead() __attribute__ ((nothrow));\n"
     "# 1 \"clampio.c\" 2\n${text}")
file(READ ${WORK}/init-ppsrc/solution1/syn/verilog/clampio.v text)
string(REPLACE "        ap_rst,\n" "" text "${text}")
string(REPLACE "input   ap_rst;\n" "" text "${text}")
file(WRITE ${WORK}/init-ppsrc/solution1/syn/verilog/clampio.v "${text}")
set(w ".autopilot/db/clampio.pp.0.c" "3 param(s); nothing guessed")
expect(init.ppsrc 0 w init ${WORK}/init-ppsrc/solution1 -o ${WORK}/init-ppsrc/kernel.yaml)
spec_has(init.ppsrc ${WORK}/init-ppsrc/kernel.yaml
         "the design's own files were not found: HLS's preprocessed copies of them in solution1/.autopilot/db"
         "source: solution1/.autopilot/db/clampio.pp.0.c" "{name: acc, type: i32, dir: inout}")
set(w "\"acc\":205,\"flag\":1" "no divergence")
expect(init.ppsrc.diff 0 w diff ${WORK}/init-ppsrc/kernel.yaml ${WORK}/clampio.json)
run(init-ppsrc "")
# A C++ design's copy holds the HLS installation's own headers: named,
# not used.
hls_copy(vmac init-ppcxx "" "" "")
file(MAKE_DIRECTORY ${WORK}/init-ppcxx/solution1/.autopilot/db)
file(RENAME ${WORK}/init-ppcxx/vmac.cpp ${WORK}/init-ppcxx/solution1/.autopilot/db/vmac.pp.0.cpp)
set(w "only HLS's preprocessed copy" "vmac.pp.0.cpp" "name the source with --c SOURCE")
expect(init.err.ppcxx 2 w init ${WORK}/init-ppcxx/solution1 -o ${WORK}/init-ppcxx/kernel.yaml)

# An SDx solution names its modules after the kernel (`hier_func_hier_func`
# for `hier_func`; Vitis's syn.rtl.module_prefix likewise) and may keep
# its sources copied into the solution, under the names its script.tcl
# gives from elsewhere: the C function is the one the script sets as top,
# the spec's rtl.top the module, and the listed file is found by its
# name in the solution.
hls_copy(clampio init-prefix "" "" "")
file(READ ${WORK}/init-prefix/solution1/syn/verilog/clampio.v text)
string(REPLACE "module clampio (" "module krn_clampio (" text "${text}")
file(WRITE ${WORK}/init-prefix/solution1/syn/verilog/clampio.v "${text}")
file(RENAME ${WORK}/init-prefix/clampio.c ${WORK}/init-prefix/solution1/clampio.c)
file(WRITE ${WORK}/init-prefix/solution1/script.tcl
     "open_project krn\nset_top clampio\nadd_files krn/src/clampio.c\nopen_solution solution1\n")
set(w "top krn_clampio" "nothing guessed")
expect(init.prefix 0 w init ${WORK}/init-prefix/solution1 -o ${WORK}/init-prefix/kernel.yaml)
spec_has(init.prefix ${WORK}/init-prefix/kernel.yaml "source: solution1/clampio.c" "function: clampio"
         "top: krn_clampio")
set(w "\"acc\":205,\"flag\":1" "no divergence")
expect(init.prefix.diff 0 w diff ${WORK}/init-prefix/kernel.yaml ${WORK}/clampio.json)

# A bool argument (a C++ or C99 `bool`, here an in value and an out flag
# on 1-bit ports): u1, values 0 and 1 only. A byte there would hand the
# kernel values a bool cannot hold (undefined behaviour: false reports),
# and check refuses a spec that says so.
hls_copy(clampio init-bool clampio.c "void clampio(data_t x, data_t *acc, int *flag)"
         "void clampio(data_t x, data_t *acc, _Bool *flag, _Bool up)")
file(READ ${WORK}/init-bool/clampio.c text)
string(REPLACE "*acc = (data_t)((unsigned)*acc + (unsigned)x);" "*acc = (data_t)((unsigned)*acc + (unsigned)(up ? x : -x));"
       text "${text}")
file(WRITE ${WORK}/init-bool/clampio.c "${text}")
file(READ ${WORK}/init-bool/solution1/syn/verilog/clampio.v text)
function(vedit from to)
  string(FIND "${text}" "${from}" at)
  if(at LESS 0)
    message(FATAL_ERROR "setup: '${from}' not in clampio.v")
  endif()
  string(REPLACE "${from}" "${to}" text "${text}")
  set(text "${text}" PARENT_SCOPE)
endfunction()
vedit("        flag_ap_vld\n" "        flag_ap_vld,\n        up\n")
vedit("output  [31:0] flag;" "output   flag;\ninput   up;")
vedit("assign flag = 32'd1;" "assign flag = 1'b1;")
vedit("assign acc_o = (acc_i + x);" "assign acc_o = up ? (acc_i + x) : (acc_i - x);")
file(WRITE ${WORK}/init-bool/solution1/syn/verilog/clampio.v "${text}")
file(REMOVE ${WORK}/init-bool/solution1/syn/report/csynth.xml)
set(w "4 param(s)")
expect(init.bool 0 w init ${WORK}/init-bool/solution1 -o ${WORK}/init-bool/kernel.yaml)
spec_has(init.bool ${WORK}/init-bool/kernel.yaml "{name: flag, type: u1, dir: out}" "{name: up, type: u1}")
set(w "the ports of clampio match the spec")
expect(init.bool.check 0 w check ${WORK}/init-bool/kernel.yaml)
run(init-bool "")
file(READ ${WORK}/init-bool/kernel.yaml text)
string(REPLACE "{name: up, type: u1}" "{name: up, type: u8}" text "${text}")
file(WRITE ${WORK}/init-bool/byte.yaml "${text}")
set(w "param `up` is declared u8, a value, in the spec" "a 1-bit integer (a bool: 0 or 1, spec type u1)")
expect(init.err.bool_byte 2 w check ${WORK}/init-bool/byte.yaml)

# A kernel that includes ap_axi_sdata.h and moves its samples through an
# ap_axiu inside (its arguments plain): the stand-in header compiles it,
# and the spec diffs as vmac's does.
hls_copy(vmac init-axisdata vmac.cpp "#include \"hls_stream.h\"\n" "#include \"hls_stream.h\"\n#include \"ap_axi_sdata.h\"\n")
file(READ ${WORK}/init-axisdata/vmac.cpp text)
string(REPLACE "s += gain * coef[i] * samples.read();"
               "{\n        ap_axiu<8, 0, 0, 0> beat;\n        beat.data = samples.read();\n        beat.last = i == 3;\n"
               "        s += gain * coef[i] * beat.data;\n    }" text "${text}")
file(WRITE ${WORK}/init-axisdata/vmac.cpp "${text}")
set(w "4 param(s); nothing guessed")
expect(init.axisdata 0 w init ${WORK}/init-axisdata/solution1 -o ${WORK}/init-axisdata/kernel.yaml)
set(w "\"acc\":-278528" "no divergence")
expect(init.axisdata.diff 0 w diff ${WORK}/init-axisdata/kernel.yaml ${WORK}/vmac.json)

# A project moved from the machine it was made on lists its files where
# they were there (`../../../OneDrive/Desktop/vitis/clampio.c`); the copy
# sits in the project's Source/ directory: found by its name below the
# project.
hls_copy(clampio init-moved "" "" "")
file(MAKE_DIRECTORY ${WORK}/init-moved/proj/Source)
file(RENAME ${WORK}/init-moved/solution1 ${WORK}/init-moved/proj/solution1)
file(RENAME ${WORK}/init-moved/clampio.c ${WORK}/init-moved/proj/Source/clampio.c)
file(WRITE ${WORK}/init-moved/proj/hls.app
     "<project xmlns=\"com.autoesl.autopilot.project\" name=\"proj\" top=\"clampio\">\n"
     "  <files xmlns=\"\">\n"
     "    <file name=\"../../../OneDrive/Desktop/vitis/clampio_tb.c\" sc=\"0\" tb=\"1\" cflags=\"\"/>\n"
     "    <file name=\"../../../OneDrive/Desktop/vitis/clampio.c\" sc=\"0\" tb=\"false\" cflags=\"\"/>\n"
     "  </files>\n</project>\n")
set(w "proj/Source/clampio.c" "nothing guessed")
expect(init.moved 0 w init ${WORK}/init-moved/proj/solution1 -o ${WORK}/init-moved/kernel.yaml)
set(w "\"acc\":205,\"flag\":1" "no divergence")
expect(init.moved.diff 0 w diff ${WORK}/init-moved/kernel.yaml ${WORK}/clampio.json)

# Vivado HLS 2015 and 2016 write the report as <top>_csynth.xml alone.
hls_copy(clampio init-ownreport "" "" "")
file(RENAME ${WORK}/init-ownreport/solution1/syn/report/csynth.xml
     ${WORK}/init-ownreport/solution1/syn/report/clampio_csynth.xml)
set(w "report/clampio_csynth.xml" "3 param(s); nothing guessed")
expect(init.ownreport 0 w init ${WORK}/init-ownreport/solution1 -o ${WORK}/init-ownreport/kernel.yaml)

# An inout scalar on ap_hs, as the interface lab of Vivado HLS's tutorial
# writes it (hsio: in_out1_i with its valid and acknowledge, in_out1_o
# with its own): init gives `mode: ap_hs` to the inout, check names the six
# ports, the spec diffs and runs with no divergence; an RTL that adds the
# wrong value is found.
hls_copy(hsio init-hsio "" "" "")
set(w "2 param(s); nothing guessed")
expect(init.hsio 0 w init ${WORK}/init-hsio/solution1 -o ${WORK}/init-hsio/kernel.yaml)
spec_has(init.hsio ${WORK}/init-hsio/kernel.yaml "{name: in_out1, type: i32, dir: inout}" "in_out1: {mode: ap_hs}"
         "in1: {mode: ap_vld}")
set(w "the ports of hsio match the spec"
      "ports in_out1_i in_out1_i_ap_vld in_out1_i_ap_ack in_out1_o in_out1_o_ap_vld in_out1_o_ap_ack")
expect(init.hsio.check 0 w check ${WORK}/init-hsio/kernel.yaml)
input(${WORK}/hsio.json "{\"in1\": 7, \"in_out1\": 100}")
set(w "\"in_out1\":107" "no divergence")
expect(init.hsio.diff 0 w diff ${WORK}/init-hsio/kernel.yaml ${WORK}/hsio.json)
run(init-hsio "")
design(hsio hsio-sub solution1/syn/verilog/hsio.v "assign in_out1_o = (in_out1_i + in1);" "assign in_out1_o = (in_out1_i - in1);")
run(hsio-sub "mismatch")

# A Vitis unified component named by its own directory: its Verilog is in
# hls/syn/verilog/ below it.
hls_copy(clampio init-comp "" "" "")
file(MAKE_DIRECTORY ${WORK}/init-comp/comp)
file(RENAME ${WORK}/init-comp/solution1 ${WORK}/init-comp/comp/hls)
file(RENAME ${WORK}/init-comp/clampio.c ${WORK}/init-comp/comp/clampio.c)
set(w "comp/hls/syn/verilog/clampio.v" "3 param(s); nothing guessed")
expect(init.comp 0 w init ${WORK}/init-comp/comp -o ${WORK}/init-comp/kernel.yaml)
set(w "no Verilog (*.v) files here nor in syn/verilog/ or hls/syn/verilog/")
expect(init.err.noverilog 2 w init ${WORK}/init-comp -o ${WORK}/init-comp/none.yaml)

# A C++ design whose project does not name its source, kept in a
# directory beside the solution's: the line markers of HLS's copy
# (`# 1 "../../work/src/vmac.cpp"`, as HLS ran) name it, and it is found
# by its last components above the solution.
hls_copy(vmac init-ppmark "" "" "")
file(MAKE_DIRECTORY ${WORK}/init-ppmark/src ${WORK}/init-ppmark/solution1/.autopilot/db)
file(RENAME ${WORK}/init-ppmark/vmac.cpp ${WORK}/init-ppmark/src/vmac.cpp)
file(READ ${WORK}/init-ppmark/src/vmac.cpp text)
file(WRITE ${WORK}/init-ppmark/solution1/.autopilot/db/vmac.pp.0.cpp
     "# 1 \"../../work/src/vmac.cpp\"\n# 1 \"<built-in>\" 1\n# 1 \"../../work/src/vmac.cpp\" 2\n${text}")
set(w "init-ppmark/src/vmac.cpp" "4 param(s); nothing guessed")
expect(init.ppmark 0 w init ${WORK}/init-ppmark/solution1 -o ${WORK}/init-ppmark/kernel.yaml)
set(w "\"acc\":-278528" "no divergence")
expect(init.ppmark.diff 0 w diff ${WORK}/init-ppmark/kernel.yaml ${WORK}/vmac.json)
