# The RTL workers follow the CPUs lgfuzz may use, never the machine's
# online CPUs: under `taskset -c 0` and with SLURM_CPUS_PER_TASK=1 a run
# on accumulate starts one RTL worker (stats.json rtl_jobs), and without
# a cap as many as its affinity mask holds (at most the oracle's maximum).
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(SPEC ${SRC}/kernels/accumulate/kernel.yaml)
find_program(TASKSET taskset REQUIRED)

function(rtl_jobs out name)
  execute_process(COMMAND ${ARGN} ${LGFUZZ} run ${SPEC} --iterations 2 --no-guard -q --out ${WORK}/${name}
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT (rc EQUAL 0 OR rc EQUAL 1))
    message(FATAL_ERROR "${name}: lgfuzz run exited ${rc}\n${err}")
  endif()
  file(READ ${WORK}/${name}/stats.json stats)
  string(JSON n GET "${stats}" rtl_jobs)
  message(STATUS "${name}: rtl_jobs ${n}")
  set(${out} ${n} PARENT_SCOPE)
endfunction()

rtl_jobs(n pinned ${TASKSET} -c 0)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "under taskset -c 0 lgfuzz started ${n} RTL workers, expected 1")
endif()
rtl_jobs(n slurm ${CMAKE_COMMAND} -E env SLURM_CPUS_PER_TASK=1)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "with SLURM_CPUS_PER_TASK=1 lgfuzz started ${n} RTL workers, expected 1")
endif()
execute_process(COMMAND nproc OUTPUT_VARIABLE cpus OUTPUT_STRIP_TRAILING_WHITESPACE)
rtl_jobs(n free ${CMAKE_COMMAND} -E env --unset=SLURM_CPUS_PER_TASK --unset=LGFUZZ_CPUS)
if(n LESS 1 OR (cpus GREATER 1 AND n LESS 2))
  message(FATAL_ERROR "with ${cpus} CPUs usable lgfuzz started ${n} RTL workers")
endif()
