#!/bin/sh
# Installs missing dependencies, builds lgfuzz and fuzzes the bundled default
# kernel (kernels/accumulate) for 30 seconds. This is the README's main
# command. Divergences are the expected outcome (exit code 1 from lgfuzz).
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
rc=0
./build/lgfuzz run kernels/accumulate/kernel.yaml --budget 30s --out out/accumulate || rc=$?
# 0: no divergence, 1: divergences found; anything else is a failure.
[ "$rc" -le 1 ]
