# Finds lgfuzz's dependencies the ordinary way and names the Debian package
# to install when one is missing (scripts/install-deps.sh installs them all).
find_package(PkgConfig)
if(NOT PKG_CONFIG_FOUND)
  message(FATAL_ERROR "pkg-config not found: install the Debian package 'pkg-config' (scripts/install-deps.sh)")
endif()

function(lg_require_pkg var module debpkg)
  pkg_check_modules(${var} IMPORTED_TARGET ${module})
  if(NOT ${var}_FOUND)
    message(FATAL_ERROR "${module} not found via pkg-config: install the Debian package '${debpkg}' (scripts/install-deps.sh)")
  endif()
endfunction()

lg_require_pkg(YAML yaml-0.1 libyaml-dev)
lg_require_pkg(JSONC json-c libjson-c-dev)
# lgfuzz init reads the csynth.xml report of an HLS solution.
lg_require_pkg(XML2 libxml-2.0 libxml2-dev)
lg_require_pkg(Z3 z3 libz3-dev)

find_package(LLVM 14 CONFIG PATHS /usr/lib/llvm-14/lib/cmake/llvm NO_DEFAULT_PATH)
if(NOT LLVM_FOUND)
  find_package(LLVM 14 CONFIG)
endif()
if(NOT LLVM_FOUND)
  message(FATAL_ERROR "LLVM 14 not found: install the Debian package 'llvm-14-dev' (scripts/install-deps.sh)")
endif()
find_program(LGFUZZ_CLANG NAMES clang-14 clang PATHS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
if(NOT LGFUZZ_CLANG)
  message(FATAL_ERROR "clang 14 not found: install the Debian package 'clang-14' (scripts/install-deps.sh)")
endif()
# C++ kernels (a c.source ending in .cpp, .cc or .cxx) go through the
# clang++ driver of the same release.
find_program(LGFUZZ_CLANGXX NAMES clang++-14 clang++ PATHS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
find_program(LGFUZZ_VERILATOR NAMES verilator)
if(NOT LGFUZZ_VERILATOR)
  message(FATAL_ERROR "verilator not found: install the Debian package 'verilator' (scripts/install-deps.sh)")
endif()
message(STATUS "lgfuzz: LLVM ${LLVM_PACKAGE_VERSION}, clang ${LGFUZZ_CLANG}, verilator ${LGFUZZ_VERILATOR}")
