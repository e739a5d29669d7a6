#!/bin/sh
# batch.parallel: scripts/parallel-shards.sh end to end.
#  1. clamp and histo (C-only) as 2 shards, both at once, into an output root
#     whose path holds a space: shard-1 and shard-2 ran --shard 1/2 and 2/2,
#     the merged summary (stdout, OUT/summary.json) names both, exit 0.
#  2. the same plus broken (does not compile) as 3 shards: the merged summary
#     shows broken as build-failed and the script exits 2, lgfuzz report's
#     code, not parallel's count of failed shards.
#  3. usage errors exit 2.
# usage: parallel.sh LGFUZZ SRC WORK
set -eu
lgfuzz=$1
src=$2
work=$3
script=$src/scripts/parallel-shards.sh
k=$src/tests/batch/kernels

fail() {
    echo "FAIL: batch.parallel: $*" >&2
    exit 1
}
command -v parallel >/dev/null 2>&1 ||
    fail "GNU parallel not found (scripts/install-deps.sh installs it)"
json_str() { # FILE KEY: the string value of "KEY":"..." (first)
    sed -n "s/.*\"$2\":\"\\([^\"]*\\)\".*/\\1/p" "$1" | head -1
}
names() { # summary.json: its kernels' names on one line
    grep -o '"name":"[^"]*"' "$1" | sed 's/"name":"\(.*\)"/\1/' | tr '\n' ' '
}
status_of() { # summary.json NAME: the kernel's status
    tr -d '\n ' <"$1" | grep -o "\"name\":\"$2\",\"kernel\":\"[^\"]*\",\"status\":\"[^\"]*\"" |
        sed 's/.*"status":"//; s/"$//'
}

rm -rf "$work"
mkdir -p "$work"

# 1. two shards, both clean
out="$work/o ut"
rc=0
"$script" -n 2 -j 2 -o "$out" --lgfuzz "$lgfuzz" "$k/clamp/kernel.yaml" "$k/histo/kernel.yaml" \
    -- --budget 4s --seed 3 -q >"$work/1.out" 2>"$work/1.err" || rc=$?
cat "$work/1.err" "$work/1.out"
[ "$rc" -eq 0 ] || fail "2 clean shards: exit $rc, want 0"
i=1
for want in clamp histo; do
    b="$out/shard-$i/batch.json"
    [ -f "$b" ] || fail "no $b"
    [ "$(json_str "$b" shard)" = "$i/2" ] || fail "$b: shard $(json_str "$b" shard), want $i/2"
    [ "$(names "$out/shard-$i/summary.json")" = "$want " ] ||
        fail "shard $i ran $(names "$out/shard-$i/summary.json"), want $want"
    i=$((i + 1))
done
[ "$(names "$out/summary.json")" = "clamp histo " ] ||
    fail "merged summary: $(names "$out/summary.json"), want clamp histo"
grep -q '^| \*\*total: 2 kernels\*\*' "$work/1.out" ||
    fail "stdout holds no merged summary of 2 kernels"
[ "$(grep -c '^# lgfuzz summary' "$work/1.out")" -eq 1 ] ||
    fail "stdout holds more than the merged summary"

# 2. three shards, one kernel fails to build
out="$work/three"
rc=0
"$script" --shards=3 --jobs=2 --out="$out" --lgfuzz="$lgfuzz" "$k/clamp/kernel.yaml" \
    "$k/histo/kernel.yaml" "$k/broken/kernel.yaml" -- --budget-per-kernel 2s -q \
    >"$work/2.out" 2>"$work/2.err" || rc=$?
cat "$work/2.err" "$work/2.out"
[ "$rc" -eq 2 ] || fail "a build failure: exit $rc, want 2"
[ "$(names "$out/summary.json")" = "broken clamp histo " ] ||
    fail "merged summary: $(names "$out/summary.json"), want broken clamp histo"
[ "$(status_of "$out/summary.json" broken)" = build-failed ] ||
    fail "broken: $(status_of "$out/summary.json" broken), want build-failed"

# 3. usage errors
for args in "" "-n 0 x.yaml" "-n 2" "--bogus x.yaml" "--lgfuzz /nonexistent/lgfuzz x.yaml"; do
    rc=0
    # shellcheck disable=SC2086
    "$script" $args >/dev/null 2>"$work/usage.err" || rc=$?
    [ "$rc" -eq 2 ] || fail "'$args': exit $rc, want 2"
done
"$script" --help | grep -q '^usage: scripts/parallel-shards.sh' || fail "--help"
echo "batch.parallel: ok"
