#!/bin/sh
# Installs missing dependencies, builds lgfuzz with ASan+UBSan and runs the
# whole test suite with ctest: the quick tier first, so that a broken build
# fails within minutes, then the full tier (tests/tiers.cmake). Prints the
# wall time of the build and of each tier. This is the README's test command
# and CI's.
#
# usage: scripts/test.sh [--quick]
#   --quick  the quick tier only (the edit loop: under 3 minutes on 2 cores)
set -eu
cd "$(dirname "$0")/.."
tiers="quick full"
case "${1:-}" in
--quick) tiers=quick ;;
"") ;;
*)
    echo "usage: scripts/test.sh [--quick]" >&2
    exit 2
    ;;
esac
jobs=$(nproc)
scripts/install-deps.sh
t0=$(date +%s)
cmake -S . -B build-test -DLGFUZZ_SANITIZE=ON -DLGFUZZ_WERROR=ON -DCMAKE_BUILD_TYPE=Debug
cmake --build build-test -j"$jobs"
echo "lgfuzz tests: build took $(($(date +%s) - t0)) s"
for tier in $tiers; do
    t=$(date +%s)
    rc=0
    ctest --test-dir build-test --output-on-failure -j"$jobs" -L "^$tier\$" || rc=$?
    echo "lgfuzz tests: $tier tier took $(($(date +%s) - t)) s"
    [ "$rc" -eq 0 ] || exit "$rc"
done
echo "lgfuzz tests: all took $(($(date +%s) - t0)) s"
