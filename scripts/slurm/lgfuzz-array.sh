#!/bin/sh
# One shard of a sharded `lgfuzz batch`, as a task of a Slurm job array:
# task I of an array over 1..N runs `lgfuzz batch ARGS... --shard I/N --out
# OUT/shard-I`. scripts/slurm/submit.sh submits it (with the build job
# before it and the report job after it); by hand:
#
#   LGFUZZ_SHARDS=8 sbatch --array=1-8 scripts/slurm/lgfuzz-array.sh \
#       kernels/*/kernel.yaml --budget 2h --seed 1
#
# ARGS are the specs and `lgfuzz batch` options, the same for every task.
# The shard count comes from LGFUZZ_SHARDS, not from the array's size, so a
# single task can be run again as itself: `LGFUZZ_SHARDS=8 sbatch --array=4
# scripts/slurm/lgfuzz-array.sh ARGS...` still runs --shard 4/8, into
# OUT/shard-4, where each kernel's run resumes from the corpus and the
# divergences an earlier run left (docs/user-guide.md, `--out`).
#
# Environment (sbatch passes the submitting shell's environment on):
#   LGFUZZ_SHARDS      number of shards N (required)
#   LGFUZZ_OUT         output root (default out); shard I writes OUT/shard-I
#   LGFUZZ             the lgfuzz binary (default: lgfuzz on PATH)
#   LGFUZZ_ARRAY_BASE  the array index of shard 1 (default 1; 0 for --array=0-7)
#
# --jobs defaults to the task's CPUs (SLURM_CPUS_PER_TASK), before ARGS, so
# an explicit --jobs in ARGS wins; --shard and --out come after ARGS and
# override them.
#
# The time limit must cover the batch's budget (for --budget B over N shards:
# B/N, plus the kernels' builds and their --grace at the end). Slurm sends
# SIGINT to lgfuzz (B: the batch step's main process, which `exec` makes
# lgfuzz itself) 300 s before the limit: lgfuzz then starts no new kernel,
# interrupts the running ones and still writes the shard's summary, which
# `lgfuzz report` merges like any other. Slurm may send the signal up to a
# minute early (sbatch(1)).
#SBATCH --job-name=lgfuzz-shard
#SBATCH --cpus-per-task=4
#SBATCH --time=3:00:00
#SBATCH --signal=B:INT@300
set -eu

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
    echo "lgfuzz-array: not a Slurm array task (submit with sbatch --array=1-N)" >&2
    exit 2
fi
shards=${LGFUZZ_SHARDS:-}
case "$shards" in
'' | *[!0-9]* | 0*)
    echo "lgfuzz-array: set LGFUZZ_SHARDS to the number of shards (got '$shards')" >&2
    exit 2
    ;;
esac
base=${LGFUZZ_ARRAY_BASE:-1}
shard=$((SLURM_ARRAY_TASK_ID - base + 1))
if [ "$shard" -lt 1 ] || [ "$shard" -gt "$shards" ]; then
    echo "lgfuzz-array: array index $SLURM_ARRAY_TASK_ID is shard $shard," \
        "outside 1..$shards (LGFUZZ_SHARDS=$shards, LGFUZZ_ARRAY_BASE=$base)" >&2
    exit 2
fi
out=${LGFUZZ_OUT:-out}
mkdir -p "$out"
echo "lgfuzz-array: task $SLURM_ARRAY_TASK_ID of job ${SLURM_ARRAY_JOB_ID:-?}" \
    "on $(hostname): --shard $shard/$shards --out $out/shard-$shard" >&2
exec "${LGFUZZ:-lgfuzz}" batch --jobs "${SLURM_CPUS_PER_TASK:-1}" "$@" \
    --shard "$shard/$shards" --out "$out/shard-$shard"
