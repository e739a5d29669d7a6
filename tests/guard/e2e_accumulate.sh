#!/bin/sh
# End to end: `lgfuzz run` on accumulate writes guards/ at the end; then
# `lgfuzz guard` re-derives them from the run with room for its rounds
# (the run's own guard gets a quarter of a 25 s budget, one or two rounds
# under the sanitizers), and the exported header must compile with -Wall
# -Werror and match the kernel's true safe region on 100,000 random inputs
# per distribution. Last, a budget spent at once still gives a guard.
# usage: e2e_accumulate.sh LGFUZZ SOURCE_DIR WORK_DIR
set -eu
lgfuzz=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
"$lgfuzz" run "$src/kernels/accumulate/kernel.yaml" --budget 25s --seed 1 --out "$work/run" -q >"$work/run.log" 2>&1 || true
test -f "$work/run/guards/accumulate_guard.h" || { cat "$work/run.log"; echo "no guard written"; exit 1; }
test -f "$work/run/guards/accumulate_guard.smt2"
grep -q '"formula"' "$work/run/guards/guard.json"
"$lgfuzz" guard "$work/run" --budget 120s --seed 1 -q >"$work/guard.log" 2>&1 || { cat "$work/guard.log"; exit 1; }
grep -n "formula:\|precision:" "$work/run/guards/accumulate_guard.h"
cc -std=c99 -Wall -Werror -I"$work/run/guards" -o "$work/check" "$src/tests/guard/check_accumulate.c"
"$work/check" 100000
# A budget spent before the first round validates still gives a guard, whose
# figures come from the first 256 fresh inputs rather than all of them: a
# slow RTL would otherwise hold the derivation for minutes past its budget.
"$lgfuzz" guard "$work/run" --budget 1ms --seed 1 --json -q >"$work/tight.json" 2>"$work/tight.log" || { cat "$work/tight.log"; exit 1; }
grep -q '"validation_inputs":256,"rounds":1' "$work/tight.json" || { cat "$work/tight.json"; echo "tight budget: not one round on 256 inputs"; exit 1; }
