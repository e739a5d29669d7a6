# Runs the libFuzzer target FUZZER for RUNS inputs from the seed corpus
# SEEDS, with a fixed seed and a fresh work corpus WORK (libFuzzer writes
# the inputs it finds into the first corpus directory, never into SEEDS).
# A crash, leak or sanitizer report fails the test; the input is left in
# WORK/.. as crash-* (keep it in tests/fuzz/regressions/).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
get_filename_component(out ${WORK} DIRECTORY)
execute_process(COMMAND ${FUZZER} -runs=${RUNS} -seed=1 -max_len=4096 -timeout=10 -rss_limit_mb=2048
                        -artifact_prefix=${out}/ ${WORK} ${SEEDS}
                RESULT_VARIABLE rc ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (exit ${rc}):\n${log}")
endif()
string(REGEX MATCH "Done [0-9]+ runs in [0-9]+ second" done "${log}")
message(STATUS "${done}")
