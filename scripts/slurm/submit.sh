#!/bin/bash
# Submits a sharded lgfuzz batch to Slurm as three dependent jobs:
#
#   1. lgfuzz-build  (lgfuzz-build.sh)   builds the kernels: `lgfuzz build SPEC...`
#                                        when lgfuzz has that command
#   2. lgfuzz-shard  (lgfuzz-array.sh)   an array of N tasks, task I running
#                                        `lgfuzz batch SPEC... OPTIONS --shard I/N
#                                        --out OUT/shard-I`; starts once the build
#                                        job has succeeded
#   3. lgfuzz-report (lgfuzz-report.sh)  `lgfuzz report OUT/shard-* --out OUT`, once
#                                        every task has ended, however it ended
#
# and prints their job ids ("build ID", "array ID", "report ID"), one a line.
# Run it from a directory on a file system the compute nodes share: the jobs
# start there, and SPEC and OUT are resolved against it.
#
# usage: scripts/slurm/submit.sh [options] SPEC... [-- lgfuzz batch options]
#   -n, --shards N   number of shards, one array task each (default
#                    $LGFUZZ_SHARDS, or 8)
#   -o, --out DIR    output root (default out): DIR/shard-I per shard,
#                    DIR/summary.md and DIR/summary.json from the report,
#                    DIR/logs/ the jobs' output
#   --lgfuzz PATH    the lgfuzz binary (default: lgfuzz on PATH); the compute
#                    nodes run it at the same absolute path
#   --sbatch OPT     an sbatch option for all three jobs, overriding the
#                    scripts' #SBATCH lines (repeatable): --sbatch
#                    --cpus-per-task=8 --sbatch --time=6:00:00
#   -h, --help       show this help
#
# sbatch's own environment variables (SBATCH_PARTITION, SBATCH_ACCOUNT,
# SBATCH_QOS, ...) apply to all three jobs as well.
#
# Example: 8 shards sharing a 2-hour budget, each running 4 kernels at a time
# on the 4 CPUs lgfuzz-array.sh asks for (docs/batch.md, Recipes):
#   scripts/slurm/submit.sh -n 8 kernels/*/kernel.yaml -- --budget 2h --seed 1 -q
set -eu

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/shards-common.sh
. "$here/../shards-common.sh"
usage() {
    sed -n '/^# usage:/,/^# *-h, --help/s/^# \{0,1\}//p' "$0"
}
die() {
    echo "submit: $*" >&2
    echo "(see scripts/slurm/submit.sh --help)" >&2
    exit 2
}

shards=${LGFUZZ_SHARDS:-8}
out=out
lgfuzz=lgfuzz
sbatch_opts=()
specs=()
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help)
        usage
        exit 0
        ;;
    -n | --shards | -o | --out | --lgfuzz | --sbatch)
        [ $# -ge 2 ] || die "$1 needs a value"
        case "$1" in
        -n | --shards) shards=$2 ;;
        -o | --out) out=$2 ;;
        --lgfuzz) lgfuzz=$2 ;;
        --sbatch) sbatch_opts+=("$2") ;;
        esac
        shift 2
        ;;
    --shards=*) shards=${1#*=} && shift ;;
    --out=*) out=${1#*=} && shift ;;
    --lgfuzz=*) lgfuzz=${1#*=} && shift ;;
    --sbatch=*) sbatch_opts+=("${1#*=}") && shift ;;
    --)
        shift
        break
        ;;
    -*) die "unknown option '$1' (lgfuzz batch options go after --)" ;;
    *)
        specs+=("$1")
        shift
        ;;
    esac
done
# "$@" now holds the lgfuzz batch options.

shards_check
command -v sbatch >/dev/null 2>&1 || die "sbatch not found (is this a Slurm submit host?)"

mkdir -p "$out/logs"
export LGFUZZ=$lgfuzz LGFUZZ_SHARDS=$shards LGFUZZ_OUT=$out

# sbatch --parsable prints "ID" or "ID;CLUSTER".
submit() {
    local id
    id=$(sbatch --parsable --export=ALL "$@")
    echo "${id%%;*}"
}

build=$(submit --output="$out/logs/%x-%j.out" "${sbatch_opts[@]}" \
    "$here/lgfuzz-build.sh" "${specs[@]}")
echo "build $build"
array=$(submit --array="1-$shards" --dependency="afterok:$build" --kill-on-invalid-dep=yes \
    --output="$out/logs/%x-%A_%a.out" "${sbatch_opts[@]}" \
    "$here/lgfuzz-array.sh" "${specs[@]}" "$@")
echo "array $array"
report=$(submit --dependency="afterany:$array" --output="$out/logs/%x-%j.out" \
    "${sbatch_opts[@]}" "$here/lgfuzz-report.sh")
echo "report $report"
echo "submit: $shards shards of ${#specs[@]} specs; the summary will be $out/summary.md" \
    "(lgfuzz report's exit code is the report job's)" >&2
