#!/bin/sh
# lgfuzz stays whole under load while its kernels crash. Two busy loops
# compete for the CPUs throughout (started here, killed at the end). For
# each kernel of tests/cli/kernels that kills or attacks its executor on
# every input, segv (SIGSEGV, recovered in the executor), smash (a smashed
# stack: the executor dies, restarted on every input), fdclobber (junk on
# every descriptor: cpu-fd) and forker (cpu-fork):
#   - `lgfuzz run --iterations 60` exits 1 with stats.json complete and the
#     kernel's class in its summary, and no other (a crash taken for
#     another class under load, cpu-fd for a dying executor, say);
#   - a second run gets SIGINT at a random time, from the moment its output
#     directory exists (its handler is in place) to 4 s later, in any
#     phase (start-up, the model's start, the main loop, minimisation, the
#     final save): it exits 0 or 1 with its summary saying it was
#     interrupted, or 2 with "interrupted ...; nothing was fuzzed"
#     when the signal came while the executor or the model first started
#     (before, a signal during an executor's start, a restart included,
#     ended it with exit 2 and "executor did not start (signal 9)");
# then a C++ kernel as a user's project has it, tests/cli/kernels/cppcrash
# (a mangled vsum that faults natively on a negative element) beside
# tests/cli/hls/vsum's RTL, with the spec `lgfuzz init` writes for them:
# `lgfuzz run --iterations 1`, guard step included, on seeds 1 to 3
# exits 1 with cpu-crash:SIGSEGV in its summary (the shape of run on
# which lgfuzz itself once died of SIGSEGV under load);
# and after every command, lgfuzz itself reported nothing to its
# sanitizers (in the sanitizer build: no "Sanitizer", "runtime error" or
# "assertion failed" on stderr), and one second after it no process of it
# is left (none whose working directory is the run's). The signal times
# come from the seed printed first (STRESS_SEED sets it, to replay a run).
# usage: check_stress.sh LGFUZZ SOURCE_DIR WORK_DIR
set -eu
lgfuzz=$1 src=$2 work=$3
kdir=$src/tests/cli/kernels
rm -rf "$work"
mkdir -p "$work"
seed=${STRESS_SEED:-$(date +%s)}
echo "seed $seed (STRESS_SEED=$seed replays these signal times)"
fail() {
    echo "FAIL: $*"
    exit 1
}

sh -c 'while :; do :; done' &
busy1=$!
sh -c 'while :; do :; done' &
busy2=$!
trap 'kill $busy1 $busy2 2>/dev/null || true' EXIT INT TERM

# The signal delay of run number $1, in ms, from the seed.
delay_ms() {
    awk -v s="$seed" -v n="$1" 'BEGIN { srand(s + 7919 * n); printf "%d", rand() * 4000 }'
}

# The pids of the processes whose working directory is $1.
procs_in() {
    find /proc -maxdepth 2 -path '/proc/[0-9]*/cwd' -lname "$1" 2>/dev/null | sed 's|^/proc/\([0-9]*\)/cwd$|\1|'
}

# After a command run in $1 with its stderr in $2: no sanitizer report, and
# one second later no process left. $3 names the command.
expect_clean() {
    if grep -q -e "Sanitizer" -e "runtime error" -e "assertion failed" "$2"; then
        cat "$2"
        fail "$3: lgfuzz reported an error of its own"
    fi
    sleep 1
    left=$(procs_in "$1")
    if [ -n "$left" ]; then
        # shellcheck disable=SC2086
        ps -o pid,ppid,args -p "$(echo $left | tr ' ' ',')" | cut -c1-160
        # shellcheck disable=SC2086
        kill -KILL $left 2>/dev/null || true
        fail "$3: processes left one second after it ended"
    fi
}

n=0
for kernel in segv smash fdclobber forker; do
    # The class every run must find, and the classes it may find (a
    # smashed stack may return to any garbage).
    case $kernel in
    segv) class="cpu-crash:SIGSEGV" others_ok=$class ;;
    smash) class="cpu-crash:SIG(SEGV|ABRT)" others_ok="cpu-crash:SIG[A-Z]+" ;;
    fdclobber) class="cpu-fd" others_ok=$class ;;
    forker) class="cpu-fork" others_ok=$class ;;
    esac
    spec=$kdir/$kernel/kernel.yaml
    cwd=$work/cwd-$kernel
    mkdir -p "$cwd"

    out=$work/run-$kernel
    rc=0
    (cd "$cwd" && exec "$lgfuzz" run "$spec" --iterations 60 --no-guard -q --out "$out") >"$work/$kernel.out" \
        2>"$work/$kernel.err" || rc=$?
    echo "lgfuzz run $kernel --iterations 60: exit $rc"
    cat "$work/$kernel.out"
    expect_clean "$cwd" "$work/$kernel.err" "lgfuzz run $kernel"
    [ $rc -eq 1 ] || { cat "$work/$kernel.err"; fail "lgfuzz run $kernel exited $rc, expected 1"; }
    grep -Eq "^  $class on path " "$work/$kernel.out" || fail "lgfuzz run $kernel: no $class in the summary"
    others=$(grep -E "^  [^ ]+ on path " "$work/$kernel.out" | grep -Ev "^  $others_ok on path " || true)
    [ -z "$others" ] || fail "lgfuzz run $kernel: other classes than $others_ok in the summary: $others"
    grep -q '"status":"complete"' "$out/stats.json" || fail "lgfuzz run $kernel: stats.json is not complete"

    n=$((n + 1))
    ms=$(delay_ms $n)
    out=$work/int-$kernel
    # Far more iterations than any machine runs before the signal (up to
    # 4 s): the run ends by the signal, not by its count.
    (cd "$cwd" && exec "$lgfuzz" run "$spec" --iterations 100000000 --no-guard -q --out "$out") \
        >"$work/$kernel-int.out" 2>"$work/$kernel-int.err" &
    run=$!
    i=0
    while [ ! -d "$out" ]; do
        i=$((i + 1))
        [ $i -le 600 ] || { kill -KILL $run; fail "lgfuzz run $kernel made no output directory within 60 s"; }
        sleep 0.1
    done
    sleep "$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
    # A run that ended before the signal fails below, with its output.
    kill -INT $run 2>/dev/null || true
    rc=0
    wait $run || rc=$?
    echo "lgfuzz run $kernel, SIGINT $ms ms after its output directory appeared: exit $rc"
    cat "$work/$kernel-int.out" "$work/$kernel-int.err"
    expect_clean "$cwd" "$work/$kernel-int.err" "lgfuzz run $kernel interrupted"
    if [ $rc -eq 2 ]; then
        grep -q "interrupted [^;]*; nothing was fuzzed" "$work/$kernel-int.err" ||
            fail "lgfuzz run $kernel interrupted at $ms ms: exit 2 for another reason than a start cut short"
    elif [ $rc -eq 0 ] || [ $rc -eq 1 ]; then
        grep -q "^lgfuzz run $kernel: interrupted after " "$work/$kernel-int.out" ||
            fail "lgfuzz run $kernel interrupted at $ms ms: its summary does not say so"
        grep -q '"status":"interrupted"' "$out/stats.json" ||
            fail "lgfuzz run $kernel interrupted at $ms ms: stats.json does not say so"
    else
        fail "lgfuzz run $kernel interrupted at $ms ms exited $rc"
    fi
done
# The C++ kernel's design as a project has it: the source beside the RTL,
# the spec lgfuzz init's.
design=$work/cppcrash
mkdir -p "$design"
cp "$kdir/cppcrash/vsum.cpp" "$src/tests/cli/hls/vsum/vsum.v" "$design/"
(cd "$design" && "$lgfuzz" init vsum.v -o kernel.yaml) >"$work/init.out" 2>"$work/init.err" ||
    { cat "$work/init.err"; fail "lgfuzz init on the C++ design failed"; }
expect_clean "$design" "$work/init.err" "lgfuzz init cppcrash"
for s in 1 2 3; do
    cwd=$work/cwd-cppcrash-$s
    out=$work/run-cppcrash-$s
    mkdir -p "$cwd"
    rc=0
    (cd "$cwd" && exec "$lgfuzz" run "$design/kernel.yaml" --iterations 1 --seed $s -q --out "$out") \
        >"$work/cppcrash-$s.out" 2>"$work/cppcrash-$s.err" || rc=$?
    echo "lgfuzz run cppcrash --iterations 1 --seed $s: exit $rc"
    cat "$work/cppcrash-$s.out"
    expect_clean "$cwd" "$work/cppcrash-$s.err" "lgfuzz run cppcrash --seed $s"
    [ $rc -eq 1 ] || { cat "$work/cppcrash-$s.err"; fail "lgfuzz run cppcrash --seed $s exited $rc, expected 1"; }
    grep -Eq "^  (.*: )?cpu-crash:SIGSEGV " "$work/cppcrash-$s.out" ||
        fail "lgfuzz run cppcrash --seed $s: no cpu-crash:SIGSEGV in the summary"
    grep -q '"status":"complete"' "$out/stats.json" || fail "lgfuzz run cppcrash --seed $s: stats.json is not complete"
done
echo "every run ended as it should under load"
