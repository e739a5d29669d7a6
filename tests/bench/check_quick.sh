#!/bin/sh
# check_quick.sh SRC BUILD OUT: runs `bench/run --quick` (with a 6 s
# budget: every tool still checks inputs against the RTL) and checks what it
# wrote: results.csv with its header and one row per tool and planted
# divergence of kernels/accumulate (5 x 3), a summary with every section and
# tool, coverage rows for every tool and the coverage SVG. No timing checks.
set -eu
SRC=$1 BUILD=$2 OUT=$3
fail() { echo "check_quick: $*" >&2; exit 1; }

rm -rf "$OUT"
"$SRC/bench/run" --quick --budget 6s --build "$BUILD" --out "$OUT" || fail "bench/run --quick --budget 6s exited $?"

R="$OUT/results.csv"
[ -f "$R" ] || fail "no results.csv"
head -n 1 "$R" | grep -qx 'kernel,tool,seed,planted,probability,found_s,found_rtl_calls,found_execs,total_execs,total_rtl_calls,budget_s,rtl_share' ||
    fail "results.csv header: $(head -n 1 "$R")"
rows=$(tail -n +2 "$R" | wc -l)
[ "$rows" -eq 15 ] || fail "results.csv has $rows rows, want 15 (3 tools x 5 planted divergences)"
for t in libfuzzer aflpp lgfuzz; do
    for d in sum-overflow odd-size data-truncation oob-depth counter-wrap; do
        grep -q "^accumulate,$t,1,$d," "$R" || fail "no row for $t $d"
    done
    # every tool checked inputs against the RTL
    awk -F, -v t="$t" '$2 == t && $10 > 0 {ok = 1} END {exit !ok}' "$R" || fail "$t made no RTL call"
done
awk -F, 'NR > 1 && NF != 12 {exit 1}' "$R" || fail "a results.csv row does not have 12 fields"

S="$OUT/summary.md"
for h in '# Time to divergence' '## Planted divergences found' '## Median time to each divergence' \
    '## Median RTL calls to each divergence' '## RTL calls and RTL time share per run' "## lgfuzz's median time relative to each tool" '## Targets'; do
    grep -qF "$h" "$S" || fail "summary.md lacks '$h'"
done
for t in libfuzzer aflpp lgfuzz; do
    grep -q "^| $t |" "$S" || fail "summary.md has no row for $t"
done

C="$OUT/coverage.csv"
head -n 1 "$C" | grep -qx 'kernel,tool,seed,time_s,branches,total' || fail "coverage.csv header"
for t in libfuzzer aflpp lgfuzz; do
    grep -q "^accumulate,$t,1," "$C" || fail "coverage.csv has no row for $t"
done
grep -q '<polyline' "$OUT/svg/coverage-accumulate.svg" || fail "coverage SVG has no line"
echo "check_quick: ok"
