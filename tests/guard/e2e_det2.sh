#!/bin/sh
# End to end: det2's guard from a run that found its divergence (a nonzero
# doubled determinant that is a multiple of 2^24) must be sound, not `1`:
# guard.json says "sound": true with validation precision 1, and the
# exported header, compiled with -Wall -Werror, admits no unsafe input and
# rejects no safe one on random inputs and on inputs built to be unsafe.
# usage: e2e_det2.sh LGFUZZ SOURCE_DIR WORK_DIR
set -eu
lgfuzz=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
"$lgfuzz" run "$src/kernels/det2/kernel.yaml" --iterations 60 --seed 1 --no-guard --out "$work/run" -q >"$work/run.log" 2>&1 || true
ls "$work/run/divergences"/*/input.json >/dev/null 2>&1 || { cat "$work/run.log"; echo "the run found no divergence"; exit 1; }
"$lgfuzz" guard "$work/run" --budget 60s --seed 1 -q >"$work/guard.log" 2>&1 || { cat "$work/guard.log"; exit 1; }
json="$work/run/guards/guard.json"
cat "$json"
grep -q '"sound":true' "$json" || { echo "det2's guard is not sound"; exit 1; }
grep -q '"formula":"1"' "$json" && { echo "det2's guard is 1"; exit 1; }
grep -q '"validation":{[^}]*"precision":1\.0,' "$json" || tr -d '\n ' <"$json" | grep -q '"validation":{[^}]*"precision":1\.0,' || { echo "validation precision is not 1"; exit 1; }
cc -std=c99 -Wall -Wextra -Werror -I"$work/run/guards" -o "$work/check" "$src/tests/guard/check_det2.c"
"$work/check" 200000
