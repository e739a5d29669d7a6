#!/bin/sh
# Installs missing dependencies, builds lgfuzz with ASan+UBSan and runs the
# whole test suite with ctest. This is the README's test command and CI's.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build-test -DLGFUZZ_SANITIZE=ON -DLGFUZZ_WERROR=ON -DCMAKE_BUILD_TYPE=Debug
cmake --build build-test -j"$(nproc)"
ctest --test-dir build-test --output-on-failure -j"$(nproc)"
