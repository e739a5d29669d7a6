#!/bin/sh
# bench/budget/keep.sh: does `lgfuzz run --budget B` end its fuzzing within
# B + 2 s? Runs every spec given (default: kernels/*/kernel.yaml and the
# kernels of `lgfuzz gen` seeds 1-5) with --budget B, pinned to one core
# with taskset, after `lgfuzz build` has put its executor and RTL model in
# the cache, one run at a time. Writes OUT/budget.csv: kernel, budget,
# fuzzing seconds (stats.json `seconds`), build seconds, wall seconds of
# the process, overrun of the fuzzing past the budget, status; prints the
# largest overrun.
# usage: bench/budget/keep.sh LGFUZZ OUT [BUDGET_SECONDS [CORE [SPEC...]]]
set -eu
die() { echo "keep.sh: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: keep.sh LGFUZZ OUT [BUDGET_SECONDS [CORE [SPEC...]]]"
lgfuzz=$1 out=$2 budget=${3:-60} core=${4:-0}
shift 2; [ $# -gt 0 ] && shift; [ $# -gt 0 ] && shift
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v taskset >/dev/null || die "taskset is missing (util-linux)"
mkdir -p "$out"
if [ $# -eq 0 ]; then
    for s in 1 2 3 4 5; do
        [ -f "$out/gen/$s/kernel.yaml" ] || "$lgfuzz" gen --seed "$s" --out "$out/gen/$s" >/dev/null \
            || die "lgfuzz gen --seed $s failed"
    done
    set -- "$root"/kernels/*/kernel.yaml "$out"/gen/*/kernel.yaml
fi
"$lgfuzz" build -q "$@" || die "lgfuzz build failed"
mkdir -p "$out/runs"
csv=$out/budget.csv
echo "kernel,budget_s,fuzz_s,build_s,wall_s,overrun_s,status" >"$csv"
n=0
for spec in "$@"; do
    n=$((n + 1))
    name=$(basename "$(dirname "$spec")")
    case $spec in "$out"/gen/*) name=gen-$name ;; esac
    dir=$out/runs/$name
    rm -rf "$dir"
    t0=$(date +%s.%N)
    rc=0
    taskset -c "$core" "$lgfuzz" run "$spec" --budget "${budget}s" --seed 1 -q --out "$dir" >/dev/null 2>"$dir.err" || rc=$?
    t1=$(date +%s.%N)
    [ -f "$dir/stats.json" ] || die "$name: no stats.json (exit $rc): $(tail -1 "$dir.err")"
    python3 - "$dir/stats.json" "$name" "$budget" "$t0" "$t1" >>"$csv" <<'PY'
import json, sys
st = json.load(open(sys.argv[1]))
name, budget, t0, t1 = sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
fuzz = st["seconds"]
print(f"{name},{budget:.0f},{fuzz:.2f},{st.get('build_seconds', 0):.2f},{t1 - t0:.2f},{fuzz - budget:.2f},{st.get('status', '')}")
PY
    echo "keep.sh: $n/$#: $(tail -1 "$csv")" >&2
done
sort -t, -k6 -g "$csv" | tail -1 | awk -F, '{print "largest overrun: " $6 " s (" $1 ", fuzzed " $3 " s of " $2 ")"}'
