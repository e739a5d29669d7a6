# `lgfuzz init` on an HLS solution of a C kernel on ap_cint.h's types
# (tests/init/hls/cmix, Vivado HLS 2017: uint7 and uint12 in, uint12
# out), compiled with lgfuzz's stand-in ap_cint.h (no HLS install): the
# types map to u7 and u12, the spec checks, diffs right and runs clean; a
# planted fault (the product kept in 11 bits) is reported as the one
# divergence it is. Then the layouts init must read: a typedef chain in a
# header, the unified IDE's hls_config.cfg, and a kernel split over two
# files whose project gives -D and -I flags (in vivado_hls.app, script.tcl
# and hls_config.cfg). Last, integers wider than 64 bits (wstream) and
# AXI4-Stream elements with side channels (axsum).
# Inputs: LGFUZZ, SRC (source root), WORK (scratch); builds go to the
# suite's build cache (LGFUZZ_CACHE_DIR).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(HLS ${SRC}/tests/init/hls)
set(CLI_HLS ${SRC}/tests/cli/hls)
include(${CMAKE_CURRENT_LIST_DIR}/steps.cmake)
set(V solution1/syn/verilog)
unset(ENV{XILINX_HLS})

design(cmix cmix "" "" "")
spec_has(init.types ${WORK}/cmix/kernel.yaml
         "- {name: a, type: u7}" "- {name: b, type: u12}" "return: u12")
set(w "the ports of cmix match the spec")
expect(init.types.check 0 w check ${WORK}/cmix/kernel.yaml)
# 100 * 4000 + 3 = 400003, 2691 in 12 bits
file(WRITE ${WORK}/cmix.json "{\"a\": 100, \"b\": 4000}\n")
set(w "\"return\":2691" "no divergence")
expect(init.types.diff 0 w diff ${WORK}/cmix/kernel.yaml ${WORK}/cmix.json)
run(cmix "")

design(cmix cmix-narrow ${V}/cmix.v "wire   [11:0] tmp_1_fu_42_p2;" "wire   [10:0] tmp_1_fu_42_p2;")
run(cmix-narrow "mismatch:return")

# A type named through typedefs of typedefs in a header the source
# includes by "name": b's acc_t is the header's word_t, ap_cint's uint12.
file(COPY ${HLS}/cmix/ DESTINATION ${WORK}/cmix-typedef)
file(WRITE ${WORK}/cmix-typedef/cmix.h "#include <ap_cint.h>\ntypedef uint12 word_t;\ntypedef word_t acc_t;\n")
file(READ ${WORK}/cmix-typedef/cmix.c text)
string(REPLACE "#include <ap_cint.h>" "#include \"cmix.h\"" text "${text}")
string(REPLACE "uint12 cmix(uint7 a, uint12 b)" "acc_t cmix(uint7 a, acc_t b)" text "${text}")
file(WRITE ${WORK}/cmix-typedef/cmix.c "${text}")
set(w "nothing guessed")
expect(init.types.typedef 0 w init ${WORK}/cmix-typedef/solution1 -o ${WORK}/cmix-typedef/kernel.yaml)
spec_has(init.types.typedef ${WORK}/cmix-typedef/kernel.yaml "- {name: b, type: u12}" "return: u12")

# The Vitis unified IDE's layout: the component's hls_config.cfg names the
# source by a path of the machine it was made on; init finds it by the
# path's last components.
file(MAKE_DIRECTORY ${WORK}/unified/src ${WORK}/unified/cmix/hls/syn)
file(COPY ${HLS}/cmix/cmix.c DESTINATION ${WORK}/unified/src)
file(COPY ${HLS}/cmix/${V} DESTINATION ${WORK}/unified/cmix/hls/syn)
file(WRITE ${WORK}/unified/cmix/hls_config.cfg "part=xc7z020clg400-1\n\n[hls]\nflow_target=vivado\nsyn.top=cmix\n"
           "syn.file=E:/work/project/src/cmix.c\ntb.file=E:/work/project/src/cmix_test.c\n")
set(w "unified/src/cmix.c" "nothing guessed")
expect(init.types.unified 0 w init ${WORK}/unified/cmix/hls -o ${WORK}/unified/kernel.yaml)

# A project of two files whose cflags carry a -D and a -I: the spec lists
# the other file, the define and the include directory (the testbench's
# flags left out), and the kernel, split over files as its project has it,
# checks, diffs right and runs clean.
file(COPY ${HLS}/cmix/ DESTINATION ${WORK}/cmix-split)
file(MAKE_DIRECTORY ${WORK}/cmix-split/inc)
file(WRITE ${WORK}/cmix-split/inc/part.h "#include <ap_cint.h>\nuint12 mul12(uint7 a, uint12 b);\n")
file(WRITE ${WORK}/cmix-split/part.c "#include \"part.h\"\n\nuint12 mul12(uint7 a, uint12 b)\n{\n    return a * b;\n}\n")
# b's type hangs on a -D flag (the project's WIDE_B: uint12, not uint8).
file(WRITE ${WORK}/cmix-split/cmix.c "#include \"part.h\"\n\n#ifndef WIDE_B\ntypedef uint8 b_t;\n#else\n"
                                     "typedef uint12 b_t;\n#endif\n\nuint12 cmix(uint7 a, b_t b)\n{\n"
                                     "    return mul12(a, b) + BIAS;\n}\n")
file(WRITE ${WORK}/cmix-split/vivado_hls.app
     "<AutoPilot:project xmlns:AutoPilot=\"com.autoesl.autopilot.project\" projectType=\"C/C++\" top=\"cmix\">\n"
     "  <files>\n"
     "    <file name=\"../cmix_test.c\" sc=\"0\" tb=\"1\" cflags=\"-DBIAS=99 -DTESTING\"/>\n"
     "    <file name=\"cmix.c\" sc=\"0\" tb=\"false\" cflags=\"-DBIAS=3 -I inc -DWIDE_B\"/>\n"
     "    <file name=\"part.c\" sc=\"0\" tb=\"false\" cflags=\"-Iinc\"/>\n"
     "  </files>\n  <solutions><solution name=\"solution1\" status=\"\"/></solutions>\n</AutoPilot:project>\n")
set(w "nothing guessed")
expect(init.types.split 0 w init ${WORK}/cmix-split/solution1 -o ${WORK}/cmix-split/kernel.yaml)
spec_has(init.types.split ${WORK}/cmix-split/kernel.yaml "  source: cmix.c\n" "  sources: [part.c]"
         "  defines: [\"BIAS=3\", \"WIDE_B\"]" "  include_dirs: [inc]" "- {name: b, type: u12}")
if(spec MATCHES "TESTING|99")
  message(FATAL_ERROR "init.types.split: the testbench's flags reached the spec\n${spec}")
endif()
set(w "the ports of cmix match the spec")
expect(init.types.split.check 0 w check ${WORK}/cmix-split/kernel.yaml)
set(w "\"return\":2691" "no divergence")
expect(init.types.split.diff 0 w diff ${WORK}/cmix-split/kernel.yaml ${WORK}/cmix.json)
run(cmix-split "")
# A project that lists its testbench among the design's files (tb="false",
# as a lab's project may): the file defining main is left out of the
# spec's sources, with a comment saying so, and the spec checks.
file(COPY ${WORK}/cmix-split/ DESTINATION ${WORK}/cmix-tbmain)
file(REMOVE ${WORK}/cmix-tbmain/kernel.yaml)
file(WRITE ${WORK}/cmix-tbmain/cmix_tb.c "#include <stdio.h>\n\nint main(void)\n{\n    return 0;\n}\n")
file(READ ${WORK}/cmix-tbmain/vivado_hls.app text)
string(REPLACE "<file name=\"part.c\"" "<file name=\"cmix_tb.c\" sc=\"0\" tb=\"false\" cflags=\"\"/>\n    <file name=\"part.c\""
       text "${text}")
file(WRITE ${WORK}/cmix-tbmain/vivado_hls.app "${text}")
set(w "nothing guessed")
expect(init.types.tbmain 0 w init ${WORK}/cmix-tbmain/solution1 -o ${WORK}/cmix-tbmain/kernel.yaml)
spec_has(init.types.tbmain ${WORK}/cmix-tbmain/kernel.yaml "  sources: [part.c]"
         "  # left out: cmix_tb.c, which vivado_hls.app lists as the design's but defines main (a testbench's)")
set(w "the ports of cmix match the spec")
expect(init.types.tbmain.check 0 w check ${WORK}/cmix-tbmain/kernel.yaml)

# The same flags from the solution's script.tcl (add_files -cflags) and
# from the unified IDE's hls_config.cfg (syn.cflags, syn.file_cflags).
file(COPY ${WORK}/cmix-split/ DESTINATION ${WORK}/cmix-tcl)
file(REMOVE ${WORK}/cmix-tcl/vivado_hls.app ${WORK}/cmix-tcl/kernel.yaml)
file(REMOVE_RECURSE ${WORK}/cmix-tcl/out)
file(WRITE ${WORK}/cmix-tcl/solution1/script.tcl
     "open_project cmix-tcl\nset_top cmix\nadd_files cmix-tcl/cmix.c -cflags \"-DBIAS=3 -DWIDE_B -Icmix-tcl/inc\"\n"
     "add_files cmix-tcl/part.c -cflags \"-Icmix-tcl/inc\"\nadd_files -tb cmix-tcl/cmix_test.c -cflags \"-DBIAS=99\"\n")
set(w "nothing guessed")
expect(init.types.tcl 0 w init ${WORK}/cmix-tcl/solution1 -o ${WORK}/cmix-tcl/kernel.yaml)
spec_has(init.types.tcl ${WORK}/cmix-tcl/kernel.yaml "  sources: [part.c]" "  defines: [\"BIAS=3\", \"WIDE_B\"]" "  include_dirs: [inc]"
         "- {name: b, type: u12}")
file(MAKE_DIRECTORY ${WORK}/unified-split/cmix/hls/syn)
file(COPY ${WORK}/cmix-split/cmix.c ${WORK}/cmix-split/part.c ${WORK}/cmix-split/inc DESTINATION ${WORK}/unified-split/src)
file(COPY ${HLS}/cmix/${V} DESTINATION ${WORK}/unified-split/cmix/hls/syn)
file(WRITE ${WORK}/unified-split/cmix/hls_config.cfg "[hls]\nsyn.top=cmix\nsyn.file=../src/cmix.c\nsyn.file=../src/part.c\n"
           "syn.cflags=-DBIAS=3 -DMODE=\"fast\" -DWIDE_B\nsyn.file_cflags=../src/part.c,-I../src/inc\ntb.file=../src/t.c\n"
           "tb.cflags=-DBIAS=99\n")
expect(init.types.unified-split 0 w init ${WORK}/unified-split/cmix/hls -o ${WORK}/unified-split/kernel.yaml)
spec_has(init.types.unified-split ${WORK}/unified-split/kernel.yaml "  sources: [src/part.c]"
         "  defines: [\"BIAS=3\", \"MODE=fast\", \"WIDE_B\"]" "  include_dirs: [src/inc]"
         "- {name: b, type: u12}")

# Integers wider than 64 bits (tests/init/hls/wstream, Vivado HLS 2019:
# an AXI4-Stream of ap_uint<128> in and out, an ap_uint<96> key on a _V
# port): the types map to u128 and u96, the spec checks with ports as wide,
# diffs right and runs clean with the stand-in ap_int.h; the RTL that
# drops the key's top bit is found.
hls_copy(wstream wstream "" "" "")
set(w "src: length guessed to be param n")
expect(init.types.wide 0 w init ${WORK}/wstream/solution1 -o ${WORK}/wstream/kernel.yaml)
spec_has(init.types.wide ${WORK}/wstream/kernel.yaml "- {name: src, type: u128, array: {max_len: 16, len: n}}"
         "- {name: dst, type: u128, array: {len: 16}, dir: out}" "- {name: key, type: u96}"
         "key: {mode: ap_none, port: key_V}" "src: {mode: axis, depth: 16}")
set(w "key          u96   in    scalar, carried as 2 64-bit limbs" "src          axis      width 128  depth 16")
expect(init.types.wide.check 0 w check ${WORK}/wstream/kernel.yaml)
file(WRITE ${WORK}/wstream.json
     "{\"src\": [\"0xffffffffffffffffffffffffffffffff\", \"3\"], \"key\": \"0x123456789abcdef012345678\", \"n\": 2}\n")
# 2^128 - 1 ^ the key, and 3 ^ the key, in decimal
set(w "\"340282366915304460795693587942861416839\",\"5634002667681019488906794619\",\"0\"" "no divergence")
expect(init.types.wide.diff 0 w diff ${WORK}/wstream/kernel.yaml ${WORK}/wstream.json)
run(wstream "")
hls_copy(wstream wstream-top ${V}/wstream.v "{32'd0, key_V}" "{33'd0, key_V[94:0]}")
set(w "")
expect(init.types.wide-top 0 w init ${WORK}/wstream-top/solution1 -o ${WORK}/wstream-top/kernel.yaml)
run(wstream-top "mismatch:dst")

# AXI4-Stream elements with side channels (tests/init/hls/axsum, Vivado
# HLS 2018: hls::stream of ap_axiu<32,1,1,1> through a typedef, ports with
# TKEEP, TSTRB, TUSER, TLAST, TID and TDEST): each stream an array of its
# data's type, u32, on axis; the spec checks, diffs right (the running
# sums wrap at 32 bits) and runs clean, and an RTL that adds one too many
# on the third packet is found.
hls_copy(axsum axsum "" "" "")
set(w "in: length guessed to be param n")
expect(init.types.axis_sides 0 w init ${WORK}/axsum/solution1 -o ${WORK}/axsum/kernel.yaml)
spec_has(init.types.axis_sides ${WORK}/axsum/kernel.yaml "- {name: in, type: u32, array: {max_len: 16, len: n}}"
         "- {name: out, type: u32, array: {len: 16}, dir: out}" "in: {mode: axis, depth: 16, port: in_r}")
set(w "ports in_r_TDATA in_r_TVALID in_r_TREADY")
expect(init.types.axis_sides.check 0 w check ${WORK}/axsum/kernel.yaml)
file(WRITE ${WORK}/axsum.json "{\"in\": [1, 2, 3, 4294967295], \"n\": 4}\n")
set(w "1,3,6,5,0,0" "no divergence")
expect(init.types.axis_sides.diff 0 w diff ${WORK}/axsum/kernel.yaml ${WORK}/axsum.json)
run(axsum "")
hls_copy(axsum axsum-third ${V}/axsum.v "assign acc_1_fu_120_p2 = acc_reg_101 + in_r_TDATA;"
         "assign acc_1_fu_120_p2 = acc_reg_101 + in_r_TDATA + (i_reg_90 == 31'd2);")
set(w "")
expect(init.types.axis_sides-third 0 w init ${WORK}/axsum-third/solution1 -o ${WORK}/axsum-third/kernel.yaml)
run(axsum-third "mismatch:out")
# The same packets as a struct of the design's own, its members named as
# HLS maps a struct's fields onto the stream's channels: the data's type.
hls_copy(axsum axsum-struct axsum.cpp "typedef ap_axiu<32, 1, 1, 1> pkt_t;"
         "typedef struct {\n    ap_uint<32> data;\n    ap_uint<4> keep, strb;\n    ap_uint<1> user, last, id, dest;\n} pkt_t;")
set(w "in: length guessed to be param n")
expect(init.types.axis_struct 0 w init ${WORK}/axsum-struct/solution1 -o ${WORK}/axsum-struct/kernel.yaml)
spec_has(init.types.axis_struct ${WORK}/axsum-struct/kernel.yaml "- {name: in, type: u32, array: {max_len: 16, len: n}}")
set(w "1,3,6,5,0,0" "no divergence")
expect(init.types.axis_struct.diff 0 w diff ${WORK}/axsum-struct/kernel.yaml ${WORK}/axsum.json)
# Widths written with the source's constants (`ap_uint<BUS>`, BUS a
# product of macros, as HLS code sizes its buses): read as their values.
hls_copy(wstream wstream-macro wstream.cpp "ap_uint<128>" "ap_uint<BUS>")
file(READ ${WORK}/wstream-macro/wstream.cpp text)
string(REPLACE "#include \"hls_stream.h\"" "#include \"hls_stream.h\"\n\n#define LANES 8\n#define BUS (16 * LANES)" text
       "${text}")
file(WRITE ${WORK}/wstream-macro/wstream.cpp "${text}")
set(w "src: length guessed to be param n")
expect(init.types.wide_macro 0 w init ${WORK}/wstream-macro/solution1 -o ${WORK}/wstream-macro/kernel.yaml)
spec_has(init.types.wide_macro ${WORK}/wstream-macro/kernel.yaml "- {name: src, type: u128, array: {max_len: 16, len: n}}")
# A width and a stream's array length written with `sizeof` (as HLS code
# sizes a bus from a word type): what lgfuzz's own reading of constants
# does not evaluate, clang does.
hls_copy(axsum axsum-sizeof axsum.cpp "typedef ap_axiu<32, 1, 1, 1> pkt_t;"
         "typedef unsigned int word_t;\n#define WBITS (sizeof(word_t) * 8)\ntypedef ap_axiu<WBITS, 1, 1, 1> pkt_t;")
set(w "in: length guessed to be param n")
expect(init.types.axis_sizeof 0 w init ${WORK}/axsum-sizeof/solution1 -o ${WORK}/axsum-sizeof/kernel.yaml)
spec_has(init.types.axis_sizeof ${WORK}/axsum-sizeof/kernel.yaml "- {name: in, type: u32, array: {max_len: 16, len: n}}")
# Struct arguments (tests/init/hls/sfield, Vivado HLS 2018): each member a
# param of its own (`member: <arg>.<field>`) on its <arg>_<field>_V ports,
# the struct passed as the C++ declares it; the spec checks and runs
# clean, and a planted fault (the sum of in's members kept in 12 bits) is
# the one divergence it is.
design(sfield sfield "" "" "")
spec_has(init.types.struct ${WORK}/sfield/kernel.yaml "- {name: in_a, type: i12, member: in.a}"
         "- {name: res_sum, type: i14, dir: out, member: res.sum}" "- {name: k, type: u4}")
set(w "the ports of sfield match the spec")
expect(init.types.struct.check 0 w check ${WORK}/sfield/kernel.yaml)
run(sfield "")
design(sfield sfield-narrow ${V}/sfield.v
       "assign ret_V_fu_58_p2 = ($signed(lhs_V_fu_50_p1) + $signed(rhs_V_fu_54_p1));"
       "assign ret_V_fu_58_p2 = {{1{in_a_V[11]}}, in_a_V[11:0] + {5'd0, in_b_V}};")
run(sfield-narrow "mismatch:res_sum")
# The same for a C top (tests/init/hls/sfieldc, Vivado HLS 2017): members
# on <arg>_<field> ports, an out member written on some paths only; the
# planted fault (in.b zero-extended) is one divergence, whose reproducer
# builds and fails its assertion.
design(sfieldc sfieldc "" "" "")
spec_has(init.types.cstruct ${WORK}/sfieldc/kernel.yaml "- {name: in_b, type: i16, member: in.b}"
         "- {name: r_big, type: u8, dir: out, member: r.big}")
run(sfieldc "")
design(sfieldc sfieldc-zext ${V}/sfieldc.v "assign r_sum = (tmp_fu_44_p1 + in_a);"
       "assign r_sum = ({16'd0, in_b} + in_a);")
run(sfieldc-zext "mismatch:r_sum")
file(GLOB repro ${WORK}/sfieldc-zext/out/divergences/*/repro.c)
execute_process(COMMAND clang-14 -o ${WORK}/sfieldc-zext/repro ${repro} RESULT_VARIABLE rc ERROR_VARIABLE err)
execute_process(COMMAND ${WORK}/sfieldc-zext/repro RESULT_VARIABLE rrc ERROR_VARIABLE rerr)
if(NOT rc EQUAL 0 OR rrc EQUAL 0 OR NOT rerr MATCHES "Assertion `r.sum == ")
  message(FATAL_ERROR "sfieldc-zext repro.c: build ${rc} (${err}), run ${rrc}: ${rerr}")
endif()
# The struct through typedef chains (a tag's typedef, a typedef of that),
# a source that typedefs bool as int and holds its testbench's main, and
# a top whose name HLS legalises (`_sfieldc_` as module p_sfieldc_s),
# named by the project file: the spec as before.
hls_copy(sfieldc sfieldc-chain sfieldc.c "typedef struct {\n    int a;\n    short b;\n} pair_t;"
         "typedef int bool;\nstruct TYPE_3__ {int a; short b;} ;\ntypedef struct TYPE_3__ TYPE_1__;\ntypedef TYPE_1__ pair_t;")
file(READ ${WORK}/sfieldc-chain/sfieldc.c text)
string(REPLACE "void sfieldc(pair_t in, struct res *r)" "void _sfieldc_(pair_t in, struct res *r)" text "${text}")
file(WRITE ${WORK}/sfieldc-chain/sfieldc.c "${text}\nint main(void)\n{\n    struct res r;\n    pair_t p = {1, 2};\n"
           "    bool ok = 1;\n    _sfieldc_(p, &r);\n    return ok && r.sum == 3 ? 0 : 1;\n}\n")
file(READ ${WORK}/sfieldc-chain/${V}/sfieldc.v text)
string(REPLACE "module sfieldc (" "module p_sfieldc_s (" text "${text}")
string(REPLACE "CORE_GENERATION_INFO=\"sfieldc," "CORE_GENERATION_INFO=\"p_sfieldc_s," text "${text}")
file(WRITE ${WORK}/sfieldc-chain/${V}/sfieldc.v "${text}")
file(WRITE ${WORK}/sfieldc-chain/vivado_hls.app
     "<project xmlns=\"com.autoesl.autopilot.project\" top=\"_sfieldc_\" name=\"sfieldc\">\n  <files>\n"
     "    <file name=\"sfieldc.c\" sc=\"0\" tb=\"false\" cflags=\"\"/>\n  </files>\n</project>\n")
set(w "nothing guessed")
expect(init.types.struct_chain 0 w init ${WORK}/sfieldc-chain/solution1 -o ${WORK}/sfieldc-chain/kernel.yaml)
spec_has(init.types.struct_chain ${WORK}/sfieldc-chain/kernel.yaml "function: _sfieldc_"
         "- {name: in_a, type: i32, member: in.a}" "- {name: in_b, type: i16, member: in.b}")
run(sfieldc-chain "")
# The output's side channels as the design drives them: TSTRB low on every
# beat (as HLS code that sets only keep gives it) is no fault, TKEEP
# leaving a byte out is one (rtl-axis).
hls_copy(axsum axsum-nostrb ${V}/axsum.v "assign out_r_TSTRB = in_r_TSTRB;" "assign out_r_TSTRB = 4'd0;")
set(w "")
expect(init.types.axis_nostrb 0 w init ${WORK}/axsum-nostrb/solution1 -o ${WORK}/axsum-nostrb/kernel.yaml)
set(w "no divergence")
expect(init.types.axis_nostrb.diff 0 w diff ${WORK}/axsum-nostrb/kernel.yaml ${WORK}/axsum.json)
hls_copy(axsum axsum-nokeep ${V}/axsum.v "assign out_r_TKEEP = in_r_TKEEP;" "assign out_r_TKEEP = 4'b0111;")
set(w "")
expect(init.types.axis_nokeep 0 w init ${WORK}/axsum-nokeep/solution1 -o ${WORK}/axsum-nokeep/kernel.yaml)
set(w "divergence rtl-axis:out: beat 1 leaves bytes out (TKEEP)")
expect(init.types.axis_nokeep.diff 1 w diff ${WORK}/axsum-nokeep/kernel.yaml ${WORK}/axsum.json)
# A repository that keeps the sources beside the project (src/main/c/),
# its vivado_hls.app naming them as they were beside it: found there.
file(MAKE_DIRECTORY ${WORK}/beside/src/main/c ${WORK}/beside/proj)
file(COPY ${HLS}/cmix/cmix.c DESTINATION ${WORK}/beside/src/main/c)
file(COPY ${HLS}/cmix/solution1 DESTINATION ${WORK}/beside/proj)
file(WRITE ${WORK}/beside/proj/vivado_hls.app
     "<AutoPilot:project xmlns:AutoPilot=\"com.autoesl.autopilot.project\" projectType=\"C/C++\" top=\"cmix\">\n"
     "  <files>\n    <file name=\"cmix.c\" sc=\"0\" tb=\"false\" cflags=\"\"/>\n  </files>\n"
     "  <solutions><solution name=\"solution1\" status=\"\"/></solutions>\n</AutoPilot:project>\n")
set(w "beside/src/main/c/cmix.c" "nothing guessed")
expect(init.types.beside 0 w init ${WORK}/beside/proj/solution1 -o ${WORK}/beside/kernel.yaml)
# A solution that keeps co-simulation's test vectors (sim/tv/cdatafile):
# each stream's length is what every call of the C testbench passed
# through it, not a guessed 16; calls that passed different counts say
# nothing, and the depth stays a guess.
hls_copy(axsum axsum-tv "" "" "")
file(MAKE_DIRECTORY ${WORK}/axsum-tv/solution1/sim/tv/cdatafile)
set(tv "[[[runtime]]]\n")
foreach(t 0 1)
  string(APPEND tv "[[transaction]]           ${t}\n0x00000001\n0x00000002\n0x00000003\n0x00000004\n0x00000005\n[[/transaction]]\n")
endforeach()
string(APPEND tv "[[[/runtime]]]\n")
file(WRITE ${WORK}/axsum-tv/solution1/sim/tv/cdatafile/c.axsum.autotvin_in_r.dat "${tv}")
string(REPLACE "0x00000005\n[[/transaction]]\n[[[/runtime]]]" "[[/transaction]]\n[[[/runtime]]]" tv_short "${tv}")
file(WRITE ${WORK}/axsum-tv/solution1/sim/tv/cdatafile/c.axsum.autotvout_out_r.dat "${tv_short}")
set(w "out: depth 16 guessed")
expect(init.types.tv 0 w init ${WORK}/axsum-tv/solution1 -o ${WORK}/axsum-tv/kernel.yaml)
spec_has(init.types.tv ${WORK}/axsum-tv/kernel.yaml "- {name: in, type: u32, array: {max_len: 5, len: n}}"
         "in: {mode: axis, depth: 5, port: in_r}  # depth: the values each call of the C testbench passed (sim/tv)"
         "out: {mode: axis, depth: 16, port: out_r}  # guessed")
# An output stream behind a register slice (HLS's `axis register` mode):
# ap_done rises while the last beat is still in the slice, which the
# harness takes after it, as co-simulation does: no divergence.
hls_copy(axsum axsum-slice ${V}/axsum.v "assign beat = ap_CS_fsm[1] & icmp_ln14_fu_110_p2 & in_r_TVALID & out_r_TREADY;"
         "reg out_vld_reg;\nreg [31:0] out_data_reg;\nreg out_last_reg;\nassign beat = ap_CS_fsm[1] & icmp_ln14_fu_110_p2 & in_r_TVALID & (~out_vld_reg | out_r_TREADY);\nalways @ (posedge ap_clk) begin\n    if (ap_rst_n == 1'b0) out_vld_reg <= 1'b0;\n    else if (beat) begin out_vld_reg <= 1'b1; out_data_reg <= acc_1_fu_120_p2; out_last_reg <= in_r_TLAST; end\n    else if (out_r_TREADY) out_vld_reg <= 1'b0;\nend")
file(READ ${WORK}/axsum-slice/${V}/axsum.v text)
string(REPLACE "assign out_r_TVALID = beat;" "assign out_r_TVALID = out_vld_reg;" text "${text}")
string(REPLACE "assign out_r_TDATA = acc_1_fu_120_p2;" "assign out_r_TDATA = out_data_reg;" text "${text}")
string(REPLACE "assign out_r_TLAST = in_r_TLAST;" "assign out_r_TLAST = out_last_reg;" text "${text}")
file(WRITE ${WORK}/axsum-slice/${V}/axsum.v "${text}")
set(w "")
expect(init.types.axis_slice 0 w init ${WORK}/axsum-slice/solution1 -o ${WORK}/axsum-slice/kernel.yaml)
set(w "1,3,6,5,0,0" "no divergence")
expect(init.types.axis_slice.diff 0 w diff ${WORK}/axsum-slice/kernel.yaml ${WORK}/axsum.json)
run(axsum-slice "")
