#!/bin/sh
# The report job of scripts/slurm/submit.sh, which starts it once every task
# of the array has ended, however it ended (--dependency=afterany): merges
# the shards into OUT/summary.md and OUT/summary.json with
# `lgfuzz report OUT/shard-* --out OUT`, and exits with its code.
#
# Environment: LGFUZZ_OUT, the output root (default out); LGFUZZ_SHARDS, the
# number of shards N (then only OUT/shard-1 .. OUT/shard-N count); LGFUZZ,
# the lgfuzz binary (default: lgfuzz on PATH).
#SBATCH --job-name=lgfuzz-report
#SBATCH --cpus-per-task=1
#SBATCH --time=0:30:00
set -eu
out=${LGFUZZ_OUT:-out}
if [ -n "${LGFUZZ_SHARDS:-}" ]; then
    # Shards 1..N that left a directory, not others an earlier run with more
    # shards may have left in OUT.
    set --
    i=1
    while [ "$i" -le "$LGFUZZ_SHARDS" ]; do
        [ ! -d "$out/shard-$i" ] || set -- "$@" "$out/shard-$i"
        i=$((i + 1))
    done
else
    set -- "$out"/shard-*
    [ -d "$1" ] || set --
fi
if [ $# -eq 0 ]; then
    echo "lgfuzz-report: no shard directory in $out (did every task fail to start?)" >&2
    exit 2
fi
exec "${LGFUZZ:-lgfuzz}" report "$@" --out "$out"
