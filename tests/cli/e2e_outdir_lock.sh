#!/bin/sh
# End to end: while `lgfuzz run` writes an output directory, a second
# `lgfuzz run` and `lgfuzz guard` on it are refused at once with exit 2 and
# a message naming the first run's pid; `lgfuzz report` reads it as it is
# (skipping a temporary file in it), says it is in use and exits 3, its
# result incomplete. The first run goes on undisturbed: its stats.json
# counts exactly the divergence directories, whose ids are unique, and
# nothing temporary is left.
# Then `lgfuzz batch` holds its directory the same way.
# usage: e2e_outdir_lock.sh LGFUZZ SOURCE_DIR WORK_DIR
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

# Expects exit 2 within a few seconds and a message naming pid $2.
# usage: refused NAME PID COMMAND...
refused() {
    name=$1 holder=$2
    shift 2
    t0=$(date +%s)
    rc=0
    "$@" >"$work/$name.out" 2>"$work/$name.err" || rc=$?
    t1=$(date +%s)
    cat "$work/$name.err"
    [ $rc -eq 2 ] || fail "$name: exit $rc, expected 2"
    grep -q "in use by process $holder" "$work/$name.err" || fail "$name: the message does not name process $holder"
    [ $((t1 - t0)) -le 10 ] || fail "$name: refused only after $((t1 - t0)) s"
}

"$lgfuzz" run "$spec" --budget 12s --seed 1 --no-guard -q --out "$out" >"$work/first.out" 2>"$work/first.err" &
first=$!
i=0
while [ ! -f "$out/stats.json" ] || [ "$(cat "$out/.lock" 2>/dev/null)" != "$first" ]; do
    i=$((i + 1))
    [ $i -le 1200 ] || { kill $first; cat "$work/first.err"; fail "the first run did not start within 120 s"; }
    sleep 0.1
done

refused second $first "$lgfuzz" run "$spec" --budget 5s --seed 2 --no-guard -q --out "$out"
refused guard $first "$lgfuzz" guard "$out" --budget 1ms -q

# A reader is not refused: it reads the directory as it is, temporary
# names left out, does not touch it, and reports the run as running.
entry=$(ls "$out/corpus" | head -n 1)
: >"$out/corpus/$entry.tmp.1"
rc=0
"$lgfuzz" report "$out" --out "$work" --json >"$work/report.out" 2>"$work/report.err" || rc=$?
cat "$work/report.err"
[ $rc -eq 3 ] || fail "report on a directory in use: exit $rc, expected 3 (incomplete: the run is still going)"
grep -q "incomplete: 1 kernel still running" "$work/report.err" || fail "report does not name the running kernel as incomplete"
grep -q "in use by process $first .*; read as it is" "$work/report.err" || fail "report does not say the directory is in use"
grep -q '"status":"running"' "$work/report.out" || fail "report does not show the run as running"
[ -e "$out/corpus/$entry.tmp.1" ] || fail "report removed a file of a directory in use"
rm -f "$out/corpus/$entry.tmp.1"
kill -0 $first 2>/dev/null || fail "the first run ended before the checks were done; they prove nothing"

rc=0
wait $first || rc=$?
cat "$work/first.err"
[ $rc -eq 1 ] || fail "the first run exited $rc, expected 1 (divergences)"
grep -q '"status":"complete"' "$out/stats.json" || fail "the first run's stats.json is not complete"
ndirs=$(ls "$out/divergences" | wc -l)
[ "$ndirs" -ge 1 ] || fail "the first run found no divergence"
grep -q "\"divergences\":$ndirs," "$out/stats.json" || fail "stats.json does not count the $ndirs divergence directories"
dups=$(ls "$out/divergences" | cut -c1-3 | sort | uniq -d)
[ -z "$dups" ] || fail "divergence ids used twice: $dups"
left=$(find "$out" -name '*.tmp*' -o -name '*.partial' -o -name .reserve)
[ -z "$left" ] || fail "left behind: $left"

# The lock goes with its holder: the directory is free again.
"$lgfuzz" guard "$out" --budget 1ms -q >"$work/guard2.out" 2>"$work/guard2.err" || {
    cat "$work/guard2.err"
    fail "lgfuzz guard after the run exited $?"
}

# A batch holds its directory, and each kernel's run its kernel directory:
# a second batch, or a run on the kernel directory, is refused.
batch=$work/batch
clamp=$src/tests/batch/kernels/clamp/kernel.yaml
"$lgfuzz" batch "$clamp" --budget-per-kernel 8s -q --out "$batch" >"$work/batch1.out" 2>"$work/batch1.err" &
b1=$!
i=0
while [ ! -f "$batch/clamp/stats.json" ]; do
    i=$((i + 1))
    [ $i -le 1200 ] || { kill $b1; cat "$work/batch1.err"; fail "the batch's kernel did not start within 120 s"; }
    sleep 0.1
done
[ "$(cat "$batch/.lock")" = "$b1" ] || fail "the batch does not hold its directory"
child=$(cat "$batch/clamp/.lock")
[ "$child" != "$b1" ] && kill -0 "$child" || fail "the kernel's run does not hold its directory"
refused batch2 $b1 "$lgfuzz" batch "$clamp" --budget-per-kernel 10s -q --out "$batch"
refused jobrun $child "$lgfuzz" run "$clamp" --budget 5s -q --out "$batch/clamp"
rc=0
wait $b1 || rc=$?
[ $rc -le 1 ] || { cat "$work/batch1.err"; fail "the first batch exited $rc"; }
test -f "$batch/summary.json" && test -f "$batch/clamp/run.json" || fail "the first batch's directory is incomplete"
grep -q '"exit_code":[01],' "$batch/clamp/run.json" || fail "the kernel's run did not end well: $(cat "$batch/clamp/run.json")"
echo "ok: output directory locks"
