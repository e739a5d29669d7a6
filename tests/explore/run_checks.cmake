# End-to-end checks of `lgfuzz run`, selected with -DCHECK=<name>:
#   accumulate  finds every planted divergence of kernels/accumulate, exits 1
#   control     a kernel whose RTL matches its C: exits 0, no divergence
#   resume      a second run on the same --out keeps every corpus entry, adds no duplicate
#   determinism the same --seed and --iterations give the same corpus
#   sigint      SIGINT ends the run with a complete output directory
#   fulldisk    the output's file system fills up: exit 2 naming the file, every saved
#               entry complete, the final stats.json written; a resumed run goes on;
#               a full build cache is an exit 2 that says so
#   corners     the domain's corners alone find rgb2yuv's u-wrap and v-wrap
#   arith       learned conditions cover `a * 3 + b == 1000 && n % 4 == 3`; --no-synth does not
# Inputs: LGFUZZ, CHECK_EXPECTED, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(run_lgfuzz out_rc)
  execute_process(COMMAND ${LGFUZZ} run ${ARGN} -q RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "lgfuzz run ${ARGN}: exit ${rc}\n${out}${err}")
  set(${out_rc} ${rc} PARENT_SCOPE)
endfunction()

function(json_get out file)
  file(READ ${file} text)
  string(JSON value GET "${text}" ${ARGN})
  set(${out} ${value} PARENT_SCOPE)
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

set(ACC ${SRC}/kernels/accumulate/kernel.yaml)
set(ARITH ${SRC}/tests/explore/kernels/arith/kernel.yaml)

if(CHECK STREQUAL "accumulate")
  run_lgfuzz(rc ${ACC} --budget 20s --seed 1 --out ${WORK}/acc)
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
elseif(CHECK STREQUAL "control")
  run_lgfuzz(rc ${SPEC} --budget 15s --seed 1 --out ${WORK}/ctl)
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
  run_lgfuzz(rc ${ACC} --iterations 15 --rtl never --seed 3 --out ${WORK}/res)
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
  # none whose key (class and fired probes) it already had.
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
elseif(CHECK STREQUAL "sigint")
  # The run gets SIGINT from a shell after `delay` seconds; it must finish
  # its files and exit 0 or 1.
  function(interrupted_run dir delay)
    execute_process(COMMAND sh -c "${LGFUZZ} run ${ACC} --budget 120s -q --out ${dir} & pid=$!; sleep ${delay}; kill -INT $pid; wait $pid"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
    message(STATUS "interrupted after ${delay} s: exit ${rc}\n${out}${err}")
    if(NOT (rc EQUAL 0 OR rc EQUAL 1))
      message(FATAL_ERROR "run interrupted after ${delay} s exited ${rc}")
    endif()
    expect_complete(${dir})
  endfunction()
  interrupted_run(${WORK}/int 5)
  json_get(secs ${WORK}/int/stats.json seconds)
  if(secs GREATER 60)
    message(FATAL_ERROR "run did not stop on SIGINT (${secs}s)")
  endif()
  # Interrupted during start-up, before its first step: still complete.
  interrupted_run(${WORK}/int0 0.5)
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
  # A 1 MiB tmpfs in a private mount namespace stands in for a full disk;
  # the run fills it within its first batches (each waveform is ~90 KB).
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
mount -t tmpfs -o size=1m tmpfs ${mnt} || exit 3
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
# the Verilator model (60 KiB) cannot be built.
for size in 20k 60k; do
  mkdir -p ${WORK}/cache-$size && mount -t tmpfs -o size=$size tmpfs ${WORK}/cache-$size || exit 3
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
  if(NOT ferr MATCHES "${mnt}/o/[^:]*: cannot write: No space left on device")
    message(FATAL_ERROR "the error does not name the file that could not be written")
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
    foreach(f input.json cpu.json rtl.json symptom.json wave.vcd repro.c README)
      if(NOT EXISTS ${dv}/${f})
        message(FATAL_ERROR "${dv}/${f} missing")
      endif()
    endforeach()
  endforeach()
  file(GLOB hidden LIST_DIRECTORIES true ${d}/.* ${d}/divergences/.*)
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
  if(hidden)
    message(FATAL_ERROR "left behind after the resumed run: ${hidden}")
  endif()
  # A full build cache is an error that says so, not a crash (LLVM's own
  # file stream aborts the process when a write fails).
  foreach(size 20k 60k)
    saved_result(cache-${size} crc cerr)
    if(NOT crc EQUAL 2 OR NOT cerr MATCHES "file system full")
      message(FATAL_ERROR "a full build cache should end the run with exit 2 and say the file system is full")
    endif()
  endforeach()
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
else()
  message(FATAL_ERROR "unknown CHECK '${CHECK}'")
endif()
