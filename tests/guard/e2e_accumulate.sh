#!/bin/sh
# End to end: `lgfuzz run` on accumulate writes guards/ at the end; then
# `lgfuzz guard` derives them again from the run with room for its rounds
# (the run's own guard step gets 6 s, a share of a budget that the
# iterations end long before: it may stop after one round), and the exported header must compile with
# -Wall -Werror and match the kernel's true safe region on 100,000 random
# inputs per distribution. Each round validates on 1,000 fresh inputs
# rather than the default 3,000 (the RTL runs of 512-element inputs are
# most of a round's time); the derivation ends at its first exact round
# (the first, on this run of 30 steps): its budget is a bound that only a
# broken derivation reaches, not what the check waits for. Then, on a copy of
# the run whose divergences/ was emptied (as if exploration had missed
# them), `lgfuzz guard` with a budget spent at once still gives a guard,
# validated on the first 256 fresh inputs in one round, and writes the
# divergent inputs of its derivation back to divergences/ through the run's
# record path.
# usage: e2e_accumulate.sh LGFUZZ SOURCE_DIR WORK_DIR
set -eu
lgfuzz=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
# A count of generation steps ends exploration, not the budget (600 s, which
# a loaded machine does not reach): a run cut by its deadline could end
# before the guard step learned anything.
"$lgfuzz" run "$src/kernels/accumulate/kernel.yaml" --iterations 30 --budget 600s --guard-share 0.01 --seed 1 \
    --out "$work/run" -q >"$work/run.log" 2>&1 || true
test -f "$work/run/guards/accumulate_guard.h" || { cat "$work/run.log"; echo "no guard written"; exit 1; }
test -f "$work/run/guards/accumulate_guard.smt2"
grep -q '"formula"' "$work/run/guards/guard.json"
"$lgfuzz" guard "$work/run" --budget 120s --inputs 1000 --seed 1 -q >"$work/guard.log" 2>&1 || { cat "$work/guard.log"; exit 1; }
grep -n "formula:\|precision:" "$work/run/guards/accumulate_guard.h"
cc -std=c99 -Wall -Werror -I"$work/run/guards" -o "$work/check" "$src/tests/guard/check_accumulate.c"
"$work/check" 100000
# The run counts the divergent inputs its guard step checked (as many as
# its budget allowed).
grep -q '"guard_inputs_checked":' "$work/run/stats.json" || { echo "stats.json does not count the guard step's divergent inputs"; exit 1; }
# A budget spent before the first round validates still gives a guard, whose
# figures come from the first 256 fresh inputs rather than all of them: a
# slow RTL would otherwise hold the derivation for minutes past its budget.
# What the guard step sees diverge is recorded like any divergence: on the
# copy whose divergences/ was emptied, `lgfuzz guard` writes them back
# through the same record path, with stats.json counting them.
rm -rf "$work/emptied"
cp -r "$work/run" "$work/emptied"
rm -rf "$work/emptied/divergences"/*
"$lgfuzz" guard "$work/emptied" --budget 1ms --seed 1 --json -q >"$work/emptied.json" 2>"$work/emptied.log" || { cat "$work/emptied.log"; exit 1; }
grep -q '"validation_inputs":256,"rounds":1' "$work/emptied.json" || { cat "$work/emptied.json"; echo "tight budget: not one round on 256 inputs"; exit 1; }
test -f "$work/emptied/guards/accumulate_guard.h" || { echo "tight budget: no guard written"; exit 1; }
ndirs=$(ls -d "$work/emptied/divergences"/*/ 2>/dev/null | wc -l)
[ "$ndirs" -ge 1 ] || { cat "$work/emptied.json" "$work/emptied.log"; echo "guard validation divergences not recorded"; exit 1; }
for d in "$work/emptied/divergences"/*/; do
    test -f "$d/symptom.json" && test -f "$d/input.json" || { echo "$d: incomplete divergence"; exit 1; }
done
grep -q "\"new_divergences\":$ndirs}" "$work/emptied.json" || { cat "$work/emptied.json"; echo "expected $ndirs new divergences"; exit 1; }
grep -q "\"divergences\":$ndirs," "$work/emptied/stats.json" || { echo "stats.json does not count the $ndirs recorded divergences"; exit 1; }
cmp -s "$work/run/tree.json" "$work/emptied/tree.json" || { echo "lgfuzz guard changed tree.json"; exit 1; }
