# `lgfuzz init` on HLS solutions in the memory shapes HLS makes of array
# arguments. psum (Vivado HLS 2019: a RAM of read latency 2, from the
# INTERFACE pragma): the spec says latency: 2, and the run is clean; the
# same spec without it diverges. pmix, whose arguments HLS partitioned
# (tests/init/hls/pmix, Vivado HLS 2018: a cyclic into two RAMs, b block
# into two, c and out complete into scalar ports, out as out_r): the spec
# init writes says each partition as the pragmas give it, checks, and runs
# with no divergence; a planted fault in the RTL's choice of b's bank is
# reported as the one divergence it is; a 2-D a[2][4] partitioned along
# dim 1 binds a row per bank and runs clean. Without the pragmas the memories'
# partition is a marked guess (cyclic; block has the same ports) and the
# scalar banks' is complete; with the solution's directives.tcl in their
# place (set_directive_array_partition), nothing is guessed. A reserved
# word's banks named without HLS's _r (input_0 ..) get their port said.
# bsum: Xilinx's BRAM ports (the bram mode) read and written.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch); builds go to the
# suite's build cache (LGFUZZ_CACHE_DIR).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(HLS ${SRC}/tests/init/hls)
set(CLI_HLS ${SRC}/tests/cli/hls)
include(${CMAKE_CURRENT_LIST_DIR}/steps.cmake)
set(V solution1/syn/verilog)

design(pmix pmix "" "" "")
spec_has(init.memory ${WORK}/pmix/kernel.yaml
         "a: {mode: ap_memory, depth: 8, partition: {type: cyclic, factor: 2}}"
         "b: {mode: ap_memory, depth: 8, partition: {type: block, factor: 2}}"
         "c: {mode: ap_memory, depth: 8, partition: {type: complete}}"
         "out: {mode: ap_memory, depth: 8, partition: {type: complete}, port: out_r}"
         "- {name: out, type: u32, array: {len: 8}, dir: out}")
set(w "cyclic partition of dim 1 into 2 banks of 4: ports a_0_address0 .. a_1_address0"
      "complete partition of dim 1 into 8 banks of 1: ports out_r_0 .. out_r_7"
      "the ports of pmix match the spec")
expect(init.memory.check 0 w check ${WORK}/pmix/kernel.yaml)
# out[i] = a[i] + b[i] * c[i]
file(WRITE ${WORK}/pmix.json "{\"a\": [1, 2, 3, 4, 5, 6, 7, 8], \"b\": [10, 20, 30, 40, 50, 60, 70, 80], "
                             "\"c\": [1, 1, 1, 1, 2, 2, 2, 2]}\n")
set(w "\"out\":[11,22,33,44,105,126,147,168]" "no divergence")
expect(init.memory.diff 0 w diff ${WORK}/pmix/kernel.yaml ${WORK}/pmix.json)
run(pmix "")

design(pmix pmix-bank ${V}/pmix.v "assign b_load_phi = (i_reg_120[2] == 1'b1)" "assign b_load_phi = (i_reg_120[0] == 1'b1)")
run(pmix-bank "mismatch:out")

# No pragmas: a's and b's partition guessed, c's and out's known.
file(COPY ${HLS}/pmix/ DESTINATION ${WORK}/pmix-nopragma)
file(READ ${WORK}/pmix-nopragma/pmix.c text)
string(REGEX REPLACE "#pragma HLS ARRAY_PARTITION[^\n]*\n" "" text "${text}")
file(WRITE ${WORK}/pmix-nopragma/pmix.c "${text}")
set(w "a: partition guessed cyclic, factor 2 (no ARRAY_PARTITION pragma; block has the same ports)"
      "b: partition guessed cyclic, factor 2")
expect(init.memory.guess 0 w init ${WORK}/pmix-nopragma/solution1 -o ${WORK}/pmix-nopragma/kernel.yaml)
spec_has(init.memory.guess ${WORK}/pmix-nopragma/kernel.yaml
         "partition: {type: cyclic, factor: 2}}  # guessed: cyclic" "c: {mode: ap_memory, depth: 8, partition: {type: complete}}")

# a as a 2-D array a[2][4] partitioned completely along dim 1: two RAM
# banks, one row each (the C and the RTL's bank choice edited to match).
file(COPY ${HLS}/pmix/ DESTINATION ${WORK}/pmix-2d)
file(READ ${WORK}/pmix-2d/pmix.c text)
string(REPLACE "void pmix(unsigned a[N]," "void pmix(unsigned a[2][4]," text "${text}")
string(REPLACE "variable = a cyclic factor = 2 dim = 1" "variable = a complete dim = 1" text "${text}")
string(REPLACE "out[i] = a[i] +" "out[i] = a[i / 4][i % 4] +" text "${text}")
file(WRITE ${WORK}/pmix-2d/pmix.c "${text}")
file(READ ${WORK}/pmix-2d/${V}/pmix.v text)
string(REPLACE "_address0 = i_reg_120[2:1]" "_address0 = i_reg_120[1:0]" text "${text}")
string(REPLACE "(i_reg_120[0] == 1'b0);\nassign a_1_ce0" "(i_reg_120[2] == 1'b0);\nassign a_1_ce0" text "${text}")
string(REPLACE "(i_reg_120[0] == 1'b1);\nassign a_load_phi" "(i_reg_120[2] == 1'b1);\nassign a_load_phi" text "${text}")
string(REPLACE "assign a_load_phi = (i_reg_120[0]" "assign a_load_phi = (i_reg_120[2]" text "${text}")
file(WRITE ${WORK}/pmix-2d/${V}/pmix.v "${text}")
set(w "nothing guessed")
expect(init.memory.2d 0 w init ${WORK}/pmix-2d/solution1 -o ${WORK}/pmix-2d/kernel.yaml)
spec_has(init.memory.2d ${WORK}/pmix-2d/kernel.yaml
         "a: {mode: ap_memory, depth: 8, partition: {type: complete, dims: [2, 4]}}")
run(pmix-2d "")

# The same partitions from the solution's directives.tcl.
file(COPY ${WORK}/pmix-nopragma/ DESTINATION ${WORK}/pmix-directives)
file(REMOVE ${WORK}/pmix-directives/kernel.yaml)
file(WRITE ${WORK}/pmix-directives/solution1/directives.tcl
     "############################################################\n"
     "## directives of solution1\n"
     "set_directive_array_partition -type cyclic -factor 2 -dim 1 \"pmix\" a\n"
     "set_directive_array_partition -type block -factor 2 -dim 1 \"pmix\" b\n"
     "set_directive_array_partition -dim 1 \"pmix\" c\n")
set(w "nothing guessed")
expect(init.memory.directives 0 w init ${WORK}/pmix-directives/solution1 -o ${WORK}/pmix-directives/kernel.yaml)
spec_has(init.memory.directives ${WORK}/pmix-directives/kernel.yaml
         "a: {mode: ap_memory, depth: 8, partition: {type: cyclic, factor: 2}}"
         "b: {mode: ap_memory, depth: 8, partition: {type: block, factor: 2}}")

# A reserved word's banks as Vivado 2019 names them: `input`, partitioned
# complete, gives scalar ports input_0 .. input_7, not input_r_0 ..: init
# says so (port: input) and the ports match.
file(COPY ${HLS}/pmix/ DESTINATION ${WORK}/pmix-input)
foreach(f pmix.c ${V}/pmix.v)
  file(READ ${WORK}/pmix-input/${f} text)
  string(REGEX REPLACE "out_r_" "input_" text "${text}")
  string(REGEX REPLACE "([^a-z_])out([^a-z_])" "\\1input\\2" text "${text}")
  file(WRITE ${WORK}/pmix-input/${f} "${text}")
endforeach()
set(w "nothing guessed")
expect(init.memory.reserved 0 w init ${WORK}/pmix-input/solution1 -o ${WORK}/pmix-input/kernel.yaml)
spec_has(init.memory.reserved ${WORK}/pmix-input/kernel.yaml
         "input: {mode: ap_memory, depth: 8, partition: {type: complete}, port: input}")
set(w "complete partition of dim 1 into 8 banks of 1: ports input_0 .. input_7" "the ports of pmix match the spec")
expect(init.memory.reserved.check 0 w check ${WORK}/pmix-input/kernel.yaml)

# bsum (Vivado HLS 2016's `bram` interface: byte addresses, a write enable
# per byte, src read-only as its tied-off enable shows, dst only written):
# init says bram, the ports match, the run is clean; an address shifted
# one bit too far (its reads run past src's end) and a write enabling
# only dst's two low bytes are each the one divergence they are.
design(bsum bsum "" "" "")
spec_has(init.memory.bram ${WORK}/bsum/kernel.yaml "- {name: src, type: i16, array: {len: 8}}"
         "- {name: dst, type: i32, array: {len: 8}, dir: out}" "src: {mode: bram, depth: 8}" "dst: {mode: bram, depth: 8}")
set(w "src          bram      width 16  depth 8      ports src_Addr_A src_EN_A src_Dout_A (byte addresses)"
      "the ports of bsum match the spec")
expect(init.memory.bram.check 0 w check ${WORK}/bsum/kernel.yaml)
file(WRITE ${WORK}/bsum.json "{\"src\": [1, -2, 3, -4, 5, 6, 7, -32768]}\n")
set(w "\"dst\":[3,-6,9,-12,15,18,21,-98304]" "no divergence")
expect(init.memory.bram.diff 0 w diff ${WORK}/bsum/kernel.yaml ${WORK}/bsum.json)
run(bsum "")
design(bsum bsum-shift ${V}/bsum.v "src_Addr_A_orig << ap_const_lv32_1" "src_Addr_A_orig << ap_const_lv32_2")
run(bsum-shift "rtl-oob:src")
design(bsum bsum-bytes ${V}/bsum.v "        dst_WEN_A = ap_const_lv4_F;" "        dst_WEN_A = 4'd3;")
run(bsum-bytes "mismatch:dst")

# psum: a RAM whose words arrive two cycles after their address.
design(psum psum "" "" "")
spec_has(init.memory.latency ${WORK}/psum/kernel.yaml "a: {mode: ap_memory, depth: 8, latency: 2}")
set(w "a            ap_memory width 32  read latency 2")
expect(init.memory.latency.check 0 w check ${WORK}/psum/kernel.yaml)
file(WRITE ${WORK}/psum.json "{\"a\": [1, 2, 3, 4, 5, 6, 7, 100]}\n")
set(w "\"return\":128" "no divergence")
expect(init.memory.latency.diff 0 w diff ${WORK}/psum/kernel.yaml ${WORK}/psum.json)
run(psum "")
# Read as a RAM of latency 1, each word is taken a cycle late.
file(READ ${WORK}/psum/kernel.yaml text)
string(REPLACE ", latency: 2" "" text "${text}")
file(WRITE ${WORK}/psum/latency1.yaml "${text}")
set(w "divergence mismatch:return: return: cpu 128, rtl 227")
expect(init.memory.latency1.diff 1 w diff ${WORK}/psum/latency1.yaml ${WORK}/psum.json)
