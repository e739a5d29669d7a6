# A C kernel cannot crash lgfuzz or outlive it. For each misbehaving
# kernel of tests/cli/kernels, lgfuzz diff gives its class and exits 1,
# lgfuzz run --iterations 20 (4 for the flood) exits normally (0 or 1) with stats.json
# written and the same class in its summary and in stats.json, and one
# second after each command no process of it is left: no process whose
# command line names the kernel's executor (the executors and whatever
# they forked, which inherits it; found in the build cache by the call in
# their harness), and none whose working directory is the command's (every
# process lgfuzz starts inherits it: the RTL workers, whose model another
# kernel may share). Both commands run
# with core dumps allowed (ulimit -c 64 MiB, and ASan's own switch off),
# and no core file may appear in their working directory: the executor
# dumps none (when the system's core_pattern writes them there).
# CHECK selects the case:
#   fd     fdclobber writes junk to every descriptor from 3 to 1023 and
#          closes them all: cpu-fd (it reached the executor's control
#          socket; before, lgfuzz died of a SEGV or an assertion)
#   fork   forker forks on every input, its child sleeping forever:
#          cpu-fork, and no child left (before: no divergence and hundreds
#          of processes left running)
#   stack  smash overwrites its stack frame and its callers': a
#          cpu-crash:SIGSEGV (or SIGABRT) and no core file
#   kill   killer signals lgfuzz (SIGKILL by kill and by tgkill), its own
#          process group (SIGKILL) or every process (the null signal):
#          cpu-kill, lgfuzz alive to report it (before: lgfuzz killed,
#          exit 137, or cpu-oom for the SIGKILL to its group, or nothing)
#   output flood writes to its standard output (printf) or error (write)
#          for ever: cpu-output, in diff and in run alike (before: its
#          output went to /dev/null, and each input was a cpu-hang of
#          2 s, the wall-clock limit)
#   segv   segv dereferences a null pointer: cpu-crash:SIGSEGV
#   hog    hog allocates 10 GiB: cpu-oom
#   stall  stall's RTL never raises ap_done: rtl-hang
#   fatal  fatal's RTL stops on $fatal: rtl-assert
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory), CHECK.
cmake_minimum_required(VERSION 3.23)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/cwd)
set(asan "disable_coredump=0")
if(DEFINED ENV{ASAN_OPTIONS} AND NOT "$ENV{ASAN_OPTIONS}" STREQUAL "")
  set(asan "$ENV{ASAN_OPTIONS}:disable_coredump=0")
endif()

set(iterations 20)
if(CHECK STREQUAL "fd")
  set(kernel fdclobber)
  set(class_re "cpu-fd")
elseif(CHECK STREQUAL "fork")
  set(kernel forker)
  set(class_re "cpu-fork")
elseif(CHECK STREQUAL "stack")
  set(kernel smash)
  set(class_re "cpu-crash:SIG(SEGV|ABRT)")
elseif(CHECK STREQUAL "kill")
  set(kernel killer)
  set(class_re "cpu-kill")
elseif(CHECK STREQUAL "output")
  set(kernel flood)
  set(class_re "cpu-output")
  # Every input writes 8 MiB before it is stopped (most of a second each
  # in the sanitizer build): fewer steps show the same.
  set(iterations 4)
elseif(CHECK STREQUAL "segv")
  set(kernel segv)
  set(class_re "cpu-crash:SIGSEGV")
elseif(CHECK STREQUAL "hog")
  set(kernel hog)
  set(class_re "cpu-oom")
elseif(CHECK STREQUAL "stall")
  set(kernel stall)
  set(class_re "rtl-hang")
  set(iterations 4)
elseif(CHECK STREQUAL "fatal")
  set(kernel fatal)
  set(class_re "rtl-assert")
else()
  message(FATAL_ERROR "unknown CHECK ${CHECK}")
endif()
set(spec ${SRC}/tests/cli/kernels/${kernel}/kernel.yaml)
file(WRITE ${WORK}/in.json "{\"x\": 3}")

# Runs lgfuzz with ARGN in WORK/cwd, core dumps allowed; sets rc, out, err.
function(lgfuzz_in_cwd)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env "ASAN_OPTIONS=${asan}"
                          sh -c "ulimit -c 65536 && exec \"$@\"" sh ${LGFUZZ} ${ARGN}
                  WORKING_DIRECTORY ${WORK}/cwd RESULT_VARIABLE r OUTPUT_VARIABLE o ERROR_VARIABLE e TIMEOUT 600)
  set(rc ${r} PARENT_SCOPE)
  set(out "${o}" PARENT_SCOPE)
  set(err "${e}" PARENT_SCOPE)
endfunction()

# One second after a command: no process of it is left (those found are
# killed, so that a failing test leaves none either), and no core file.
function(expect_nothing_left what)
  execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 1)
  # Only this build tree's cache: another tree's runs of the same kernel
  # are not this command's processes (and must not be killed); and any
  # process whose working directory is this test's.
  execute_process(COMMAND pgrep -f "${exe}|$ENV{LGFUZZ_CACHE_DIR}/rtl/${kernel}-" OUTPUT_VARIABLE pids)
  execute_process(COMMAND find /proc -maxdepth 2 -path "/proc/[0-9]*/cwd" -lname "${WORK}/cwd"
                  OUTPUT_VARIABLE in_cwd ERROR_QUIET)
  string(REGEX REPLACE "/proc/([0-9]+)/cwd" "\\1" in_cwd "${in_cwd}")
  string(REGEX REPLACE "[\n]+" ";" pids "${pids}\n${in_cwd}")
  list(FILTER pids INCLUDE REGEX "^[0-9]+$")
  list(REMOVE_DUPLICATES pids)
  if(pids)
    list(LENGTH pids n)
    string(REPLACE ";" "," plist "${pids}")
    execute_process(COMMAND ps -o pid,ppid,pgid,args -p "${plist}" OUTPUT_VARIABLE ps)
    string(SUBSTRING "${ps}" 0 2000 ps)
    execute_process(COMMAND kill -9 ${pids})
    message(FATAL_ERROR "${n} processes of ${what} still run one second after it exited:\n${ps}")
  endif()
  file(READ /proc/sys/kernel/core_pattern pattern)
  if(pattern MATCHES "^[|/]")
    message(STATUS "core_pattern ${pattern}: core files are not written where this test can see them")
  else()
    file(GLOB cores ${WORK}/cwd/core*)
    if(cores)
      message(FATAL_ERROR "${what} left core files: ${cores}")
    endif()
  endif()
endfunction()

lgfuzz_in_cwd(diff ${spec} ${WORK}/in.json)
message(STATUS "lgfuzz diff ${kernel}: exit ${rc}\n${out}${err}")
# The kernel's executors in the cache: those whose harness calls it.
set(exe "")
# Another test may be building an entry in the shared cache meanwhile: its
# temporary directory (<key>.tmp.<pid>.<suffix>) can vanish between the glob
# and the read, so those are skipped and grep -s reads what is still there.
file(GLOB harnesses $ENV{LGFUZZ_CACHE_DIR}/tracer/*/harness.c)
list(FILTER harnesses EXCLUDE REGEX "[.]tmp[.][0-9]+[.]")
if(harnesses)
  execute_process(COMMAND grep -s -l -E "[^a-z_]${kernel}[(]" ${harnesses} OUTPUT_VARIABLE calling)
  string(REGEX REPLACE "[\n]+" ";" calling "${calling}")
  foreach(h ${calling})
    get_filename_component(dir ${h} DIRECTORY)
    list(APPEND exe ${dir}/executor)
  endforeach()
endif()
if(NOT exe)
  message(FATAL_ERROR "no executor of ${kernel} in $ENV{LGFUZZ_CACHE_DIR}/tracer")
endif()
string(REPLACE ";" "|" exe "${exe}")
if(NOT rc EQUAL 1 OR NOT out MATCHES "divergence ${class_re}: ")
  message(FATAL_ERROR "lgfuzz diff ${kernel}: exit ${rc}, expected 1 and the divergence ${class_re}")
endif()
expect_nothing_left("lgfuzz diff")

lgfuzz_in_cwd(run ${spec} --iterations ${iterations} --no-guard -q --out ${WORK}/run)
message(STATUS "lgfuzz run ${kernel} --iterations ${iterations}: exit ${rc}\n${out}${err}")
if(NOT (rc EQUAL 0 OR rc EQUAL 1))
  message(FATAL_ERROR "lgfuzz run ${kernel} exited ${rc}")
endif()
if(NOT EXISTS ${WORK}/run/stats.json)
  message(FATAL_ERROR "lgfuzz run ${kernel} wrote no stats.json")
endif()
if(NOT out MATCHES "\n  ${class_re} on path ")
  message(FATAL_ERROR "lgfuzz run ${kernel}: no ${class_re} divergence in the summary")
endif()
file(READ ${WORK}/run/stats.json stats)
string(JSON status GET "${stats}" status)
string(JSON ndiv LENGTH "${stats}" divergences_detail)
set(classes "")
if(ndiv GREATER 0)
  math(EXPR last "${ndiv} - 1")
  foreach(i RANGE ${last})
    string(JSON c GET "${stats}" divergences_detail ${i} class)
    list(APPEND classes ${c})
  endforeach()
endif()
message(STATUS "stats.json: status ${status}, divergence classes: ${classes}")
if(NOT status STREQUAL "complete" OR NOT classes MATCHES "(^|;)${class_re}(;|$)")
  message(FATAL_ERROR "stats.json: status '${status}', classes '${classes}'; expected complete and ${class_re}")
endif()
expect_nothing_left("lgfuzz run")
