# Runs `lgfuzz run SPEC` once per seed in SEEDS (a few iterations, no
# guard) and checks each run's exit code (EXIT: 1 when the plant must be
# found, 0 for an exact kernel) and, when found, that the run's summary on
# stdout names the divergence class CLASS.
# Variables: LGFUZZ, SPEC, WORK, SEEDS (a;list), ITERATIONS, EXIT, CLASS.
string(REPLACE "," ";" SEEDS "${SEEDS}")
foreach(seed ${SEEDS})
  file(REMOVE_RECURSE ${WORK}/seed-${seed})
  execute_process(COMMAND ${LGFUZZ} run ${SPEC} --seed ${seed} --iterations ${ITERATIONS} --no-guard --rtl-jobs 1
                          -q --out ${WORK}/seed-${seed}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc STREQUAL "${EXIT}")
    message(FATAL_ERROR "seed ${seed}: lgfuzz run exit ${rc}, want ${EXIT}\nstdout: ${out}\nstderr: ${err}")
  endif()
  if(EXIT STREQUAL "1" AND NOT out MATCHES "${CLASS}")
    message(FATAL_ERROR "seed ${seed}: the summary lacks ${CLASS}\nstdout: ${out}")
  endif()
endforeach()
