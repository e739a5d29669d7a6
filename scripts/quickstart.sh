#!/bin/sh
# Installs missing dependencies, builds lgfuzz and runs it on the bundled
# default kernel (kernels/accumulate). This is the README's main command.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
./build/lgfuzz check kernels/accumulate/kernel.yaml
