# Test tiers, component labels and the environment every test runs in.
#
# Every test carries two labels:
# - its component: the part of its name before the first dot (`common`,
#   `explore`, `kernels`, `rtl-oracle`, ...), so `ctest -L explore` runs
#   one component's tests;
# - its tier:
#     quick  unit tests and the end-to-end tests that build little: the edit
#            loop, `ctest -L quick`, under 3 minutes on 2 cores in the
#            sanitizer build from a clean clone (scripts/test.sh runs it
#            first);
#     full   the rest: fuzzing runs on kernels, Verilator builds of many
#            designs, property and fuzz tests.
#   A test is `full` when its name matches one of LG_FULL_TIER below, and
#   `quick` otherwise; style.tiers fails when a test has no tier.
#
# Every test runs with HOME and XDG_CACHE_HOME inside the build tree, so no
# test writes under the user's home, and, unless it sets LGFUZZ_CACHE_DIR
# itself (a test of a cold or private cache), with the suite's one build
# cache LG_TEST_CACHE: a kernel is compiled and verilated once per build
# tree, whichever tests use it. Tests building into it at once wait on the
# cache's entry locks. A test that builds models in a cache of its own
# copies the Verilator runtime archive from this one first
# (tests/cli/seed_runtime.cmake), unless a cache's life from empty is its
# point.

set(LG_TEST_CACHE ${CMAKE_BINARY_DIR}/test-cache)
set(LG_TEST_HOME ${CMAKE_BINARY_DIR}/test-home)
file(MAKE_DIRECTORY ${LG_TEST_CACHE} ${LG_TEST_HOME})
# lgfuzz refuses a cache root others may write to.
file(CHMOD ${LG_TEST_CACHE} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)

# The full tier, by test name (regular expressions).
set(LG_FULL_TIER
  "^kernels\\."              # every bundled kernel: witnesses, model checks, diffs, exact checks, runs
  "^rtl-oracle\\.axi\\."     # one Verilator build per AXI design
  "^rtl-oracle\\.diff\\."
  "^rtl-oracle\\.(build|accumulate|select|cache|vcd|scale|leak|fir|copy|fpcores\\.ieee)"
  "^explore\\.run\\."        # fuzzing runs
  "^explore\\.(kill_resume|expected)"
  "^tracer\\.(apfixed|fpgain|apint|apstream|bitint|init)\\."  # HLS-type shims, built per width
  "^tracer\\.(build|status_one_cpu)$"
  "^cli\\.(budget|run_budget|hls|seeds|host_run|run_seeds|check_rtl|install|misbehaving|init_axi|init_csynth|cpus|build$)"
  "^init\\.(hls|axi|csynth|fp|memory|types)$"
  "^batch\\.(run|shard|valuedb|parallel|slurm)$"
  "^gen\\.(selfcheck|cli)\\."
  "^guard\\.e2e\\."
  "^bench\\."
  "^fuzz\\."
  "^host\\.(run|e2e)"
  "^solver\\.(property|diversity)$"
  "^gen\\.(units|match|check)$"   # generated kernels compiled and verilated
  "^rtl-oracle\\.rtl$"            # verilates a dozen small designs
  "^explore\\.e2e\\.kill_resume$"
  "^cli\\.e2e\\.outdir_lock$"
  "^guard\\.widen$"
  "^cli\\.host\\.run$"
)

# Labels every test of the calling folder with its component and tier and
# gives it the suite's environment (see above). Call it once, at the end of
# each tests/ folder's CMakeLists.txt.
function(lg_test_labels)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t ${tests})
    string(REGEX REPLACE "[.].*" "" component "${t}")
    set(tier quick)
    foreach(re ${LG_FULL_TIER})
      if(t MATCHES "${re}")
        set(tier full)
        break()
      endif()
    endforeach()
    set_property(TEST ${t} APPEND PROPERTY LABELS ${component} ${tier})
    get_test_property(${t} ENVIRONMENT env)
    set(add "")
    if(NOT env MATCHES "(^|;)HOME=")
      list(APPEND add "HOME=${LG_TEST_HOME}")
    endif()
    if(NOT env MATCHES "(^|;)XDG_CACHE_HOME=")
      list(APPEND add "XDG_CACHE_HOME=${LG_TEST_HOME}/.cache")
    endif()
    if(NOT env MATCHES "(^|;)LGFUZZ_CACHE_DIR=")
      list(APPEND add "LGFUZZ_CACHE_DIR=${LG_TEST_CACHE}")
    endif()
    if(add)
      set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT ${add})
    endif()
  endforeach()
endfunction()
