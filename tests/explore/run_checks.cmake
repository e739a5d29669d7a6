# End-to-end checks of `lgfuzz run`, selected with -DCHECK=<name>:
#   accumulate  finds every planted divergence of kernels/accumulate, exits 1; each divergence
#               is minimised (input.json shows its class on `lgfuzz diff`, and is no larger than
#               input.orig.json, the input as found) and inputs that differ only in incidental
#               values collapse: at most 10 divergence directories for the 5 planted bugs; the
#               summary has one line per group (class and C path of the keys), at most 8
#   groups      kernels/alu's two mismatch:return bugs, on two cases of its switch, are two
#               groups in the run's summary and in `lgfuzz report`, each named by its case
#   control     a kernel whose RTL matches its C: exits 0, no divergence
#   resume      a second run on the same --out keeps every corpus entry, adds no duplicate
#   determinism the same --seed and --iterations give the same corpus; with the RTL,
#               one worker or two give the same run, and stats.json its RTL cost
#   sigint      SIGINT ends the run with a complete output directory
#   fulldisk    the output's file system fills up: exit 2 naming the file, every saved
#               entry complete, the final stats.json written; a resumed run goes on;
#               a full build cache is an exit 2 that says so
#   corners     the domain's corners alone find rgb2yuv's u-wrap and v-wrap
#   arith       learned conditions cover `a * 3 + b == 1000 && n % 4 == 3`; --no-synth does not
#   switch      every edge of a 21-way switch site gets a learned condition, and no
#               synth or solver call fails (stats.json counts failed calls)
#   divzero     crashes are recovered by the executor (stats.json crashes_recovered),
#               and no input that crashed natively is in the corpus
#   specread    RTL in HLS's shape that reads one past its 5-deep memories in a loop's
#               exit state and drops the data: exit 0, no divergence
#   vldpath     an ap_vld output the C writes on one path only: exit 0, no divergence
#   cstatic     C statics (a call counter, the previous input) whose RTL registers
#               start from their initial values every call: exit 0, no divergence
#   readback    an output written on two paths and read back, beside incidental
#               overflows: at most two divergences, each c-ub:readback
#   oob         a table lookup whose index the spec lets leave the table: one
#               divergence, triaged c-ub:oob at the index the C read past the table
#   uninit      a scratch array written at one index and read at another: one
#               divergence, triaged c-ub:uninit naming buf and its declaration
#   vote        kernels/vote's histogram pipeline, its bins declared free of dependences
#               between iterations: one divergence, mismatch|cause|dep:bins, on two C
#               paths, triaged dependence at the pragma
#   scatter     a helper's loop declaring no read-after-write through its pointer
#               parameter acc, whose RTL writes each sum an iteration late: one
#               divergence, mismatch|cause|dep:acc, triaged dependence at the pragma
#   fillpast    an output param written past its 12 words: the RTL's write past its
#               depth, its wrapped words and the C's fault are one divergence, key
#               c-ub|cause|offset:dst, triaged c-ub:oob
#   xrom        a table the C reads past its end where the RTL's ROM returns an X: one
#               divergence, c-ub|cause|ub:out-of-bounds:..., triaged c-ub:oob naming the X
#   mergesort   kernels/mergesort's dropped stack frame: one divergence, no stmt: cause
#               for the compare that gives a sort of zeros' result by coincidence
#   streams     kernels/dfscale: the FIFO deadlock one divergence, rtl-hang|cause|fifo:tap_fifo
#               on two or more C paths; the wrapped sample width:v on one sample
#   cntwidth    a loop counter the RTL holds in 2 bits: one divergence, mismatch|cause|width:i,
#               on the path that returns early and the one that counts to the end
#   xaddr       a table read whose RAM address is an X in the state that enables the
#               port: one divergence, key rtl-x|cause|x:return, triaged rtl-x at return
#               with the initial state that changes it and the read of v it reaches;
#               `lgfuzz diff --rtl-state` with that state gives the other result
#   shallow     an 8-word array whose RTL memory is 6 deep, read past the depth on four
#               C paths: one divergence, key rtl-oob:A|cause|depth:A, listing at least
#               two C paths
#   widebits    integers wider than 64 bits in a C kernel: the divergence found, named in
#               decimal, and its repro.c built and failing; the exact RTL: exit 0
#   wildstore   a store at an index from the input into a local table: the wrong
#               values and the faults it causes are one divergence, key
#               c-ub|cause|ub:out-of-bounds:..., triaged c-ub:oob
#   inoutraw    an inout scalar (ap_ovld: x_i, x_o, x_o_ap_vld) whose RTL reads x_i
#               after the C wrote *x: exit 1, one divergence, mismatch:x
#   loopnodes   kernels/streamclip's 512-iteration loop: a path is at most one event per
#               branch direction (6), so the tree has at most 1 + 6 nodes per distinct path
#               and no node deeper than 6 (each iteration once made a node of its own)
#   wide        `lgfuzz gen --seed 3`'s kernel (a u64 array beside narrow scalars):
#               mutations near 2^63 and learned sums of products past 128 bits
#               wrap instead of overflowing (UBSan once stopped the run after 30
#               executions, stats.json left "running"); the run completes
#   tlvwalk     kernels/tlvwalk's body-only field narrowing, reachable only along a sequence
#               of loop iterations (a BEGIN record, then a FIELD record), is found; and a
#               seed showing it behind two header records and before a trailing record
#               minimises to the BEGIN and FIELD records alone (the records around them cut
#               out, their values at 0 and 16 * 256), one group
#   loopedges   a loop whose trip count is a scalar in [0, 100000] with a declared trip
#               count of 300 and an RTL counter of 9 bits: its trip count is learned as a
#               term and every edge case (299-301 and 511-513 iterations) is reached, one
#               value in 100,001 each, by queries aimed at it
#   widthpaths  a local four C paths assign, which the RTL keeps in a 5-bit register
#               hls.widths leaves out: one divergence, mismatch|cause|width:t, listing
#               the C paths it was seen on
#   satpaths    a sum the C saturates into 8 bits and the RTL wraps, then a switch of
#               four modes: no probe sees it; one divergence, caused by the branch of
#               the saturation (mismatch|cause|stmt:kernel.c:15, triaged branch),
#               listing the C paths it was seen on
#   signpair    two unsigned comparisons the RTL makes signed, the second
#               reached only where the first holds: three divergences, each
#               keyed by its cause, one of them by the two statements
#               together (an input whose first comparison the RTL decides
#               the other way and whose second only that way reaches: no
#               one statement explains it; before, keyed by its C path),
#               triaged statements at both places
#   unanalysed  a run of signpair resumed after one divergence's symptom.json
#               says its analysis was cut ("analysed": false, as a run's end
#               leaves it): its group's line and a note after the groups
#               say that one was not minimised or analysed
#   tagcount    an 8-word array in a 6-word RAM of which the kernel counts the words
#               tagged 3 in their low bits, folded on four C paths: the RTL's reads past
#               the depth are never tagged, whatever poison they return, so the oracle's
#               second-poison test does not see them reach the result; one divergence,
#               rtl-oob:A|cause|depth:A (the C on A past the depth as the RAM returns it
#               gives the RTL's count), on several C paths
#   portcause   a constant the RTL narrows changes every result, and b's 4-bit port
#               changes those with b outside [-8, 7]: inputs found with b out of range
#               minimise (b to 0) into the first report, so the port, which cut a value
#               the kernel's result depends on, is held and minimised again into a
#               report of its own (stats.json port_causes), whose b is out of range
#   solvershare a kernel whose few paths are all found early, so queries stop paying: the
#               solver's quota falls below its start of 8 queries per step, fewer queries
#               are made than 8 per step, and its share of the loop's time stays within
#               the cap of 0.5 (stats.json solver_share, solver_quota, solver_steps)
#   lastrerun   a divergence whose candidates take 600 ms each natively, found at the start
#               of a 6 s run and minimised up to the deadline: the minimisation's batch
#               and the re-run that confirms it are cut at the deadline, the run exits
#               within 6 s + 2 s of wall time (measured here) with the divergence recorded
#   maxmemory   --max-memory below what the run starts with: the path tree is held to its
#               floor of 1 MiB by summarising subtrees (tree.json marks them, and stays
#               valid JSON), kernels/streamclip's counter-wrap is still found, and two
#               --iterations runs with one seed under the bound are the same run
# Inputs: LGFUZZ, CHECK_EXPECTED, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# Runs lgfuzz run; its stdout (the summary) is left in LGFUZZ_OUT.
function(run_lgfuzz out_rc)
  execute_process(COMMAND ${LGFUZZ} run ${ARGN} -q RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "lgfuzz run ${ARGN}: exit ${rc}\n${out}${err}")
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(LGFUZZ_OUT "${out}" PARENT_SCOPE)
endfunction()

# Runs `lgfuzz run spec --seed 1 --no-guard --out WORK/out` with ARGN (the
# iteration count) and fails, saying what, unless it exits 1 with exactly
# one divergence, whose directory is left in out_div (LGFUZZ_OUT as
# run_lgfuzz leaves it).
function(run_one_divergence out_div spec what)
  if(NOT DEFINED want_rc)
    set(want_rc 1) # the caller sets want_rc for another exit code
  endif()
  run_lgfuzz(rc ${spec} ${ARGN} --seed 1 --no-guard --out ${WORK}/out)
  file(GLOB divs ${WORK}/out/divergences/*)
  list(LENGTH divs ndivs)
  if(NOT rc EQUAL want_rc OR NOT ndivs EQUAL 1)
    message(FATAL_ERROR "${what}: exit ${rc} (want ${want_rc}), ${ndivs} divergences (want 1)")
  endif()
  set(${out_div} ${divs} PARENT_SCOPE)
  set(LGFUZZ_OUT "${LGFUZZ_OUT}" PARENT_SCOPE)
endfunction()

# Builds spec's executor and RTL model before a timed run (the budget
# counts the build too, and a cold build under load can take longer than a
# short budget), by running lgfuzz diff on one of the kernel's inputs.
function(warm_model spec)
  file(GLOB inputs ${ARGN})
  list(GET inputs 0 input)
  execute_process(COMMAND ${LGFUZZ} diff ${spec} ${input} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(rc GREATER 1)
    message(FATAL_ERROR "warming the model of ${spec}: lgfuzz diff exit ${rc}\n${err}")
  endif()
endfunction()

function(json_get out file)
  file(READ ${file} text)
  string(JSON value GET "${text}" ${ARGN})
  set(${out} ${value} PARENT_SCOPE)
endfunction()

# The triage of divergence directory dv: its class, at and why, into the
# caller's triage, at and why.
function(read_triage dv)
  foreach(field class at why)
    json_get(value ${dv}/symptom.json triage ${field})
    set(f ${field})
    if(f STREQUAL "class")
      set(f triage)
    endif()
    set(${f} "${value}" PARENT_SCOPE)
  endforeach()
endfunction()

# run_one_divergence over --iterations 60, and its record keyed want_key
# and triaged want_triage at want_at with a why matching why_re: the
# divergence into out_div (LGFUZZ_OUT and the triage's why as well).
function(run_one_triaged out_div spec what want_key want_triage want_at why_re)
  run_one_divergence(divs ${spec} "${what}" --iterations 60)
  json_get(key ${divs}/symptom.json key)
  read_triage(${divs})
  if(NOT key STREQUAL want_key OR NOT triage STREQUAL want_triage OR NOT at STREQUAL want_at
     OR NOT why MATCHES "${why_re}")
    message(FATAL_ERROR "${divs}: key ${key}, triage ${triage} at ${at} (${why}); want ${want_key}, "
                        "${want_triage} at ${want_at}, a why matching '${why_re}'")
  endif()
  set(${out_div} ${divs} PARENT_SCOPE)
  set(why "${why}" PARENT_SCOPE)
  set(LGFUZZ_OUT "${LGFUZZ_OUT}" PARENT_SCOPE)
endfunction()

# stats.json of the run in ${WORK}/out counts exactly one divergence of
# triage class cls.
function(expect_one_triaged cls)
  json_get(counted ${WORK}/out/stats.json divergences_triage ${cls})
  if(NOT counted EQUAL 1)
    message(FATAL_ERROR "stats.json counts ${counted} ${cls} divergences, want 1")
  endif()
endfunction()

# The divergence in divs is keyed want and was seen on at least two C
# paths; their number goes to out.
function(expect_cause_on_paths out divs want)
  json_get(key ${divs}/symptom.json key)
  file(READ ${divs}/symptom.json text)
  string(JSON npaths LENGTH "${text}" c_paths)
  if(NOT key STREQUAL want OR npaths LESS 2)
    message(FATAL_ERROR "${divs}: key ${key} on ${npaths} C paths, want ${want} on 2 or more")
  endif()
  set(${out} ${npaths} PARENT_SCOPE)
endfunction()

# run_one_divergence over --iterations 60, its input minimised and keyed
# by the cause want on two or more C paths: the divergence into out_div,
# the number of its C paths into out_npaths.
function(run_one_cause out_div out_npaths spec what want)
  run_one_divergence(divs ${spec} "${what}" --iterations 60)
  check_minimised(${spec} ${divs})
  expect_cause_on_paths(npaths ${divs} "${want}")
  set(${out_div} ${divs} PARENT_SCOPE)
  set(${out_npaths} ${npaths} PARENT_SCOPE)
  set(LGFUZZ_OUT "${LGFUZZ_OUT}" PARENT_SCOPE)
endfunction()

function(corpus_list out dir)
  file(GLOB files RELATIVE ${dir}/corpus ${dir}/corpus/*.json)
  list(SORT files)
  set(${out} "${files}" PARENT_SCOPE)
endfunction()

# Exit code and stderr a shell script saved as ${WORK}/<name>.rc and .err.
function(saved_result name out_rc out_err)
  file(READ ${WORK}/${name}.rc rc)
  file(READ ${WORK}/${name}.err err)
  string(STRIP "${rc}" rc)
  message(STATUS "${name}: exit ${rc}\n${err}")
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(${out_err} "${err}" PARENT_SCOPE)
endfunction()

function(expect_complete dir)
  foreach(f stats.json tree.json plot.csv)
    if(NOT EXISTS ${dir}/${f})
      message(FATAL_ERROR "${dir}/${f} missing")
    endif()
  endforeach()
  json_get(execs ${dir}/stats.json execs)
  json_get(nodes ${dir}/tree.json nodes)
  file(GLOB tmp ${dir}/*.tmp.* ${dir}/corpus/*.tmp.*)
  if(tmp)
    message(FATAL_ERROR "temporary files left behind: ${tmp}")
  endif()
endfunction()

# The size of an input: the lengths of its arrays and the sum of the
# magnitudes of all its values (a len param counts as a value too).
function(input_size out_len out_mag file)
  file(READ ${file} text)
  string(JSON nparams LENGTH "${text}")
  set(len 0)
  set(mag 0)
  math(EXPR last "${nparams} - 1")
  foreach(i RANGE ${last})
    string(JSON name MEMBER "${text}" ${i})
    string(JSON type TYPE "${text}" ${name})
    if(type STREQUAL "ARRAY")
      string(JSON n LENGTH "${text}" ${name})
      math(EXPR len "${len} + ${n}")
      set(values "")
      if(n GREATER 0)
        math(EXPR lastk "${n} - 1")
        foreach(k RANGE ${lastk})
          string(JSON v GET "${text}" ${name} ${k})
          list(APPEND values ${v})
        endforeach()
      endif()
    else()
      string(JSON values GET "${text}" ${name})
    endif()
    foreach(v ${values})
      string(REGEX REPLACE "^-" "" v "${v}")
      math(EXPR mag "${mag} + ${v}")
    endforeach()
  endforeach()
  set(${out_len} ${len} PARENT_SCOPE)
  set(${out_mag} ${mag} PARENT_SCOPE)
endfunction()

# A divergence directory holds its minimised input and the input as found;
# the minimised one shows the divergence's class on `lgfuzz diff` and is no
# larger than the one found.
function(check_minimised spec dv)
  foreach(f input.json input.orig.json symptom.json)
    if(NOT EXISTS ${dv}/${f})
      message(FATAL_ERROR "${dv}/${f} missing")
    endif()
  endforeach()
  json_get(cls ${dv}/symptom.json class)
  json_get(key ${dv}/symptom.json key)
  # A key names a mismatch's class without its output; a mismatch that a
  # memory's depth explains has the depth's key.
  string(REGEX REPLACE "^mismatch:.*" "mismatch" ccls "${cls}")
  if(NOT key MATCHES "^${ccls}\\|path:[0-9a-f]+\\|" AND NOT key MATCHES "^${ccls}\\|cause\\|[a-z]+:[^|]+$"
     AND NOT (ccls STREQUAL "mismatch" AND key MATCHES "^rtl-oob:([^|]+)\\|cause\\|depth:([^|]+)$"))
    message(FATAL_ERROR "${dv}: key '${key}' is neither <class>|path:<hash>|<probes> nor <class>|cause|<cause>")
  endif()
  execute_process(COMMAND ${LGFUZZ} diff ${spec} ${dv}/input.json RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  string(FIND "${out}" "divergence ${cls}:" at)
  if(NOT rc EQUAL 1 OR at EQUAL -1)
    message(FATAL_ERROR "${dv}: lgfuzz diff on the minimised input (exit ${rc}) does not show ${cls}:\n${out}${err}")
  endif()
  input_size(len mag ${dv}/input.json)
  input_size(olen omag ${dv}/input.orig.json)
  if(len GREATER olen OR mag GREATER omag)
    message(FATAL_ERROR "${dv}: minimised input larger than the one found (length ${len} vs ${olen}, "
                        "magnitudes ${mag} vs ${omag})")
  endif()
endfunction()

# The run's summary has one line per group of its divergences, and the
# groups are those of the keys' class and C path: each symptom.json names
# its group (its key without the probes, or the whole key when a cause,
# "<class>|cause|...", names it), its C path in words and the probes its
# input fired, among them every probe its key needs (a cause of more than
# one probe, or the probes after a path); every directory is
# counted in exactly one line. The number of groups is left in
# out_ngroups.
function(check_groups out_ngroups dir summary)
  file(GLOB divs ${dir}/divergences/*)
  set(groups "")
  foreach(dv ${divs})
    json_get(key ${dv}/symptom.json key)
    json_get(group ${dv}/symptom.json group)
    json_get(cpath ${dv}/symptom.json c_path)
    if(key MATCHES "^[^|]*\\|cause\\|")
      set(want "${key}")
      # The probes a cause needs; a port or read-back that explains the
      # divergence whole is shown by cutting or setting values, whether
      # or not its probe fired on the minimised input, and a branch is no
      # probe.
      string(REGEX REPLACE "^[^|]*\\|cause\\|" "" probes "${key}")
      if(probes MATCHES "^(port|readback|depth|x|uninit|stmt):[^,]*$")
        set(probes "")
      endif()
    else()
      string(REGEX REPLACE "^([^|]*\\|path:[0-9a-f]+)\\|(.*)$" "\\1" want "${key}")
      string(REGEX REPLACE "^([^|]*\\|path:[0-9a-f]+)\\|(.*)$" "\\2" probes "${key}")
    endif()
    if(NOT group STREQUAL want OR cpath STREQUAL "")
      message(FATAL_ERROR "${dv}: group '${group}' (want '${want}'), c_path '${cpath}'")
    endif()
    file(READ ${dv}/symptom.json text)
    string(JSON np LENGTH "${text}" probes)
    set(listed "")
    if(np GREATER 0)
      math(EXPR last "${np} - 1")
      foreach(i RANGE ${last})
        string(JSON p GET "${text}" probes ${i})
        list(APPEND listed ${p})
      endforeach()
    endif()
    string(REPLACE "," ";" needed "${probes}")
    foreach(p ${needed})
      if(NOT p IN_LIST listed)
        message(FATAL_ERROR "${dv}: its key needs probe '${p}', which its input did not fire (${listed})")
      endif()
    endforeach()
    list(APPEND groups "${group}")
  endforeach()
  list(REMOVE_DUPLICATES groups)
  list(LENGTH groups ngroups)
  list(LENGTH divs ndivs)
  string(REPLACE ";" "," summary "${summary}") # a list separator in CMake
  # A line starts with its class, after its triage ("c-ub:oob at tab[-1]: ",
  # "out-of-contract at tab[-53] (the C relies on idx >= 0 && idx <= 15): ")
  # when it has one.
  string(REGEX MATCHALL "\n  ([^ \n]+ at [^ \n]+( \\([^)\n]*\\):)? )?[^ \n]+ (on path|caused by) [^\n]*" lines
                        "${summary}")
  list(LENGTH lines nlines)
  set(counted 0)
  foreach(line ${lines})
    string(REGEX MATCH "\\(([0-9]+) reports?: divergences/[^)]*\\)$" m "${line}")
    if(NOT m)
      message(FATAL_ERROR "summary line without its reports: ${line}")
    endif()
    math(EXPR counted "${counted} + ${CMAKE_MATCH_1}")
  endforeach()
  if(NOT nlines EQUAL ngroups OR NOT counted EQUAL ndivs)
    message(FATAL_ERROR "the summary has ${nlines} group lines counting ${counted} reports; the ${ndivs} "
                        "divergence directories are in ${ngroups} groups")
  endif()
  set(${out_ngroups} ${ngroups} PARENT_SCOPE)
endfunction()

set(ACC ${SRC}/kernels/accumulate/kernel.yaml)
set(ARITH ${SRC}/tests/explore/kernels/arith/kernel.yaml)

if(CHECK STREQUAL "accumulate")
  # A count of generation steps, not a budget: what a timed run finds
  # depends on the CPU it gets (60 steps find all five, seed 1). Seed 1
  # meets the wrapped sum on elements above 127 that the 8-bit port, read
  # with zeros by the RTL, hands over whole (read with a sign they would
  # wrap the sum back to the RTL's result, and the port would be blamed),
  # and first meets the truncated port on an odd length, whose report
  # would show the odd length's poisoned element too.
  run_lgfuzz(rc ${ACC} --iterations 60 --seed 1 --no-guard --out ${WORK}/acc)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "expected exit 1 (divergences), got ${rc}")
  endif()
  expect_complete(${WORK}/acc)
  execute_process(COMMAND ${CHECK_EXPECTED} ${ACC} ${SRC}/kernels/accumulate/expected.yaml ${WORK}/acc
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  message(STATUS "${out}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "planted divergences missing")
  endif()
  file(GLOB divs ${WORK}/acc/divergences/*)
  list(LENGTH divs ndivs)
  if(NOT ndivs EQUAL 5)
    message(FATAL_ERROR "${ndivs} divergence directories for 5 planted bugs, want one each")
  endif()
  foreach(dv ${divs})
    check_minimised(${ACC} ${dv})
  endforeach()
  check_groups(ngroups ${WORK}/acc "${LGFUZZ_OUT}")
  if(NOT ngroups EQUAL 5)
    message(FATAL_ERROR "${ngroups} groups for 5 planted bugs, want one each")
  endif()
  if(NOT LGFUZZ_OUT MATCHES "\n  mismatch:return caused by width:sum: ")
    message(FATAL_ERROR "the wrapped sum is not caused by width:sum alone (the RTL reads the port with zeros)")
  endif()
  if(NOT LGFUZZ_OUT MATCHES "\n  mismatch:return caused by port:data: [^\n]*size = 2")
    message(FATAL_ERROR "the truncated port's report is not an even length (no odd length's element beside it)")
  endif()
elseif(CHECK STREQUAL "groups")
  # max-off-by-one is case 4 of the switch at kernel.c:20, avg-floor case 5.
  # The RTL decides case 4's x > y (kernel.c:34) wrongly for x = y + 1: the
  # C with that branch taken the other way gives the RTL's result, its
  # cause; case 5's (x + y) / 2 (kernel.c:37) is a shift in the RTL: the C
  # with that division rounding toward minus infinity gives its result.
  set(ALU ${SRC}/kernels/alu/kernel.yaml)
  run_lgfuzz(rc ${ALU} --iterations 80 --seed 1 --no-guard --out ${WORK}/alu)
  check_groups(ngroups ${WORK}/alu "${LGFUZZ_OUT}")
  string(REPLACE ";" "," summary "${LGFUZZ_OUT}")
  foreach(line "branch at kernel.c:34:[0-9]+: mismatch:return caused by stmt:kernel.c:34: "
          "op at kernel.c:37:[0-9]+: mismatch:return caused by stmt:kernel.c:37: ")
    string(REGEX MATCHALL "\n  ${line}[^\n]*" lines "${summary}")
    list(LENGTH lines n)
    if(NOT n EQUAL 1)
      message(FATAL_ERROR "${n} summary lines '${line}', want 1:\n${LGFUZZ_OUT}")
    endif()
  endforeach()
  if(NOT ngroups EQUAL 2)
    message(FATAL_ERROR "alu: ${ngroups} groups, want 2 (max-off-by-one, avg-floor)")
  endif()
  # lgfuzz report reads the same groups back.
  execute_process(COMMAND ${LGFUZZ} report ${WORK}/alu --out ${WORK}/rep RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  message(STATUS "lgfuzz report: exit ${rc}\n${out}")
  json_get(reported ${WORK}/rep/summary.json kernels 0 divergence_groups)
  string(FIND "${out}" ": mismatch:return caused by stmt:kernel.c:34: " at4)
  string(FIND "${out}" ": mismatch:return caused by stmt:kernel.c:37: " at5)
  if(NOT rc EQUAL 1 OR NOT reported EQUAL 2 OR at4 EQUAL -1 OR at5 EQUAL -1)
    message(FATAL_ERROR "lgfuzz report: exit ${rc}, ${reported} groups, want 1 and both cases listed")
  endif()
elseif(CHECK STREQUAL "specread" OR CHECK STREQUAL "vldpath" OR CHECK STREQUAL "cstatic")
  set(spec ${SRC}/tests/explore/kernels/${CHECK}/kernel.yaml)
  warm_model(${spec} ${SRC}/tests/explore/kernels/${CHECK}/inputs/*.json)
  # An absence of divergences holds however much of the budget the run
  # gets, so a budget is as good as a count here.
  run_lgfuzz(rc ${spec} --budget 5s --seed 1 --no-guard --out ${WORK}/out)
  file(GLOB divs ${WORK}/out/divergences/*/README)
  set(readmes "")
  foreach(f ${divs})
    file(READ ${f} line)
    string(APPEND readmes "${line}")
  endforeach()
  json_get(rtl_calls ${WORK}/out/stats.json rtl_calls)
  if(NOT rc EQUAL 0 OR divs OR rtl_calls EQUAL 0)
    message(FATAL_ERROR "a correct RTL in HLS's shape: exit ${rc}, ${rtl_calls} RTL calls, divergences:\n${readmes}")
  endif()
elseif(CHECK STREQUAL "portcause")
  set(spec ${SRC}/tests/explore/kernels/portmask/kernel.yaml)
  warm_model(${spec} ${SRC}/tests/explore/kernels/portmask/inputs/*.json)
  run_lgfuzz(rc ${spec} --iterations 40 --seed 1 --no-guard --out ${WORK}/out)
  file(GLOB divs ${WORK}/out/divergences/*)
  list(LENGTH divs ndivs)
  json_get(causes ${WORK}/out/stats.json port_causes)
  if(NOT rc EQUAL 1 OR NOT ndivs EQUAL 2 OR NOT causes EQUAL 1)
    message(FATAL_ERROR "two causes behind one class: exit ${rc} (want 1), ${ndivs} divergences (want 2), "
                        "port_causes ${causes} (want 1)")
  endif()
  set(outside 0)
  foreach(d ${divs})
    json_get(b ${d}/input.json b)
    if(b LESS -8 OR b GREATER 7)
      math(EXPR outside "${outside} + 1")
      json_get(key ${d}/symptom.json key)
      if(NOT key MATCHES "port:b")
        message(FATAL_ERROR "${d}: b = ${b} is outside the port but the key ${key} names no port:b")
      endif()
    endif()
  endforeach()
  if(NOT outside EQUAL 1)
    message(FATAL_ERROR "${outside} reports with b outside [-8, 7], want 1 (the port's own)")
  endif()
elseif(CHECK STREQUAL "inoutraw")
  set(spec ${SRC}/tests/explore/kernels/inoutraw/kernel.yaml)
  run_one_divergence(divs ${spec} "one read-after-write bug" --iterations 100)
  json_get(cls ${divs}/symptom.json class)
  if(NOT cls STREQUAL "mismatch:x")
    message(FATAL_ERROR "class ${cls}, want mismatch:x")
  endif()
  # The clamp reads *x back (ub:readback:kernel.c:8), and the divergence
  # needs it, but the read-back is evidence, not a triage: x's input is
  # also the sum's first operand, so no input makes the RTL read what the
  # C read, and the check that names read-backs cannot hold.
  json_get(key ${divs}/symptom.json key)
  file(READ ${divs}/symptom.json sym)
  if(NOT key MATCHES "ub:readback:kernel.c:8" OR sym MATCHES "\"triage\"")
    message(FATAL_ERROR "key ${key} (want the read-back at kernel.c:8 in it) and no triage:\n${sym}")
  endif()
  check_minimised(${spec} ${divs})
elseif(CHECK STREQUAL "oob")
  # The C reads tab[idx] for idx in [-64, 64], past its 16 entries; the
  # RTL's 4-bit address keeps idx's low bits. What the C reads there is
  # whatever lies beside the table, so the index and the values are not
  # checked, only that the one finding is triaged as the C's read past
  # its array (c-ub:oob), at an index outside [0, 15]. The index is a
  # term the run learned, so the input is outside what the C itself
  # relies on: out-of-contract, counted apart from the divergences, and
  # alone no reason for exit code 1.
  set(spec ${SRC}/tests/explore/kernels/lookup/kernel.yaml)
  set(want_rc 0)
  run_one_divergence(divs ${spec} "a read past a table" --iterations 60)
  read_triage(${divs})
  json_get(rests ${divs}/symptom.json triage rests_on)
  if(NOT triage STREQUAL "out-of-contract" OR NOT rests STREQUAL "c-ub:oob"
     OR NOT at MATCHES "^tab\\[(-[0-9]+|1[6-9]|[2-9][0-9])\\]$" OR NOT why MATCHES "outside its 16 elements")
    message(FATAL_ERROR "${divs}: triage ${triage} (resting on ${rests}) at ${at} (${why}), want out-of-contract "
                        "resting on c-ub:oob at an index outside [0, 15]")
  endif()
  if(NOT LGFUZZ_OUT MATCHES "0 distinct divergences, 1 outside the C's contract in 1 group"
     OR NOT LGFUZZ_OUT MATCHES "\n  out-of-contract at tab\\[[-0-9]+\\] \\(the C relies on idx >= 0 && idx <= 15\\): ")
    message(FATAL_ERROR "the summary does not count the input outside the C's contract apart:\n${LGFUZZ_OUT}")
  endif()
  json_get(apart ${WORK}/out/stats.json out_of_contract)
  execute_process(COMMAND ${LGFUZZ} report ${WORK}/out --out ${WORK}/rep RESULT_VARIABLE rrc OUTPUT_QUIET ERROR_QUIET)
  json_get(rapart ${WORK}/rep/summary.json totals out_of_contract)
  if(NOT apart EQUAL 1 OR NOT rrc EQUAL 0 OR NOT rapart EQUAL 1)
    message(FATAL_ERROR "stats.json counts ${apart} outside the contract, lgfuzz report exits ${rrc} and counts "
                        "${rapart}: want 1, 0 and 1")
  endif()
  # The index is idx itself, learned from the runs that reached the read:
  # the C relies on idx in [0, 15], which the report proposes as idx's
  # spec range.
  json_get(contract ${divs}/symptom.json triage contract)
  json_get(rparam ${divs}/symptom.json triage proposed_range param)
  json_get(rlo ${divs}/symptom.json triage proposed_range range 0)
  json_get(rhi ${divs}/symptom.json triage proposed_range range 1)
  if(NOT contract STREQUAL "idx >= 0 && idx <= 15" OR NOT rparam STREQUAL "idx" OR NOT rlo EQUAL 0 OR NOT rhi EQUAL 15
     OR NOT why MATCHES "outside the C's own contract")
    message(FATAL_ERROR "${divs}: contract '${contract}', proposed range of '${rparam}' [${rlo}, ${rhi}] (${why}), "
                        "want idx >= 0 && idx <= 15 and [0, 15] for idx")
  endif()
  expect_one_triaged(out-of-contract)
  # The user accepts the proposed range: lgfuzz init writes it into the
  # spec it makes for the design, and a run of that spec keeps its inputs
  # inside the C's contract.
  set(lk ${SRC}/tests/explore/kernels/lookup)
  file(MAKE_DIRECTORY ${WORK}/accepted)
  execute_process(COMMAND ${LGFUZZ} init ${lk}/kernel.v --function lookup --ranges-from ${WORK}/out
                          -o ${WORK}/accepted/kernel.yaml
                  RESULT_VARIABLE irc OUTPUT_VARIABLE iout ERROR_VARIABLE ierr)
  file(READ ${WORK}/accepted/kernel.yaml accepted)
  if(NOT irc EQUAL 0 OR NOT accepted MATCHES "name: idx, type: i32, range: \\[0, 15\\]}  # accepted from ")
    message(FATAL_ERROR "lgfuzz init --ranges-from: exit ${irc}\n${ierr}\n${accepted}")
  endif()
  run_lgfuzz(rc ${WORK}/accepted/kernel.yaml --iterations 60 --seed 1 --no-guard --out ${WORK}/inside)
  json_get(inside ${WORK}/inside/stats.json divergences)
  if(NOT rc EQUAL 0 OR NOT inside EQUAL 0)
    message(FATAL_ERROR "the spec with the accepted range: exit ${rc}, ${inside} divergences, want 0 and 0")
  endif()
  # A run that proposes no range is refused by name.
  execute_process(COMMAND ${LGFUZZ} init ${lk}/kernel.v --function lookup --ranges-from ${WORK}/inside
                  RESULT_VARIABLE irc OUTPUT_QUIET ERROR_VARIABLE ierr)
  if(NOT irc EQUAL 2 OR NOT ierr MATCHES "inside: no finding proposes a range")
    message(FATAL_ERROR "lgfuzz init --ranges-from a run without one: exit ${irc}\n${ierr}")
  endif()
elseif(CHECK STREQUAL "uninit")
  # The C reads buf[r & 15], which it wrote only at w & 15: whatever the
  # inputs, every divergence rests on that read, one cause on every C
  # path and for every value read, named by the local and where it is
  # declared.
  set(spec ${SRC}/tests/explore/kernels/uninit/kernel.yaml)
  run_one_triaged(divs ${spec} "a read of a local never written" "mismatch|cause|uninit:buf" "c-ub:uninit"
                  "buf (kernel.c:10)" "reads buf, a local of scratch")
  # The minimised input reads where it did not write.
  json_get(w ${divs}/input.json w)
  json_get(r ${divs}/input.json r)
  math(EXPR wl "${w} % 16")
  math(EXPR rl "${r} % 16")
  if(wl EQUAL rl)
    message(FATAL_ERROR "${divs}: the input writes and reads buf at ${wl}: no uninitialised read")
  endif()
  expect_one_triaged(c-ub:uninit)
elseif(CHECK STREQUAL "vote")
  # The histogram's pipeline declares its bins free of dependences between
  # iterations, and two equal labels in a row lose an increment: in the
  # bins alone, or in the return too when the lost count changes the
  # argmax. One divergence caused by dep:bins on both C paths (before: one
  # per path, keyed by each), triaged at the pragma.
  set(spec ${SRC}/kernels/vote/kernel.yaml)
  run_one_cause(divs npaths ${spec} "the lost increment" "mismatch|cause|dep:bins")
  read_triage(${divs})
  if(NOT triage STREQUAL "dependence" OR NOT at STREQUAL "kernel.c:17"
     OR NOT why MATCHES "declares the iterations of its loop free of dependences through bins .*1 apart")
    message(FATAL_ERROR "${divs}: triage ${triage} at ${at} (${why}); want dependence at kernel.c:17, 1 apart")
  endif()
elseif(CHECK STREQUAL "scatter")
  # A helper's loop adds weights to bins through its pointer parameter and
  # declares, in Vitis's words, no read-after-write between iterations; the
  # RTL writes each sum an iteration late. The lost weight is one divergence
  # keyed by dep:acc, triaged at the pragma, one iteration apart.
  set(spec ${SRC}/tests/explore/kernels/scatter/kernel.yaml)
  run_one_triaged(divs ${spec} "a weight lost to the bin before" "mismatch|cause|dep:acc" "dependence" "kernel.c:14"
                  "free of dependences through acc \\(read-after-write\\).* 1 apart")
elseif(CHECK STREQUAL "fillpast")
  # The C writes n words into a 12-word output; past 12 it writes beside
  # the array, and the RTL past its memory, then over its start (its
  # address has 4 bits), and for large n the C faults. A write past the
  # RTL's depth, wrong words and a fault: one finding keyed by the index
  # past the C's own array (before: one per class and C path).
  set(spec ${SRC}/tests/explore/kernels/fillpast/kernel.yaml)
  run_one_divergence(divs ${spec} "a write past the output" --iterations 60)
  json_get(key ${divs}/symptom.json key)
  read_triage(${divs})
  if(NOT key STREQUAL "c-ub|cause|offset:dst" OR NOT triage STREQUAL "c-ub:oob"
     OR NOT at MATCHES "^dst\\[(1[2-9]|[2-9][0-9]|[0-9][0-9][0-9]+)\\]$")
    message(FATAL_ERROR "${divs}: key ${key}, triage ${triage} at ${at}; want c-ub|cause|offset:dst, c-ub:oob at an "
                        "index past 11")
  endif()
elseif(CHECK STREQUAL "xrom")
  # The C reads its 20-entry table past its end, where the RTL's ROM
  # returns an X: the C's read is the finding (c-ub:oob at the read, key
  # by UBSan's bounds check), the RTL's X named beside it with the state
  # that shows it (before: rtl-x|cause|x:return, the C's own undefined
  # read only evidence).
  set(spec ${SRC}/tests/explore/kernels/xrom/kernel.yaml)
  run_one_triaged(divs ${spec} "a table read past its end" "c-ub|cause|ub:out-of-bounds:kernel.c:14" "c-ub:oob"
                  "kernel.c:14" "the RTL has no one result here either: .*--rtl-state [0-9]+")
elseif(CHECK STREQUAL "xaddr")
  # The RTL reads v at an X address: Verilator's 0 reads v[0], another
  # initial state another element. However the input was found and
  # minimised, the RTL has no one result on it.
  set(spec ${SRC}/tests/explore/kernels/xaddr/kernel.yaml)
  run_one_triaged(divs ${spec} "a read at an X address" "rtl-x|cause|x:return" "rtl-x" "return"
                  "--rtl-state ([0-9]+)")
  string(REGEX MATCH "--rtl-state ([0-9]+)" m "${why}")
  set(state ${CMAKE_MATCH_1})
  # The X reaches v's RAM port: the first access that differs is its read,
  # at another address than the usual state's 0.
  if(NOT why MATCHES "the first memory access that differs is the read of v at cycle [0-9]+ \\(port 0\\): address [1-7] from that state, 0 as usual")
    message(FATAL_ERROR "${divs}: the triage does not name the read of v at an address other than 0: ${why}")
  endif()
  # The state the triage names replays the other result; the usual one
  # the result the divergence was found with.
  execute_process(COMMAND ${LGFUZZ} diff ${spec} ${divs}/input.json --json RESULT_VARIABLE rc0 OUTPUT_VARIABLE d0)
  execute_process(COMMAND ${LGFUZZ} diff ${spec} ${divs}/input.json --json --rtl-state ${state}
                  RESULT_VARIABLE rcx OUTPUT_VARIABLE dx)
  string(JSON r0 GET "${d0}" rtl return)
  string(JSON rx GET "${dx}" rtl return)
  string(JSON xread ERROR_VARIABLE xerr GET "${dx}" rtl first_other_access read)
  if(NOT xread MATCHES "^v\\[[1-7]\\]$")
    message(FATAL_ERROR "lgfuzz diff --rtl-state ${state}: first_other_access.read '${xread}' ${xerr}, want v[1..7]")
  endif()
  json_get(rtl_found ${divs}/rtl.json return)
  if(NOT rc0 EQUAL 1 OR NOT r0 STREQUAL rtl_found OR r0 STREQUAL rx)
    message(FATAL_ERROR "${divs}: lgfuzz diff gives return ${r0} (exit ${rc0}), with --rtl-state ${state} ${rx}; "
                        "the divergence's RTL returned ${rtl_found}")
  endif()
  expect_one_triaged(rtl-x)
elseif(CHECK STREQUAL "shallow")
  # The C reads A up to n - 1 <= 7, inside its 8 words, and the RTL's
  # memory ends at 6: whichever way k folds the sum, one cause.
  set(spec ${SRC}/tests/explore/kernels/shallow/kernel.yaml)
  run_one_divergence(divs ${spec} "reads past a shallow memory" --iterations 60)
  expect_cause_on_paths(npaths ${divs} "rtl-oob:A|cause|depth:A")
elseif(CHECK STREQUAL "tagcount")
  # shallow built with TAGCOUNT. A tagged word at 6 or 7 makes a wrong
  # count; the C on the input with A[6..7] as the RAM returns them
  # (poison) counts what the RTL counts: the depth is the cause, on
  # whichever path k folds the count (before: one mismatch per path,
  # keyed by path and offset:A).
  set(spec ${SRC}/tests/explore/kernels/tagcount/kernel.yaml)
  run_one_divergence(divs ${spec} "a count of words past a shallow memory" --iterations 60)
  check_minimised(${spec} ${divs})
  expect_cause_on_paths(npaths ${divs} "rtl-oob:A|cause|depth:A")
  json_get(cls ${divs}/symptom.json class)
  if(NOT cls STREQUAL "mismatch:return")
    message(FATAL_ERROR "${divs}: class ${cls}, want mismatch:return (the poison never reaches the result)")
  endif()
  if(NOT LGFUZZ_OUT MATCHES "mismatch:return caused by depth:A on ${npaths} C paths: ")
    message(FATAL_ERROR "the summary does not name the depth and its paths:\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "wildstore")
  # t[k] = v, then t[r & 15], for any k below 16: a k below 0 gives a
  # wrong value (the RTL stores at k's low bits) or, far below, a fault.
  # UBSan's array-bounds check fires at the store each time, and both
  # are the one cause.
  # A seed input stores at k = -13 and reads t[3]: the RTL's store lands
  # there, the C's below the table; mutations of k far below fault.
  set(spec ${SRC}/tests/explore/kernels/wildstore/kernel.yaml)
  file(MAKE_DIRECTORY ${WORK}/ws-seeds)
  file(WRITE ${WORK}/ws-seeds/below.json "{\"k\": -13, \"v\": 5, \"r\": 3}\n")
  run_one_divergence(divs ${spec} "a store past a local table" --iterations 60 --seeds ${WORK}/ws-seeds)
  file(READ ${WORK}/out/labels.jsonl labels)
  if(NOT labels MATCHES "\"mismatch:return\"" OR NOT labels MATCHES "\"cpu-crash:SIG")
    message(FATAL_ERROR "the run saw no wrong value or no fault: the one divergence was to stand for both")
  endif()
  json_get(key ${divs}/symptom.json key)
  read_triage(${divs})
  if(NOT key STREQUAL "c-ub|cause|ub:out-of-bounds:kernel.c:11" OR NOT triage STREQUAL "c-ub:oob"
     OR NOT at STREQUAL "kernel.c:11")
    message(FATAL_ERROR "${divs}: key ${key}, triage ${triage} at ${at}; want c-ub|cause|ub:out-of-bounds:kernel.c:11, "
                        "c-ub:oob at kernel.c:11")
  endif()
  json_get(k ${divs}/input.json k)
  if(k GREATER_EQUAL 0 AND k LESS 16)
    message(FATAL_ERROR "${divs}: k = ${k} stores inside the table")
  endif()
  expect_one_triaged(c-ub:oob)
elseif(CHECK STREQUAL "widthpaths")
  # A local that four cases of a switch assign, kept by the RTL in a 5-bit
  # register (t_reg) that hls.widths does not declare: the register gives
  # t a width probe, and every case whose t leaves [-16, 15] is one
  # divergence, caused by width:t and seen on the C paths of several
  # cases (before: no probe, one divergence per case).
  set(spec ${SRC}/tests/explore/kernels/widthpaths/kernel.yaml)
  run_one_cause(divs npaths ${spec} "one narrowed local on four paths" "mismatch|cause|width:t")
  if(NOT LGFUZZ_OUT MATCHES "mismatch:return caused by width:t on ${npaths} C paths: ")
    message(FATAL_ERROR "the summary does not name the cause and its paths:\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "satpaths")
  # A saturation the RTL leaves out, before a switch: every mode whose sum
  # leaves [-128, 127] diverges, high or low, and no probe fires. The C
  # with the saturation's condition decided the other way gives the RTL's
  # result, and no other line does: one divergence, caused by that branch
  # on several C paths (before: one divergence per mode and side, 8).
  set(spec ${SRC}/tests/explore/kernels/satpaths/kernel.yaml)
  run_one_cause(divs npaths ${spec} "one saturation on eight paths" "mismatch|cause|stmt:kernel.c:15")
  json_get(triage ${divs}/symptom.json triage class)
  json_get(at ${divs}/symptom.json triage at)
  if(NOT triage STREQUAL "branch" OR NOT at MATCHES "^kernel.c:15:[0-9]+$")
    message(FATAL_ERROR "${divs}: triage ${triage} at ${at}, want branch at kernel.c:15")
  endif()
  if(NOT LGFUZZ_OUT MATCHES "branch at kernel.c:15:[0-9]+: mismatch:return caused by stmt:kernel.c:15 on ${npaths} C paths: ")
    message(FATAL_ERROR "the summary does not name the branch and its paths:\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "signpair")
  set(spec ${SRC}/tests/explore/kernels/signpair/kernel.yaml)
  run_lgfuzz(rc ${spec} --iterations 60 --seed 1 --no-guard --out ${WORK}/out)
  file(GLOB divs ${WORK}/out/divergences/*)
  set(keys)
  foreach(d ${divs})
    json_get(key ${d}/symptom.json key)
    list(APPEND keys "${key}")
    if(key STREQUAL "mismatch|cause|stmt:kernel.c:7,stmt:kernel.c:9")
      read_triage(${d})
      if(NOT triage STREQUAL "statements" OR NOT at MATCHES "^kernel.c:7:[0-9]+, kernel.c:9:[0-9]+$"
         OR NOT why MATCHES "neither alone gives it")
        message(FATAL_ERROR "${d}: triage ${triage} at ${at} (${why}); want statements at kernel.c:7 and kernel.c:9")
      endif()
    endif()
  endforeach()
  list(SORT keys)
  set(want "mismatch|cause|stmt:kernel.c:7" "mismatch|cause|stmt:kernel.c:7,stmt:kernel.c:9"
      "mismatch|cause|stmt:kernel.c:9")
  if(NOT rc EQUAL 1 OR NOT keys STREQUAL want)
    message(FATAL_ERROR "two comparisons made signed: exit ${rc}, keys ${keys}; want exit 1 and ${want}")
  endif()
  if(NOT LGFUZZ_OUT MATCHES "statements at kernel.c:7:[0-9]+, kernel.c:9:[0-9]+: mismatch:return caused by stmt:kernel.c:7,stmt:kernel.c:9")
    message(FATAL_ERROR "the summary does not name the two statements:\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "unanalysed")
  set(spec ${SRC}/tests/explore/kernels/signpair/kernel.yaml)
  run_lgfuzz(rc ${spec} --iterations 60 --seed 1 --no-guard --out ${WORK}/out)
  file(GLOB divs ${WORK}/out/divergences/*)
  list(GET divs 0 d)
  file(READ ${d}/symptom.json sym)
  string(REPLACE "\"analysed\":true" "\"analysed\":false" cut "${sym}")
  if(cut STREQUAL sym)
    message(FATAL_ERROR "${d}/symptom.json has no \"analysed\":true")
  endif()
  file(WRITE ${d}/symptom.json "${cut}")
  run_lgfuzz(rc ${spec} --iterations 1 --seed 1 --no-guard --out ${WORK}/out)
  if(NOT LGFUZZ_OUT MATCHES "1 not minimised, the run ended first"
     OR NOT LGFUZZ_OUT MATCHES "\nnote: 1 of the divergences were found as the run ended and not minimised or analysed")
    message(FATAL_ERROR "the resumed run does not say a divergence was not analysed:\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "mergesort")
  # One plant, a sub-range the RTL's short stack leaves unsorted. On an
  # input of zeros with one -1 the compare at kernel.c:24 taken true gives
  # the RTL's result by coincidence, but the neighbours with a 1 in place
  # of a 0 diverge and nothing explains them: no stmt: cause (before: two
  # reports, one of them "caused by stmt:kernel.c:24").
  set(spec ${SRC}/kernels/mergesort/kernel.yaml)
  run_one_divergence(divs ${spec} "one dropped stack frame" --iterations 60)
  json_get(key ${divs}/symptom.json key)
  if(key MATCHES "stmt:" OR LGFUZZ_OUT MATCHES "caused by stmt:")
    message(FATAL_ERROR "${divs}: key ${key}, a statement named for a coincidence:\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "cntwidth")
  # A loop counter the RTL holds in 2 bits against the bound's low 2 bits:
  # where the C's counter reaches 4 the divergence needs width:i; where the
  # C returns early nothing fires, but the C with the loop test made in 2
  # bits gives the RTL's result. One report, width:i, on both C paths
  # (before: the early return was a report of its own, keyed by its path).
  set(spec ${SRC}/tests/explore/kernels/cntwidth/kernel.yaml)
  run_one_cause(divs npaths ${spec} "one counter's width on two paths" "mismatch|cause|width:i")
elseif(CHECK STREQUAL "streams")
  # dfscale: a FIFO deadlock (the taps' stream, 2 deep, holds m taps in the
  # C's order) and a sample that wraps in 16 bits. The hang is one report,
  # caused by fifo:tap_fifo on the C paths of m >= n and m < n (before: a
  # report per path); the wrap's input is one sample, not five (the data
  # stream's probe, 4 deep, fires from five on and is not its cause).
  set(spec ${SRC}/kernels/dfscale/kernel.yaml)
  run_lgfuzz(rc ${spec} --iterations 60 --seed 1 --no-guard --out ${WORK}/out)
  file(GLOB divs ${WORK}/out/divergences/*)
  list(LENGTH divs ndivs)
  if(NOT rc EQUAL 1 OR NOT ndivs EQUAL 2)
    message(FATAL_ERROR "dfscale: exit ${rc}, ${ndivs} divergences, want 1 and 2 (the deadlock, the wrap)")
  endif()
  foreach(dv ${divs})
    json_get(key ${dv}/symptom.json key)
    if(key STREQUAL "rtl-hang|cause|fifo:tap_fifo")
      expect_cause_on_paths(npaths ${dv} "rtl-hang|cause|fifo:tap_fifo")
    elseif(key STREQUAL "mismatch|cause|width:v")
      json_get(n ${dv}/input.json n)
      if(NOT n EQUAL 1)
        message(FATAL_ERROR "${dv}: the wrap's input has n = ${n}, want 1")
      endif()
    else()
      message(FATAL_ERROR "${dv}: key ${key}")
    endif()
  endforeach()
  if(NOT LGFUZZ_OUT MATCHES "\n  rtl-hang caused by fifo:tap_fifo on [0-9]+ C paths: ")
    message(FATAL_ERROR "the summary does not name the stream:\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "readback")
  # One read-back of an output on two C paths, beside signed sums that
  # overflow for most random inputs: one divergence, keyed by the
  # read-back (the RTL agrees once acc's input is the value the C wrote)
  # whichever path, triaged c-ub:readback at the return (before the cause
  # analysis: a divergence per path and set of overflows, no triage).
  set(spec ${SRC}/tests/explore/kernels/readback/kernel.yaml)
  run_one_divergence(divs ${spec} "one read-back on two paths" --iterations 100)
  foreach(d ${divs})
    json_get(triage ${d}/symptom.json triage class)
    json_get(at ${d}/symptom.json triage at)
    json_get(key ${d}/symptom.json key)
    if(NOT triage STREQUAL "c-ub:readback" OR NOT at STREQUAL "kernel.c:16")
      message(FATAL_ERROR "${d}: triage ${triage} at ${at}, want c-ub:readback at kernel.c:16")
    endif()
    if(NOT key STREQUAL "mismatch|cause|readback:acc")
      message(FATAL_ERROR "${d}: key ${key}, want mismatch|cause|readback:acc")
    endif()
  endforeach()
  json_get(counted ${WORK}/out/stats.json divergences_triage c-ub:readback)
  if(NOT counted EQUAL 1)
    message(FATAL_ERROR "stats.json counts ${counted} c-ub:readback divergences, want 1")
  endif()
  # One report for both C paths that read acc back.
  if(NOT LGFUZZ_OUT MATCHES "c-ub:readback at kernel.c:16: mismatch:return caused by readback:acc on 2 C paths: ")
    message(FATAL_ERROR "the summary does not put the triage first:\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "control")
  run_lgfuzz(rc ${SPEC} --budget 8s --seed 1 --out ${WORK}/ctl)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "expected exit 0 on a correct RTL, got ${rc}")
  endif()
  execute_process(COMMAND ${CHECK_EXPECTED} ${SPEC} none ${WORK}/ctl --none RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "divergences reported on a correct RTL")
  endif()
elseif(CHECK STREQUAL "corners")
  # The corners of the input domain are among the first inputs: rgb2yuv's
  # pure-red and pure-blue pixels (p = 2.4e-7 each for a random input) are
  # found after one mutation step, without learning.
  set(RGB ${SRC}/kernels/rgb2yuv/kernel.yaml)
  run_lgfuzz(rc ${RGB} --iterations 1 --no-synth --no-guard --seed 1 --out ${WORK}/corners)
  execute_process(COMMAND ${CHECK_EXPECTED} ${RGB} ${SRC}/kernels/rgb2yuv/expected.yaml ${WORK}/corners
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  message(STATUS "${out}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "u-wrap and v-wrap not found from the domain's corners")
  endif()
  # --no-spectra (part of the naive baseline) starts without the corners.
  run_lgfuzz(rc ${RGB} --iterations 1 --no-synth --no-spectra --no-guard --seed 1 --out ${WORK}/nocorners)
  execute_process(COMMAND ${CHECK_EXPECTED} ${RGB} ${SRC}/kernels/rgb2yuv/expected.yaml ${WORK}/nocorners
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  message(STATUS "${out}")
  if(rc EQUAL 0)
    message(FATAL_ERROR "--no-spectra still started from the corners")
  endif()
elseif(CHECK STREQUAL "resume")
  # A short first run: accumulate has few paths once a loop's trip counts
  # are bucketed, and a long one leaves the second little to add.
  run_lgfuzz(rc ${ACC} --iterations 3 --rtl never --seed 3 --out ${WORK}/res)
  corpus_list(first ${WORK}/res)
  list(LENGTH first n1)
  run_lgfuzz(rc ${ACC} --iterations 15 --rtl never --seed 4 --out ${WORK}/res)
  corpus_list(second ${WORK}/res)
  list(LENGTH second n2)
  foreach(f ${first})
    if(NOT f IN_LIST second)
      message(FATAL_ERROR "corpus entry ${f} lost on resume")
    endif()
  endforeach()
  if(n2 LESS_EQUAL n1)
    message(FATAL_ERROR "resumed run added nothing (${n1} -> ${n2})")
  endif()
  # Entries are named by content hash; equal contents would share a name.
  set(contents "")
  foreach(f ${second})
    file(READ ${WORK}/res/corpus/${f} c)
    if(c IN_LIST contents)
      message(FATAL_ERROR "duplicate corpus content in ${f}")
    endif()
    list(APPEND contents "${c}")
  endforeach()
  expect_complete(${WORK}/res)
  # With the RTL: a resumed run keeps every divergence directory and adds
  # none whose key (class, C path and fired probes) it already had.
  run_lgfuzz(rc ${ACC} --iterations 10 --seed 3 --no-guard --out ${WORK}/resd)
  file(GLOB d1 RELATIVE ${WORK}/resd/divergences ${WORK}/resd/divergences/*)
  run_lgfuzz(rc ${ACC} --iterations 10 --seed 4 --no-guard --out ${WORK}/resd)
  file(GLOB d2 RELATIVE ${WORK}/resd/divergences ${WORK}/resd/divergences/*)
  list(LENGTH d1 nd1)
  if(nd1 EQUAL 0)
    message(FATAL_ERROR "first run found no divergence to resume from")
  endif()
  foreach(d ${d1})
    if(NOT d IN_LIST d2)
      message(FATAL_ERROR "divergence ${d} lost on resume")
    endif()
  endforeach()
  set(keys "")
  foreach(d ${d2})
    json_get(key ${WORK}/resd/divergences/${d}/symptom.json key)
    if(key IN_LIST keys)
      message(FATAL_ERROR "divergence key ${key} recorded twice (${d})")
    endif()
    list(APPEND keys "${key}")
  endforeach()
  json_get(ndiv ${WORK}/resd/stats.json divergences)
  list(LENGTH d2 nd2)
  if(NOT ndiv EQUAL nd2)
    message(FATAL_ERROR "stats.json counts ${ndiv} divergences, the directory holds ${nd2}")
  endif()
elseif(CHECK STREQUAL "determinism")
  run_lgfuzz(rc ${ACC} --iterations 25 --rtl never --seed 5 --out ${WORK}/d1)
  run_lgfuzz(rc ${ACC} --iterations 25 --rtl never --seed 5 --out ${WORK}/d2)
  run_lgfuzz(rc ${ACC} --iterations 25 --rtl never --seed 6 --out ${WORK}/d3)
  corpus_list(c1 ${WORK}/d1)
  corpus_list(c2 ${WORK}/d2)
  corpus_list(c3 ${WORK}/d3)
  json_get(e1 ${WORK}/d1/stats.json execs)
  json_get(e2 ${WORK}/d2/stats.json execs)
  if(NOT c1 STREQUAL c2 OR NOT e1 EQUAL e2)
    message(FATAL_ERROR "same seed, different runs: ${e1} vs ${e2} execs")
  endif()
  if(c1 STREQUAL c3)
    message(FATAL_ERROR "different seeds gave the same corpus")
  endif()
  # With the RTL: one worker or two, the same run (a call's result depends
  # on its input alone), and stats.json gives the RTL's cost.
  run_lgfuzz(rc ${ACC} --iterations 25 --seed 5 --rtl-jobs 1 --no-guard --out ${WORK}/r1)
  run_lgfuzz(rc ${ACC} --iterations 25 --seed 5 --rtl-jobs 2 --no-guard --out ${WORK}/r2)
  corpus_list(c1 ${WORK}/r1)
  corpus_list(c2 ${WORK}/r2)
  file(GLOB d1 RELATIVE ${WORK}/r1/divergences ${WORK}/r1/divergences/*)
  file(GLOB d2 RELATIVE ${WORK}/r2/divergences ${WORK}/r2/divergences/*)
  list(SORT d1)
  list(SORT d2)
  foreach(k r1 r2)
    foreach(f rtl_calls rtl_jobs rtl_seconds rtl_calls_per_s rtl_wait_share execs)
      json_get(${k}_${f} ${WORK}/${k}/stats.json ${f})
    endforeach()
  endforeach()
  if(NOT c1 STREQUAL c2 OR NOT d1 STREQUAL d2 OR NOT r1_rtl_calls EQUAL r2_rtl_calls OR NOT r1_execs EQUAL r2_execs)
    message(FATAL_ERROR "1 and 2 RTL workers, different runs: ${r1_rtl_calls} vs ${r2_rtl_calls} RTL calls, "
                        "divergences '${d1}' vs '${d2}'")
  endif()
  if(NOT r1_rtl_jobs EQUAL 1 OR NOT r2_rtl_jobs EQUAL 2 OR r1_rtl_calls EQUAL 0 OR NOT d1)
    message(FATAL_ERROR "rtl_jobs ${r1_rtl_jobs}/${r2_rtl_jobs}, ${r1_rtl_calls} RTL calls, divergences '${d1}'")
  endif()
  if(NOT r1_rtl_calls_per_s GREATER 0 OR NOT r1_rtl_wait_share GREATER 0 OR r1_rtl_wait_share GREATER 1)
    message(FATAL_ERROR "rtl_calls_per_s ${r1_rtl_calls_per_s}, rtl_wait_share ${r1_rtl_wait_share}")
  endif()
elseif(CHECK STREQUAL "sigint")
  # The run gets SIGINT from a shell `delay` seconds after it holds its
  # output directory; it must finish its files and exit 0 or 1. lgfuzz
  # installs its handler before it takes the directory's lock, and a
  # background job of sh starts with SIGINT ignored: a signal sent before
  # the handler (a slow start on a loaded machine) would be lost and the
  # run would go on for its whole budget.
  function(interrupted_run dir delay)
    execute_process(COMMAND sh -c "${LGFUZZ} run ${ACC} --budget 120s -q --out ${dir} & pid=$!
i=0
while [ \"$(cat ${dir}/.lock 2>/dev/null)\" != $pid ] && kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do
  sleep 0.1
  i=$((i + 1))
done
sleep ${delay}; kill -INT $pid; wait $pid"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
    message(STATUS "interrupted ${delay} s after it took its directory: exit ${rc}\n${out}${err}")
    if(NOT (rc EQUAL 0 OR rc EQUAL 1))
      message(FATAL_ERROR "run interrupted ${delay} s after it took its directory exited ${rc}")
    endif()
    if(NOT out MATCHES "^lgfuzz run accumulate: interrupted after [0-9.]+s ")
      message(FATAL_ERROR "the summary's first line does not say the run was interrupted and when")
    endif()
    expect_complete(${dir})
  endfunction()
  # The model is built first: a signal during its build ends the run with
  # exit 2 and nothing fuzzed (checked below), not with a complete run.
  warm_model(${ACC} ${SRC}/kernels/accumulate/inputs/odd-size.json)
  interrupted_run(${WORK}/int 5)
  json_get(secs ${WORK}/int/stats.json seconds)
  if(secs GREATER 60)
    message(FATAL_ERROR "run did not stop on SIGINT (${secs}s)")
  endif()
  # Interrupted during start-up (loading the executor and the model),
  # before its first step: still complete.
  interrupted_run(${WORK}/int0 0.3)
  # Ctrl-C in a terminal while the kernel and its RTL are built from an
  # empty cache: the whole process group (Verilator, the compiler) gets it.
  # The run ends at once with exit 2, saying so, and leaves no partial build.
  # timeout sends the signal to its whole process group, as a terminal does
  # (a background job of sh would have SIGINT ignored, and so its children).
  execute_process(COMMAND timeout --preserve-status -s INT 3
                          env LGFUZZ_CACHE_DIR=${WORK}/cold ${LGFUZZ} run ${ACC} --budget 60s -q --out ${WORK}/int1
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
  message(STATUS "exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL 2 OR NOT err MATCHES "interrupted (while|before) building")
    message(FATAL_ERROR "run interrupted while building: exit ${rc}, expected 2 and a message saying so")
  endif()
  file(GLOB_RECURSE partial LIST_DIRECTORIES true ${WORK}/cold/*)
  list(FILTER partial INCLUDE REGEX "\\.tmp\\.[0-9]")
  if(partial)
    message(FATAL_ERROR "partial build left behind: ${partial}")
  endif()
elseif(CHECK STREQUAL "fulldisk")
  # A 5 MiB tmpfs in a private mount namespace stands in for a full disk;
  # the run fills it within its first seconds (a waveform of accumulate's
  # hang is 4.4 MB, of its other divergences up to ~90 KB, and its labels
  # grow by about 50 KB a second: with one report per cause the run
  # writes 6.4 MB in 30 s, which an 8 MiB disk held).
  # Its contents are copied out before the namespace ends.
  execute_process(COMMAND unshare -rm true RESULT_VARIABLE can)
  if(NOT can EQUAL 0)
    message(STATUS "SKIP: cannot mount a tmpfs here (unshare -rm failed)")
    return()
  endif()
  set(mnt ${WORK}/mnt)
  file(MAKE_DIRECTORY ${mnt})
  file(WRITE ${WORK}/full.sh "
set -u
mount -t tmpfs -o size=5m tmpfs ${mnt} || exit 3
${LGFUZZ} run ${ACC} --budget 30s --seed 1 -q --out ${mnt}/o >${WORK}/full.out 2>${WORK}/full.err
echo $? >${WORK}/full.rc
cp -a ${mnt}/o ${WORK}/full || exit 3
# A killed run's half-written divergence, for the resumed run to remove.
mount -o remount,size=256m ${mnt} || exit 3
mkdir ${mnt}/o/divergences/.099-mismatch-return.partial && echo '{}' >${mnt}/o/divergences/.099-mismatch-return.partial/cpu.json
${LGFUZZ} run ${ACC} --budget 5s --seed 2 -q --no-guard --out ${mnt}/o >${WORK}/resume.out 2>${WORK}/resume.err
echo $? >${WORK}/resume.rc
cp -a ${mnt}/o ${WORK}/resumed || exit 3
# Build caches on a full file system: the instrumented kernel (20 KiB) and
# the Verilator model (72 KiB: room for the kernel's entry and its lock, not
# for the model) cannot be built.
for size in 20k 72k; do
  mkdir -p ${WORK}/cache-$size && mount -t tmpfs -o size=$size,mode=0700 tmpfs ${WORK}/cache-$size || exit 3
  LGFUZZ_CACHE_DIR=${WORK}/cache-$size ${LGFUZZ} run ${ACC} --budget 5s -q --out ${WORK}/cache-out >/dev/null 2>${WORK}/cache-$size.err
  echo $? >${WORK}/cache-$size.rc
done
")
  execute_process(COMMAND unshare -rm sh ${WORK}/full.sh RESULT_VARIABLE rc TIMEOUT 300)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the namespace script failed (${rc})")
  endif()
  saved_result(full frc ferr)
  if(NOT frc EQUAL 2)
    message(FATAL_ERROR "a full disk should end the run with exit 2, got ${frc}")
  endif()
  # The disk fills on a file's write or on growing the final save's reserve;
  # either way the message names where.
  if(NOT ferr MATCHES "${mnt}/o/[^:]*: cannot write: No space left on device" AND
     NOT ferr MATCHES "${mnt}/o: cannot keep [0-9]+ bytes in reserve for the final save: No space left on device")
    message(FATAL_ERROR "the error does not name the file or directory that could not be written")
  endif()
  set(d ${WORK}/full)
  expect_complete(${d})
  json_get(status ${d}/stats.json status)
  json_get(error ${d}/stats.json error)
  if(NOT status STREQUAL "failed" OR NOT error MATCHES "No space left on device")
    message(FATAL_ERROR "final stats.json says ${status}: ${error}")
  endif()
  # Every corpus entry on disk is whole, and the run counted each one.
  corpus_list(corpus ${d})
  list(LENGTH corpus ncorpus)
  json_get(counted ${d}/stats.json corpus)
  if(NOT ncorpus EQUAL counted)
    message(FATAL_ERROR "${ncorpus} corpus files, stats.json counts ${counted}")
  endif()
  foreach(f ${corpus})
    json_get(ignored ${d}/corpus/${f} data)
  endforeach()
  # Every divergence directory is whole, and nothing half-written is left.
  file(GLOB divs ${d}/divergences/*)
  list(LENGTH divs ndivs)
  json_get(counted ${d}/stats.json divergences)
  if(ndivs EQUAL 0 OR NOT ndivs EQUAL counted)
    message(FATAL_ERROR "${ndivs} divergence directories, stats.json counts ${counted}")
  endif()
  foreach(dv ${divs})
    foreach(f input.json input.orig.json cpu.json rtl.json symptom.json wave.vcd repro.c README)
      if(NOT EXISTS ${dv}/${f})
        message(FATAL_ERROR "${dv}/${f} missing")
      endif()
    endforeach()
  endforeach()
  file(GLOB hidden LIST_DIRECTORIES true ${d}/.* ${d}/divergences/.*)
  # The lock file stays: only the lock goes with its holder.
  list(FILTER hidden EXCLUDE REGEX "/\\.lock$")
  if(hidden)
    message(FATAL_ERROR "left behind: ${hidden}")
  endif()
  file(STRINGS ${d}/plot.csv rows)
  foreach(row ${rows})
    if(NOT row MATCHES "^[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+,[^,]+$")
      message(FATAL_ERROR "plot.csv has a cut row: '${row}'")
    endif()
  endforeach()
  # With room again, the run resumes from what was saved.
  saved_result(resume rrc rerr)
  if(NOT (rrc EQUAL 0 OR rrc EQUAL 1))
    message(FATAL_ERROR "the resumed run exited ${rrc}")
  endif()
  expect_complete(${WORK}/resumed)
  json_get(status ${WORK}/resumed/stats.json status)
  if(NOT status STREQUAL "complete")
    message(FATAL_ERROR "resumed run: status ${status}")
  endif()
  corpus_list(corpus2 ${WORK}/resumed)
  foreach(f ${corpus})
    if(NOT f IN_LIST corpus2)
      message(FATAL_ERROR "corpus entry ${f} lost on resume")
    endif()
  endforeach()
  foreach(dv ${divs})
    get_filename_component(name ${dv} NAME)
    if(NOT EXISTS ${WORK}/resumed/divergences/${name}/symptom.json)
      message(FATAL_ERROR "divergence ${name} lost on resume")
    endif()
  endforeach()
  file(GLOB hidden LIST_DIRECTORIES true ${WORK}/resumed/.* ${WORK}/resumed/divergences/.*)
  list(FILTER hidden EXCLUDE REGEX "/\\.lock$")
  if(hidden)
    message(FATAL_ERROR "left behind after the resumed run: ${hidden}")
  endif()
  # A full build cache is an error that says so, not a crash (LLVM's own
  # file stream aborts the process when a write fails).
  foreach(size 20k 72k)
    saved_result(cache-${size} crc cerr)
    if(NOT crc EQUAL 2 OR NOT cerr MATCHES "file system full")
      message(FATAL_ERROR "a full build cache should end the run with exit 2 and say the file system is full")
    endif()
  endforeach()
elseif(CHECK STREQUAL "loopedges")
  set(LE ${SRC}/tests/explore/kernels/loopedge/kernel.yaml)
  run_lgfuzz(rc ${LE} --iterations 100 --rtl never --seed 1 --no-guard --no-mutations --out ${WORK}/le)
  file(READ ${WORK}/le/stats.json stats)
  string(JSON nloops LENGTH "${stats}" loops)
  if(NOT nloops EQUAL 1)
    message(FATAL_ERROR "stats.json lists ${nloops} loops, expected 1")
  endif()
  json_get(term ${WORK}/le/stats.json loops 0 term)
  if(NOT term STREQUAL "count")
    message(FATAL_ERROR "the trip count was learned as '${term}', expected 'count'")
  endif()
  string(JSON nedges LENGTH "${stats}" loops 0 edges)
  set(want 299 300 301 511 512 513)
  foreach(k RANGE 0 5)
    if(k LESS nedges)
      json_get(trips ${WORK}/le/stats.json loops 0 edges ${k} trips)
      json_get(reached ${WORK}/le/stats.json loops 0 edges ${k} reached)
      list(REMOVE_ITEM want ${trips})
      if(reached EQUAL 0)
        message(FATAL_ERROR "edge case of ${trips} iterations never reached")
      endif()
    endif()
  endforeach()
  if(want)
    message(FATAL_ERROR "edge cases missing from stats.json: ${want}")
  endif()
elseif(CHECK STREQUAL "solvershare")
  run_lgfuzz(rc ${ARITH} --budget 8s --rtl never --seed 1 --no-guard --out ${WORK}/sq)
  json_get(share ${WORK}/sq/stats.json solver_share)
  json_get(quota ${WORK}/sq/stats.json solver_quota)
  json_get(steps ${WORK}/sq/stats.json solver_steps)
  json_get(queries ${WORK}/sq/stats.json solver queries)
  json_get(yield ${WORK}/sq/stats.json solver_yield)
  message(STATUS "share ${share}, quota ${quota}, ${queries} queries in ${steps} steps, ${yield} paying")
  if(share GREATER 0.55)
    message(FATAL_ERROR "the solver took ${share} of the loop's time, over the cap of 0.5")
  endif()
  math(EXPR fixed "8 * ${steps}")
  if(steps EQUAL 0 OR NOT quota LESS 8 OR NOT queries LESS fixed)
    message(FATAL_ERROR "quota ${quota} after ${steps} steps, ${queries} queries: the quota did not fall")
  endif()
elseif(CHECK STREQUAL "lastrerun")
  set(SD ${SRC}/tests/explore/kernels/slowdiv/kernel.yaml)
  file(WRITE ${WORK}/x.json "{\"x\": 51000}")
  warm_model(${SD} ${WORK}/x.json)
  string(TIMESTAMP t0 "%s%f")
  run_lgfuzz(rc ${SD} --budget 6s --seed 1 --no-guard --out ${WORK}/sd)
  string(TIMESTAMP t1 "%s%f")
  math(EXPR ms "(${t1} - ${t0}) / 1000")
  message(STATUS "lgfuzz run --budget 6s: exit ${rc} after ${ms} ms")
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "expected exit 1 (the divergence recorded), got ${rc}")
  endif()
  expect_complete(${WORK}/sd)
  json_get(steps ${WORK}/sd/stats.json minimise_steps)
  if(steps EQUAL 0)
    message(FATAL_ERROR "nothing was minimised: the check no longer reaches the deadline while minimising")
  endif()
  if(ms GREATER 8000)
    message(FATAL_ERROR "the run took ${ms} ms of wall time on a 6 s budget (limit 8000 ms)")
  endif()
elseif(CHECK STREQUAL "maxmemory")
  # A count of iterations, not a budget: on a loaded machine a 10 s
  # budget once ran one iteration, too few to fill the tree.
  set(SC ${SRC}/kernels/streamclip/kernel.yaml)
  run_lgfuzz(rc ${SC} --iterations 20 --seed 1 --no-guard --max-memory 1M --out ${WORK}/mm)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "expected exit 1 (the planted rtl-hang), got ${rc}")
  endif()
  execute_process(COMMAND ${CHECK_EXPECTED} ${SC} ${SRC}/kernels/streamclip/expected.yaml ${WORK}/mm
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "counter-wrap not found under the memory bound\n${out}")
  endif()
  json_get(summarised ${WORK}/mm/stats.json tree_summarised)
  json_get(bytes ${WORK}/mm/stats.json tree_bytes)
  json_get(budget ${WORK}/mm/stats.json tree_budget_bytes)
  if(summarised EQUAL 0 OR NOT budget EQUAL 1048576)
    message(FATAL_ERROR "tree budget ${budget} bytes, ${summarised} subtrees summarised: the bound did not act")
  endif()
  # The last round may add to the tree after its last check: one round's worth.
  math(EXPR slack "${budget} + 512 * 1024")
  if(bytes GREATER slack)
    message(FATAL_ERROR "the tree holds ${bytes} accounted bytes, over its budget of ${budget}")
  endif()
  file(READ ${WORK}/mm/tree.json tree)
  string(JSON folded GET "${tree}" folded_nodes)
  string(JSON n LENGTH "${tree}" tree)
  set(marked 0)
  math(EXPR last "${n} - 1")
  foreach(k RANGE 0 ${last})
    string(JSON s ERROR_VARIABLE none GET "${tree}" tree ${k} summarised)
    if(s STREQUAL "ON" OR s STREQUAL "true")
      set(marked 1)
    endif()
  endforeach()
  if(folded EQUAL 0 OR NOT marked)
    message(FATAL_ERROR "tree.json: ${folded} folded nodes, summarised node listed: ${marked}")
  endif()
  # The tree's share follows from the options alone, so a run with
  # --iterations that summarises is reproducible (20 iterations summarise
  # 24 subtrees with seed 4).
  foreach(k 1 2)
    run_lgfuzz(rc ${SC} --iterations 20 --rtl never --seed 4 --no-guard --max-memory 1M --out ${WORK}/mi${k})
    corpus_list(mc${k} ${WORK}/mi${k})
    json_get(ms${k} ${WORK}/mi${k}/stats.json tree_summarised)
    json_get(mp${k} ${WORK}/mi${k}/stats.json paths)
  endforeach()
  if(NOT mc1 STREQUAL mc2 OR NOT ms1 EQUAL ms2 OR NOT mp1 EQUAL mp2 OR ms1 EQUAL 0)
    message(FATAL_ERROR "same seed under --max-memory 1M, different runs: ${ms1} vs ${ms2} summaries, "
                        "${mp1} vs ${mp2} paths (want equal and nonzero summaries)")
  endif()
elseif(CHECK STREQUAL "arith")
  run_lgfuzz(rc ${ARITH} --iterations 300 --rtl never --seed 1 --out ${WORK}/a1)
  json_get(cov ${WORK}/a1/stats.json branches_covered)
  json_get(tot ${WORK}/a1/stats.json branches_total)
  if(NOT cov EQUAL tot)
    message(FATAL_ERROR "lgfuzz covered ${cov}/${tot} branch directions")
  endif()
  run_lgfuzz(rc ${ARITH} --iterations 300 --rtl never --seed 1 --no-synth --out ${WORK}/a2)
  json_get(cov2 ${WORK}/a2/stats.json branches_covered)
  if(cov2 EQUAL tot)
    message(FATAL_ERROR "--no-synth covered the arithmetic branch too; the kernel no longer tests learning")
  endif()
elseif(CHECK STREQUAL "switch")
  set(SW ${SRC}/tests/explore/kernels/switch20/kernel.yaml)
  run_lgfuzz(rc ${SW} --iterations 60 --rtl never --seed 1 --no-guard --out ${WORK}/sw)
  json_get(conds ${WORK}/sw/stats.json conditions)
  json_get(tot ${WORK}/sw/stats.json branches_total)
  json_get(synth_errors ${WORK}/sw/stats.json synth_errors)
  json_get(solver_errors ${WORK}/sw/stats.json solver_errors)
  if(NOT synth_errors EQUAL 0 OR NOT solver_errors EQUAL 0)
    message(FATAL_ERROR "${synth_errors} synth and ${solver_errors} solver calls failed")
  endif()
  if(NOT conds EQUAL tot)
    message(FATAL_ERROR "conditions for ${conds} of the switch's ${tot} edges")
  endif()
elseif(CHECK STREQUAL "divzero")
  # divzero crashes natively for d == 0 (the zero input among them): the
  # executor recovers from those crashes, and no crashing input becomes a
  # corpus entry to mutate again.
  set(DZ ${SRC}/kernels/divzero/kernel.yaml)
  run_lgfuzz(rc ${DZ} --iterations 20 --rtl never --seed 1 --no-guard --out ${WORK}/dz)
  json_get(crashes ${WORK}/dz/stats.json crashes)
  json_get(recovered ${WORK}/dz/stats.json crashes_recovered)
  if(crashes EQUAL 0 OR recovered EQUAL 0)
    message(FATAL_ERROR "${crashes} crashes, ${recovered} recovered by the executor")
  endif()
  corpus_list(entries ${WORK}/dz)
  if(NOT entries)
    message(FATAL_ERROR "empty corpus")
  endif()
  foreach(f ${entries})
    json_get(d ${WORK}/dz/corpus/${f} d)
    json_get(x ${WORK}/dz/corpus/${f} x)
    if(d EQUAL 0 OR (d EQUAL -1 AND x EQUAL -2147483648))
      message(FATAL_ERROR "corpus entry ${f} crashes natively (x ${x}, d ${d})")
    endif()
  endforeach()
elseif(CHECK STREQUAL "loopnodes")
  set(SC ${SRC}/kernels/streamclip/kernel.yaml)
  run_lgfuzz(rc ${SC} --iterations 40 --seed 1 --rtl never --no-guard --out ${WORK}/sc)
  json_get(nodes ${WORK}/sc/stats.json tree_nodes)
  json_get(paths ${WORK}/sc/stats.json paths)
  json_get(execs ${WORK}/sc/stats.json execs)
  math(EXPR bound "1 + 6 * ${paths}")
  if(execs LESS 200 OR nodes GREATER bound)
    message(FATAL_ERROR "${execs} executions, ${nodes} tree nodes for ${paths} paths: more than 1 + 6 per path")
  endif()
  file(READ ${WORK}/sc/tree.json tree)
  string(REGEX MATCHALL "\"depth\": *[0-9]+" depths "${tree}")
  foreach(d ${depths})
    string(REGEX REPLACE "[^0-9]" "" d "${d}")
    if(d GREATER 6)
      message(FATAL_ERROR "a tree node at depth ${d}: deeper than the 6 branch directions")
    endif()
  endforeach()
elseif(CHECK STREQUAL "tlvwalk")
  # field-narrow is the kernel's one planted divergence and its only
  # mismatch:return; its witness covers one layout only (see its README),
  # so the class is what identifies it here.
  set(TLV ${SRC}/kernels/tlvwalk/kernel.yaml)
  run_lgfuzz(rc ${TLV} --iterations 200 --seed 1 --no-guard --out ${WORK}/tlv)
  file(GLOB divs ${WORK}/tlv/divergences/*)
  set(found 0)
  foreach(dv ${divs})
    json_get(cls ${dv}/symptom.json class)
    if(cls STREQUAL "mismatch:return")
      set(found 1)
    endif()
  endforeach()
  if(NOT rc EQUAL 1 OR NOT found)
    message(FATAL_ERROR "tlvwalk: exit ${rc} (want 1), field-narrow (mismatch:return) found: ${found}")
  endif()
  # Records around the divergent one are incidental: cut out, not kept as
  # another C path (and group) of the same bug.
  file(MAKE_DIRECTORY ${WORK}/tlv-seeds)
  file(COPY ${SRC}/kernels/tlvwalk/inputs/field-narrow-late.json DESTINATION ${WORK}/tlv-seeds)
  run_lgfuzz(rc ${TLV} --iterations 1 --seed 1 --no-guard --seeds ${WORK}/tlv-seeds --out ${WORK}/tlv-min)
  file(GLOB divs ${WORK}/tlv-min/divergences/*)
  list(LENGTH divs ndivs)
  if(NOT rc EQUAL 1 OR NOT ndivs EQUAL 1)
    message(FATAL_ERROR "tlvwalk seeded: exit ${rc} (want 1), ${ndivs} divergences (want 1): ${divs}")
  endif()
  file(READ ${divs}/input.json got)
  string(REGEX REPLACE "[ \n]" "" got "${got}")
  if(NOT got STREQUAL "{\"buf\":[1,4,0,0,0,0,16,2,16,0],\"n\":10}")
    message(FATAL_ERROR "tlvwalk seeded: minimised to ${got}, want the BEGIN and FIELD records alone")
  endif()
elseif(CHECK STREQUAL "widebits")
  # A C kernel on _BitInt(100) and _BitInt(72) whose RTL zero-extends the
  # 72-bit elements: one divergence, mismatch:out, named in decimal; its
  # repro.c builds with the compiler it names, and fails its assertion
  # limb by limb. The same kernel on exact RTL: exit 0.
  set(CW ${SRC}/tests/tracer/kernels/cwide)
  run_one_divergence(divs ${CW}/narrow.yaml "a sum the RTL zero-extends" --iterations 100)
  json_get(cls ${divs}/symptom.json class)
  json_get(detail ${divs}/symptom.json detail)
  if(NOT cls STREQUAL "mismatch:out" OR NOT detail MATCHES "^out: cpu [0-9]+, rtl [0-9]+$")
    message(FATAL_ERROR "${divs}: ${cls}: ${detail} (want mismatch:out with the two values in decimal)")
  endif()
  file(READ ${divs}/repro.c repro)
  if(NOT repro MATCHES "Build and run: clang-14 -o repro repro.c")
    message(FATAL_ERROR "${divs}/repro.c does not say to build it with clang-14")
  endif()
  execute_process(COMMAND clang-14 -o ${WORK}/repro ${divs}/repro.c RESULT_VARIABLE crc ERROR_VARIABLE cerr)
  execute_process(COMMAND ${WORK}/repro RESULT_VARIABLE xrc ERROR_VARIABLE xerr)
  if(NOT crc EQUAL 0 OR xrc EQUAL 0 OR NOT xerr MATCHES "out: limb [01]: cpu 0x[0-9a-f]+, rtl 0x[0-9a-f]+")
    message(FATAL_ERROR "repro.c: build exit ${crc} (${cerr}), run exit ${xrc}: ${xerr}")
  endif()
  run_lgfuzz(rc ${CW}/kernel.yaml --iterations 100 --seed 1 --no-guard --out ${WORK}/exact)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the exact RTL of wadd: exit ${rc}, want 0\n${LGFUZZ_OUT}")
  endif()
elseif(CHECK STREQUAL "wide")
  execute_process(COMMAND ${LGFUZZ} gen --seed 3 --out ${WORK}/g3 RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lgfuzz gen --seed 3: exit ${rc}")
  endif()
  run_lgfuzz(rc ${WORK}/g3/kernel.yaml --iterations 200 --seed 1 --no-guard --out ${WORK}/wide)
  json_get(status ${WORK}/wide/stats.json status)
  if(NOT (rc EQUAL 0 OR rc EQUAL 1) OR NOT status STREQUAL "complete")
    message(FATAL_ERROR "gen seed 3: exit ${rc}, status ${status} (want 0 or 1, complete)")
  endif()
else()
  message(FATAL_ERROR "unknown CHECK '${CHECK}'")
endif()
