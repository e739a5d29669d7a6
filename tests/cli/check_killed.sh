#!/bin/sh
# No process of a run outlives lgfuzz, whatever signal ends it. For each
# misbehaving kernel of tests/cli/kernels (every one but rare, which only
# diverges): segv, smash and hog (the executor crashes or runs out of
# memory on every input and is restarted), fdclobber (junk on every
# descriptor), flood (stdout for ever), forker (forks on every input),
# killer (signals lgfuzz, its group, every process), spin (never
# returns: its executor is restarted every 2 s), fatal (the RTL stops on
# $fatal) and stall (an RTL that never raises ap_done, here with
# rtl.max_cycles 100,000,000, so that every RTL call runs for 20 s or
# more), `lgfuzz run --budget 120s` is started in a directory of its own;
# once its main loop has begun (plot.csv has a row; stall's is held up by
# its first RTL call: there, 5 s after its executor and its RTL worker
# both run), a second more, lgfuzz itself gets SIG:
#   INT, TERM  the run stops: it exits within 2 s with 0 or 1, its summary
#         says it was interrupted and stats.json has the status
#         "interrupted"
#   KILL  the run cannot do anything about it (exit 137)
# One second after lgfuzz exited, no process that lgfuzz started is left:
# none whose working directory is the run's (every process lgfuzz starts
# inherits it: the executors, whatever they forked, the RTL workers, the
# executors started after lgfuzz was last looked at). Before the RTL
# workers died with lgfuzz, stall's outlived a SIGKILL by the rest of its
# call. The processes found are killed, so that a failing test leaves none.
# usage: check_killed.sh LGFUZZ SOURCE_DIR WORK_DIR INT|TERM|KILL
set -eu
lgfuzz=$1 src=$2 work=$3 sig=$4
kdir=$src/tests/cli/kernels
rm -rf "$work"
mkdir -p "$work"
fail() {
    echo "FAIL: $*"
    exit 1
}

# The pids of the processes whose working directory is $1 (a path without
# glob characters), lgfuzz's own among them while it runs.
procs_in() {
    find /proc -maxdepth 2 -path '/proc/[0-9]*/cwd' -lname "$1" 2>/dev/null | sed 's|^/proc/\([0-9]*\)/cwd$|\1|'
}

# stall with calls of 100,000,000 cycles, on the sources of
# tests/cli/kernels/stall.
sed -e "s|max_cycles: 5000000|max_cycles: 100000000|" -e "s|source: kernel.c|source: $kdir/stall/kernel.c|" \
    -e "s|sources: \[kernel.v\]|sources: [$kdir/stall/kernel.v]|" "$kdir/stall/kernel.yaml" >"$work/stall.yaml"
echo "design_dirs: [$kdir/stall]" >>"$work/stall.yaml"

for kernel in segv smash hog fdclobber flood forker killer spin fatal stall; do
    spec=$kdir/$kernel/kernel.yaml
    [ $kernel = stall ] && spec=$work/stall.yaml
    "$lgfuzz" build -q "$spec" || fail "lgfuzz build $kernel exited $?"
    cwd=$work/cwd-$kernel
    out=$work/run-$kernel
    mkdir -p "$cwd"
    (cd "$cwd" && exec "$lgfuzz" run "$spec" --budget 120s --no-guard -q --out "$out" >"$work/$kernel.out" 2>"$work/$kernel.err") &
    run=$!
    # Mid-run: the main loop has begun, or the executor and the RTL worker
    # have both run for 5 s (stall's first RTL call holds the loop up for
    # 20 s or more).
    i=0 both=0
    while [ ! -s "$out/plot.csv" ] && [ $both -lt 50 ]; do
        i=$((i + 1))
        [ $i -le 600 ] || { kill -KILL $run; cat "$work/$kernel.err"; fail "$kernel: no main loop within 60 s"; }
        kill -0 $run 2>/dev/null || { cat "$work/$kernel.err"; fail "$kernel: lgfuzz run ended before it was killed"; }
        if pgrep -P $run -f /tracer/ >/dev/null && pgrep -P $run -f /rtl/ >/dev/null; then
            both=$((both + 1))
        fi
        sleep 0.1
    done
    sleep 1
    echo "$kernel: lgfuzz run (pid $run) and the processes it started:"
    # shellcheck disable=SC2046
    ps -o pid,ppid,pgid,sid,args -p "$(procs_in "$cwd" | tr '\n' ',' | sed 's/,$//')" | cut -c1-160
    t0=$(date +%s%3N)
    kill -"$sig" $run
    rc=0
    wait $run || rc=$?
    t1=$(date +%s%3N)
    echo "$kernel: lgfuzz run exited $rc $((t1 - t0)) ms after SIG$sig"
    cat "$work/$kernel.out" "$work/$kernel.err"
    sleep 1
    left=$(procs_in "$cwd")
    if [ -n "$left" ]; then
        # shellcheck disable=SC2086
        ps -o pid,ppid,pgid,sid,args -p "$(echo $left | tr ' ' ',')" | cut -c1-160
        # shellcheck disable=SC2086
        kill -KILL $left 2>/dev/null || true
        fail "$kernel: $(echo "$left" | wc -l) processes of the run still run one second after lgfuzz ended by SIG$sig"
    fi
    if [ "$sig" = KILL ]; then
        [ $rc -eq 137 ] || fail "$kernel: lgfuzz run exited $rc after SIGKILL, expected 137"
        continue
    fi
    [ $rc -eq 0 ] || [ $rc -eq 1 ] || fail "$kernel: the run stopped by SIG$sig exited $rc, expected 0 or 1"
    [ $((t1 - t0)) -le 2000 ] || fail "$kernel: the run took $((t1 - t0)) ms to stop after SIG$sig"
    grep -q "^lgfuzz run $kernel: interrupted after [0-9.]*s " "$work/$kernel.out" ||
        fail "$kernel: the summary does not say the run was interrupted"
    grep -q '"status":"interrupted"' "$out/stats.json" || fail "$kernel: stats.json does not say the run was interrupted"
done
echo "no process outlived lgfuzz run killed by SIG$sig"
