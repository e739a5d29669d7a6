#!/bin/sh
# check_scaling.sh SRC BUILD OUT: runs `bench/scaling` at a 3 s budget on
# kernels/alu and crc8 with the libFuzzer rows on crc8, and checks what it
# wrote: scaling.csv with its header, one lgfuzz row per kernel with its
# executions, memory and solver share, a libFuzzer row with its execution
# rate, resident-memory samples, and the table. No timing checks.
set -eu
SRC=$1 BUILD=$2 OUT=$3
fail() { echo "check_scaling: $*" >&2; exit 1; }

rm -rf "$OUT"
"$SRC/bench/scaling" --budgets 3 --kernels alu,crc8 --libfuzzer crc8 --build "$BUILD" --out "$OUT" ||
    fail "bench/scaling exited $?"

C="$OUT/scaling.csv"
[ -f "$C" ] || fail "no scaling.csv"
head -n 1 "$C" |
    grep -qx 'tool,kernel,budget_s,wall_s,peak_rss_mb,sampled_peak_rss_mb,execs,exec_per_s,solver_share,tree_nodes,tree_summarised' ||
    fail "scaling.csv header: $(head -n 1 "$C")"
awk -F, 'NR > 1 && NF != 11 {exit 1}' "$C" || fail "a scaling.csv row does not have 11 fields"
for k in alu crc8; do
    grep -q "^lgfuzz,$k,3," "$C" || fail "no lgfuzz row for $k"
    awk -F, -v k="$k" '$1 == "lgfuzz" && $2 == k && $7 > 0 && $8 > 0 && $5 > 0 && $9 != "" {ok = 1} END {exit !ok}' "$C" ||
        fail "the $k row lacks executions, memory or the solver share: $(grep "^lgfuzz,$k," "$C")"
done
awk -F, '$1 == "libfuzzer" && $2 == "crc8" && $7 > 0 && $8 > 0 {ok = 1} END {exit !ok}' "$C" ||
    fail "no libFuzzer row with executions: $(grep '^libfuzzer' "$C" || true)"
[ "$(tail -n +2 "$OUT/rss.csv" | wc -l)" -ge 2 ] || fail "fewer than 2 resident-memory samples in rss.csv"
grep -q '^| lgfuzz | crc8 | 3 |' "$OUT/scaling.md" || fail "scaling.md lacks the crc8 row"
echo "check_scaling: ok"
