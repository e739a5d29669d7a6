#!/bin/sh
# Measures how long `lgfuzz run` takes to cover every branch direction of a
# kernel, with full lgfuzz and with --no-synth (mutation-only), over several
# seeds. Reads the first plot.csv row whose branch count equals the total.
# usage: bench/explore/time_to_coverage.sh LGFUZZ SPEC BUDGET SEEDS...
# e.g.:  bench/explore/time_to_coverage.sh build-rel/lgfuzz tests/explore/kernels/arith/kernel.yaml 10s 1 2 3 4 5
set -eu
lgfuzz=$1 spec=$2 budget=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf "%-10s %-6s %-14s %-10s %s\n" mode seed covered time_s execs
for seed in "$@"; do
    for mode in lgfuzz no-synth; do
        out="$work/$mode-$seed"
        flag=""
        [ "$mode" = no-synth ] && flag="--no-synth"
        "$lgfuzz" run "$spec" --budget "$budget" --seed "$seed" --rtl never -q $flag --out "$out" >/dev/null || true
        total=$(sed -n 's/.*"branches_total":\([0-9]*\).*/\1/p' "$out/stats.json" | head -n1)
        [ -n "$total" ] || total=$(grep -o '"branches_total":[0-9]*' "$out/stats.json" | cut -d: -f2)
        # plot.csv: time,execs,branches,paths,probes,rtl_calls,divergences
        hit=$(awk -F, -v t="$total" 'NR > 1 && $3 == t { print $1, $2; exit }' "$out/plot.csv")
        cov=$(tail -n1 "$out/plot.csv" | cut -d, -f3)
        if [ -n "$hit" ]; then
            printf "%-10s %-6s %-14s %-10s %s\n" "$mode" "$seed" "$cov/$total" ${hit}
        else
            execs=$(tail -n1 "$out/plot.csv" | cut -d, -f2)
            printf "%-10s %-6s %-14s %-10s %s\n" "$mode" "$seed" "$cov/$total" "not-in-$budget" "$execs"
        fi
    done
done
