#!/bin/bash
# Runs a sharded `lgfuzz batch` with GNU parallel, on this machine or over
# ssh, then merges the shards with `lgfuzz report`:
#
#   parallel lgfuzz batch SPEC... OPTIONS --shard {}/N --out OUT/shard-{} ::: 1..N
#   lgfuzz report OUT/shard-1 ... OUT/shard-N --out OUT
#
# usage: scripts/parallel-shards.sh [options] SPEC... [-- lgfuzz batch options]
#   -n, --shards N   number of shards (default 8)
#   -j, --jobs N     shards running at a time (default: one per CPU, GNU
#                    parallel's default); each shard runs its kernels one at a
#                    time unless the batch options say --jobs
#   -o, --out DIR    output root (default out): DIR/shard-I per shard,
#                    DIR/summary.md and DIR/summary.json from the report
#   --lgfuzz PATH    the lgfuzz binary (default: lgfuzz on PATH)
#   -h, --help       show this help
#
# GNU parallel reads more options from the PARALLEL environment variable; to
# spread the shards over machines that share this directory (the specs and
# OUT) and have lgfuzz at the same path:
#   PARALLEL='--sshlogin 2/host1,2/host2 --workdir .' scripts/parallel-shards.sh ...
#
# Prints the merged summary on stdout (the shards' on stderr), and exits with
# lgfuzz report's code (0 clean, 1 divergences, 2 a kernel not fuzzed, ...),
# not with parallel's count of the shards that exited non-zero; with 2 at
# least when parallel itself failed.
set -eu
# shellcheck source=scripts/shards-common.sh
. "$(dirname "$0")/shards-common.sh"

usage() {
    sed -n '/^# usage:/,/^# *-h, --help/s/^# \{0,1\}//p' "$0"
}
die() {
    echo "parallel-shards: $*" >&2
    echo "(see scripts/parallel-shards.sh --help)" >&2
    exit 2
}

shards=8
jobs=()
out=out
lgfuzz=lgfuzz
specs=()
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help)
        usage
        exit 0
        ;;
    -n | --shards | -j | --jobs | -o | --out | --lgfuzz)
        [ $# -ge 2 ] || die "$1 needs a value"
        case "$1" in
        -n | --shards) shards=$2 ;;
        -j | --jobs) jobs=(-j "$2") ;;
        -o | --out) out=$2 ;;
        --lgfuzz) lgfuzz=$2 ;;
        esac
        shift 2
        ;;
    --shards=*) shards=${1#*=} && shift ;;
    --jobs=*) jobs=(-j "${1#*=}") && shift ;;
    --out=*) out=${1#*=} && shift ;;
    --lgfuzz=*) lgfuzz=${1#*=} && shift ;;
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
command -v parallel >/dev/null 2>&1 || die "GNU parallel not found (scripts/install-deps.sh installs it)"

mkdir -p "$out"
# -q quotes every word of the command, so paths may hold spaces; {} is the
# shard number. The shards' own summaries go to stderr, the merged one to
# stdout. parallel exits with the number of shards that exited non-zero (1 to
# 100, 101 for more), which lgfuzz report's code supersedes.
prc=0
parallel --will-cite --halt never "${jobs[@]}" -q \
    "$lgfuzz" batch "${specs[@]}" "$@" --shard "{}/$shards" --out "$out/shard-{}" \
    ::: $(seq 1 "$shards") >&2 || prc=$?

# Shards 1..N that left a directory (not the glob: OUT may hold shards of an
# earlier run with more of them).
dirs=()
for i in $(seq 1 "$shards"); do
    [ ! -d "$out/shard-$i" ] || dirs+=("$out/shard-$i")
done
if [ ${#dirs[@]} -eq 0 ]; then
    echo "parallel-shards: no shard directory in $out (parallel exited $prc)" >&2
    exit 2
fi
rrc=0
"$lgfuzz" report "${dirs[@]}" --out "$out" || rrc=$?
if [ "$prc" -gt 101 ]; then
    echo "parallel-shards: parallel failed (exit $prc)" >&2
    [ "$rrc" -ge 2 ] || rrc=2
fi
exit "$rrc"
