# Runs `lgfuzz run SPEC` once per seed in SEEDS (a few iterations, no
# guard) and checks each run's exit code (EXIT: 1 when the plant must be
# found, 0 for an exact kernel) and that the run's summary on stdout
# matches CLASS (the divergence class; or, for a kernel whose calls are not
# compared, the warning saying so); with no CLASS, that it has no such
# warning.
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
  if(CLASS AND NOT out MATCHES "${CLASS}")
    message(FATAL_ERROR "seed ${seed}: the summary lacks ${CLASS}\nstdout: ${out}")
  endif()
  if(NOT CLASS AND out MATCHES "not compared")
    message(FATAL_ERROR "seed ${seed}: calls of an exact kernel left uncompared\nstdout: ${out}")
  endif()
endforeach()
