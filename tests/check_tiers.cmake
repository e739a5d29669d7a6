# Fails when a test of the build tree BUILD has no tier label (quick or
# full) or no component label: lg_test_labels() was not called in its
# folder. Arguments: -DCTEST=<ctest> -DBUILD=<build dir>
execute_process(COMMAND ${CTEST} --test-dir ${BUILD} -N -LE "^(quick|full)$"
  OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ctest -N failed (${rc}):\n${out}")
endif()
string(REGEX MATCHALL "Test +#[0-9]+: [^\n]+" untiered "${out}")
if(untiered)
  string(REPLACE ";" "\n  " untiered "${untiered}")
  message(FATAL_ERROR "tests without a tier (call lg_test_labels() at the end of their folder's CMakeLists.txt):\n  ${untiered}")
endif()
execute_process(COMMAND ${CTEST} --test-dir ${BUILD} -N -L "^quick$" OUTPUT_VARIABLE quick)
if(NOT quick MATCHES "Total Tests: [1-9]")
  message(FATAL_ERROR "the quick tier is empty:\n${quick}")
endif()
message(STATUS "every test has a tier")
