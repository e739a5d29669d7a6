# Runs the libFuzzer target FUZZER for RUNS inputs with a fixed seed, from
# the kept corpus KEPT (tests/fuzz/corpus/<reader>, the inputs earlier
# runs found, merged there by the fuzz_corpus target) and the seed corpus
# SEEDS, into the work corpus WORK: libFuzzer writes the inputs it finds
# into its first corpus directory only, so KEPT and SEEDS are read, never
# written, and what this run found stays in WORK after it (emptied when the
# next run starts; `cmake --build BUILD --target fuzz_corpus` merges it
# into KEPT). A crash, leak or sanitizer report fails the test; the input
# is left in WORK/.. as crash-* (keep it in tests/fuzz/regressions/).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
get_filename_component(out ${WORK} DIRECTORY)
file(GLOB kept ${KEPT}/*)
list(LENGTH kept nkept)
if(nkept EQUAL 0)
  message(FATAL_ERROR "the kept corpus ${KEPT} is empty")
endif()
execute_process(COMMAND ${FUZZER} -runs=${RUNS} -seed=1 -max_len=4096 -timeout=10 -rss_limit_mb=2048
                        -artifact_prefix=${out}/ ${WORK} ${KEPT} ${SEEDS}
                RESULT_VARIABLE rc ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (exit ${rc}):\n${log}")
endif()
string(REGEX MATCH "INITED[^\n]*" inited "${log}")
string(REGEX MATCH "Done [0-9]+ runs in [0-9]+ second" done "${log}")
file(GLOB found ${WORK}/*)
list(LENGTH found nfound)
message(STATUS "${nkept} kept inputs; ${inited}; ${done}; ${nfound} new inputs in ${WORK}")
