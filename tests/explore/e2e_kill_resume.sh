#!/bin/sh
# End to end: a run killed with SIGKILL leaves what it was writing behind
# (here planted as a 0-byte corpus/<x>.json.tmp.<pid> of a dead process and a
# half-written divergences/.NNN-class.partial/); a guard derivation that
# meets them still works, the resumed run removes them before it reads the
# directory and keeps every corpus entry and divergence, and `lgfuzz guard`
# on the resumed directory exits 0. Read-only, such a directory still
# reads (`lgfuzz report`).
# usage: e2e_kill_resume.sh LGFUZZ SOURCE_DIR WORK_DIR
set -eu
lgfuzz=$1 src=$2 work=$3
spec=$src/kernels/accumulate/kernel.yaml
out=$work/o
rm -rf "$work"
mkdir -p "$work"
fail() {
    echo "FAIL: $*"
    exit 1
}

# A run killed once its first save is on disk (stats.json and corpus).
"$lgfuzz" run "$spec" --budget 60s --seed 3 --no-guard -q --out "$out" >"$work/run1.out" 2>"$work/run1.err" &
pid=$!
i=0
while [ ! -f "$out/stats.json" ] || [ -z "$(ls "$out/corpus")" ]; do
    i=$((i + 1))
    [ $i -le 1200 ] || { kill -9 $pid; cat "$work/run1.err"; fail "no first save after 120 s"; }
    sleep 0.1
done
kill -9 $pid
wait $pid 2>/dev/null || true

# A process that has ended gives a pid nobody holds.
sh -c 'exit 0' &
dead=$!
wait $dead
kill -0 $dead 2>/dev/null && fail "pid $dead is alive"
entry=$(ls "$out/corpus" | head -n 1)
: >"$out/corpus/$entry.tmp.$dead"
: >"$out/stats.json.tmp.$dead"
ndivs=$(ls "$out/divergences" | wc -l)
staging=$out/divergences/.$(printf '%03d' $((ndivs + 1)))-mismatch-return.partial
mkdir -p "$staging"
: >"$staging/.wave.vcd.tmp"
: >"$staging/input.json"
ls "$out/corpus" | grep -v '\.tmp\.' >"$work/corpus.before"
ls "$out/divergences" >"$work/divs.before"

# The resumed run removes them before reading anything, loses nothing.
rc=0
"$lgfuzz" run "$spec" --budget 8s --seed 4 --no-guard -q --out "$out" >"$work/run2.out" 2>"$work/run2.err" || rc=$?
[ $rc -le 1 ] || { cat "$work/run2.err"; fail "resumed run exited $rc"; }
[ ! -e "$out/corpus/$entry.tmp.$dead" ] || fail "stale corpus/$entry.tmp.$dead left by the resumed run"
[ ! -e "$out/stats.json.tmp.$dead" ] || fail "stale stats.json.tmp.$dead left by the resumed run"
[ ! -e "$staging" ] || fail "staging directory $staging left by the resumed run"
left=$(find "$out" -name '*.tmp*' -o -name '*.partial' -o -name .reserve)
[ -z "$left" ] || fail "left behind: $left"
while read -r f; do
    [ -f "$out/corpus/$f" ] || fail "corpus entry $f lost on resume"
done <"$work/corpus.before"
while read -r d; do
    [ -f "$out/divergences/$d/symptom.json" ] || fail "divergence $d lost on resume"
done <"$work/divs.before"
grep -q '"status":"complete"' "$out/stats.json" || fail "resumed run: stats.json is not complete"

# And the guard derives from the resumed directory.
"$lgfuzz" guard "$out" --budget 1ms --seed 1 -q >"$work/guard.out" 2>"$work/guard.err" || {
    cat "$work/guard.err"
    fail "lgfuzz guard on the resumed directory exited $?"
}
test -f "$out/guards/guard.json" || fail "no guards/guard.json"

# A stale temporary file does not break a guard derivation either: on a
# copy whose corpus holds one (the command removes it under its lock).
rm -rf "$work/copy"
cp -r "$out" "$work/copy"
: >"$work/copy/corpus/$entry.tmp.$dead"
"$lgfuzz" guard "$work/copy" --budget 1ms --seed 1 -q >"$work/guard2.out" 2>"$work/guard2.err" || {
    cat "$work/guard2.err"
    fail "lgfuzz guard with a stale temporary file exited $?"
}
[ ! -e "$work/copy/corpus/$entry.tmp.$dead" ] || fail "lgfuzz guard left the stale temporary file"
# Read-only, with a stale temporary file and a half-written divergence it
# cannot remove, the directory still reads: `lgfuzz report` works and
# leaves it as it is (a read-only bind mount in a private namespace).
rm -rf "$work/ro" "$work/ro-report"
cp -r "$out" "$work/ro"
rm -f "$work/ro/.lock"
: >"$work/ro/corpus/$entry.tmp.$dead"
mkdir -p "$work/ro/divergences/.099-mismatch-return.partial" "$work/ro-report"
: >"$work/ro/divergences/.099-mismatch-return.partial/input.json"
if unshare -rm true 2>/dev/null; then
    rc=0
    unshare -rm sh -c 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 3
        ! touch "$1/probe" 2>/dev/null || exit 4
        exec "$2" report "$1" --out "$3" --json' sh "$work/ro" "$lgfuzz" "$work/ro-report" \
        >"$work/ro.out" 2>"$work/ro.err" || rc=$?
    cat "$work/ro.err"
    [ $rc -ne 3 ] && [ $rc -ne 4 ] || fail "cannot make a read-only bind mount ($rc)"
    [ $rc -le 1 ] || fail "lgfuzz report on a read-only directory exited $rc"
    grep -q '"status":"divergent"' "$work/ro.out" || fail "report on a read-only directory: not divergent"
    [ -e "$work/ro/corpus/$entry.tmp.$dead" ] || fail "the read-only directory changed"
    ! grep -q "note:" "$work/ro.err" || fail "report has a note on a read-only directory"
else
    echo "skipped the read-only check: unshare -rm is not permitted here"
fi
echo "ok: kill -9, resume and guard"
