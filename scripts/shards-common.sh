# shellcheck shell=bash
# shellcheck disable=SC2154 # shards, specs, out and lgfuzz are the sourcing script's
# Sourced by scripts/parallel-shards.sh and scripts/slurm/submit.sh, after
# their own option parsing: shards_check validates what both take (the
# shard count, the specs, the output root) and makes $lgfuzz an absolute
# path, calling the sourcing script's die on a fault. bash.

shards_check() {
    case "$shards" in
    '' | *[!0-9]* | 0*) die "--shards: '$shards' is not a whole number from 1" ;;
    esac
    [ ${#specs[@]} -gt 0 ] || die "no SPEC given"
    [ -n "$out" ] || die "--out: empty"
    local path
    if ! path=$(command -v "$lgfuzz"); then
        die "lgfuzz binary '$lgfuzz' not found (put it on PATH or give --lgfuzz PATH)"
    fi
    case "$path" in
    /*) lgfuzz=$path ;;
    *) lgfuzz=$(cd "$(dirname "$path")" && pwd)/$(basename "$path") ;;
    esac
}
