#!/bin/sh
# batch.slurm: scripts/slurm/ on a one-node Slurm cluster this test starts
# itself (munged, slurmctld and slurmd from Debian's munge and slurm-wlm,
# scripts/install-deps.sh), with its own key, ports, config and state under
# WORK, stopped again however the test ends.
#
#  1. scripts/slurm/submit.sh submits the build job, a 3-task array over the
#     C-only kernels clamp, clamp-2 (clamp-copy) and histo, one kernel per
#     shard, and the report job. The node has 2 CPUs and each task asks for
#     2, so the tasks run one at a time; task 3 is cancelled while it is
#     still pending. Checked: the build job succeeds; tasks 1 and 2 write
#     shard-1 and shard-2 as --shard 1/3 and 2/3; no task 3 ever runs; the
#     report job runs after the array despite the cancelled task and writes
#     a summary of clamp and clamp-2.
#  2. Task 3 again, alone (`sbatch --array=3`), as the array script's header
#     says, with a 1-minute time limit, SIGINT to the batch 20 s before it
#     (--signal=B:INT@20) and 60 s of budget: it runs --shard 3/3 and the
#     signal, reaching lgfuzz through the script's exec, ends the batch
#     early and cleanly (batch.json "interrupted", summary written, the job
#     not TIMEOUT); the report over all three shards names all three kernels.
#     slurmctld checks the signal times every 30 s and sends a signal when
#     it is due within the next 30 s: here between 10 and 40 s into the job,
#     never before lgfuzz runs, and at least 20 s before the limit.
#  3. Last, on the report job of step 1: it must name the kernel of the
#     cancelled shard (histo) on its output and in summary.json's
#     "completeness", and exit with a code above 1 (lgfuzz report's
#     completeness check).
#
# usage: slurm.sh LGFUZZ SRC WORK     exits 77 (skipped) when it cannot run:
# not root (slurmd starts the jobs), or Slurm or MUNGE not installed.
set -eu
lgfuzz=$1
src=$2
work=$3
t_start=$(date +%s)

skip() {
    echo "SKIP: batch.slurm: $*"
    exit 77
}
fail() {
    echo "FAIL: batch.slurm: $*" >&2
    exit 1
}
say() {
    echo "batch.slurm: [$(($(date +%s) - t_start)) s] $*"
}

[ "$(id -u)" -eq 0 ] || skip "needs root: slurmd runs the jobs and the test runs slurmd"
for c in munged munge slurmctld slurmd sbatch squeue scancel scontrol sinfo; do
    command -v "$c" >/dev/null 2>&1 ||
        skip "$c not found (scripts/install-deps.sh installs Debian's slurm-wlm and munge)"
done

mkdir -p "$work"
# Daemons a killed earlier run of this test left behind (their pids, and
# only if they still are these daemons).
for f in "$work"/pids/*.pid; do
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    case "$(cat "/proc/$pid/comm" 2>/dev/null)" in
    munged | slurmctld | slurmd) kill -9 "$pid" 2>/dev/null || true ;;
    esac
    rm -f "$f"
done
if [ -f "$work/pids/munge-dir" ]; then
    rm -rf "$(cat "$work/pids/munge-dir")"
fi
rm -rf "$work/pids" "$work/state" "$work/spool" "$work/logs" "$work/run"
mkdir -p "$work/pids" "$work/state" "$work/spool" "$work/logs" "$work/run"

mdir=$(mktemp -d "${TMPDIR:-/tmp}/lgfuzz-munge.XXXXXX")
echo "$mdir" >"$work/pids/munge-dir"
export SLURM_CONF="$work/slurm.conf"

# Stops what the test started: jobs first (slurmstepd and lgfuzz outlive
# slurmd), then slurmd, slurmctld and munged.
cleanup() {
    rc=$?
    trap - EXIT INT TERM HUP
    if [ -f "$work/pids/slurmctld.pid" ]; then
        scancel --quiet --user=root 2>/dev/null || true
        i=0
        while [ $i -lt 30 ] && [ -n "$(squeue -h -o %i 2>/dev/null)" ]; do
            sleep 0.5
            i=$((i + 1))
        done
    fi
    for d in slurmd slurmctld munged; do
        f="$work/pids/$d.pid"
        [ -f "$f" ] || continue
        pid=$(cat "$f")
        kill "$pid" 2>/dev/null || true
        i=0
        while [ $i -lt 40 ] && kill -0 "$pid" 2>/dev/null; do
            sleep 0.25
            i=$((i + 1))
        done
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        rm -f "$f"
    done
    rm -rf "$mdir" "$work/pids/munge-dir"
    say "daemons stopped; logs in $work/logs; exit $rc"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# Two free TCP ports next to each other, for slurmctld and slurmd.
port_free() {
    ! command -v ss >/dev/null 2>&1 || [ -z "$(ss -Htan "sport = :$1" 2>/dev/null)" ]
}
port=$((20000 + $$ % 20000))
while ! port_free "$port" || ! port_free $((port + 1)); do
    port=$((port + 2))
    [ "$port" -lt 65000 ] || fail "no free port pair found"
done

# munged with a key of its own; the socket's directory must be searchable
# by all, the key readable by its owner only.
chmod 755 "$mdir"
if command -v mungekey >/dev/null 2>&1; then
    mungekey --create --keyfile="$mdir/munge.key"
else
    dd if=/dev/urandom of="$mdir/munge.key" bs=1024 count=1 2>/dev/null
fi
chmod 600 "$mdir/munge.key"
munged --foreground --key-file="$mdir/munge.key" --socket="$mdir/munge.sock" \
    --pid-file="$mdir/munged.pid" --seed-file="$mdir/munged.seed" \
    --log-file="$work/logs/munged.log" >"$work/logs/munged.out" 2>&1 &
echo $! >"$work/pids/munged.pid"

i=0
until munge -n -S "$mdir/munge.sock" 2>/dev/null | unmunge -S "$mdir/munge.sock" >/dev/null 2>&1; do
    i=$((i + 1))
    [ $i -lt 40 ] || fail "munged did not start: $(cat "$work/logs/munged.out" "$work/logs/munged.log")"
    sleep 0.25
done

# No cgroups here: processes tracked by their parent ids, no task binding,
# no accounting. The scheduler looks at pending jobs every 2 s.
cat >"$SLURM_CONF" <<EOF
ClusterName=lgfuzz-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$mdir/munge.sock
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/state/slurmctld.pid
SlurmdPidFile=$work/spool/slurmd.pid
SlurmctldLogFile=$work/logs/slurmctld.log
SlurmdLogFile=$work/logs/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=2
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
MinJobAge=600
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -f "$SLURM_CONF" >"$work/logs/slurmctld.out" 2>&1 &
echo $! >"$work/pids/slurmctld.pid"
slurmd -D -f "$SLURM_CONF" -N localhost >"$work/logs/slurmd.out" 2>&1 &
echo $! >"$work/pids/slurmd.pid"

i=0
until [ "$(sinfo -h -n localhost -o %t 2>/dev/null)" = idle ]; do
    i=$((i + 1))
    for d in slurmctld slurmd; do
        kill -0 "$(cat "$work/pids/$d.pid")" 2>/dev/null ||
            fail "$d exited: $(tail -20 "$work/logs/$d.out")"
    done
    [ $i -lt 120 ] || fail "the node did not come up idle: $(sinfo 2>&1)"
    sleep 0.5
done
say "cluster up: slurmctld on port $port, slurmd on $((port + 1)), one node of 2 CPUs"

# A job's field from `scontrol show job -o` (JobState, ExitCode, ...).
job_field() { # JOB FIELD
    scontrol show job -o "$1" 2>/dev/null | head -1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}
# Waits until JOB has ended, at most SECONDS. Ended means one of Slurm's
# final base states: scontrol shows a state flag in place of the base state
# while the flag is set (SIGNALING while --signal is being delivered,
# STAGE_OUT, RESIZING, ...), so "not pending or running" is not "ended".
wait_job() { # JOB SECONDS
    i=0
    while :; do
        case "$(job_field "$1" JobState)" in
        COMPLETED | FAILED | CANCELLED* | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | \
            PREEMPTED | BOOT_FAIL | DEADLINE) return 0 ;;
        esac
        i=$((i + 1))
        [ $i -lt $(($2 * 2)) ] || fail "job $1 still not ended after $2 s: $(squeue -r 2>&1)"
        sleep 0.5
    done
}
json_str() { # FILE KEY: the string value of "KEY":"..." (first)
    sed -n "s/.*\"$2\":\"\\([^\"]*\\)\".*/\\1/p" "$1" | head -1
}
names() { # summary.json: its kernels' names, one a line
    grep -o '"name":"[^"]*"' "$1" | sed 's/"name":"\(.*\)"/\1/'
}

k=$src/tests/batch/kernels
# Sorted by directory name, clamp-copy's spec is clamp (its path sorts first,
# docs/batch.md), clamp's is clamp-2: shard 1 = clamp, 2 = clamp-2, 3 = histo.
set -- "$k/clamp/kernel.yaml" "$k/clamp-copy/kernel.yaml" "$k/histo/kernel.yaml"
kernel_of_shard() {
    case "$1" in 1) echo clamp ;; 2) echo clamp-2 ;; 3) echo histo ;; esac
}

# --- 1. build job, array, report job; task 3 cancelled while pending -----
cd "$work/run"
"$src/scripts/slurm/submit.sh" --shards 3 --out out --lgfuzz "$lgfuzz" \
    --sbatch --cpus-per-task=2 --sbatch --time=10 "$@" \
    -- --budget-per-kernel 2s -q >"$work/logs/submit.out"
cat "$work/logs/submit.out"
build=$(sed -n 's/^build //p' "$work/logs/submit.out")
array=$(sed -n 's/^array //p' "$work/logs/submit.out")
report=$(sed -n 's/^report //p' "$work/logs/submit.out")
if [ -z "$build" ] || [ -z "$array" ] || [ -z "$report" ]; then
    fail "submit.sh printed no job ids"
fi

# Once a task runs (one at a time: 2 CPUs, 2 per task), task 3 waits behind
# it and the next one; cancel it then.
cancelled=""
i=0
while [ -z "$cancelled" ]; do
    states=$(squeue -h -r -j "$array" -o '%K=%T' 2>/dev/null || true)
    case " $(echo "$states" | tr '\n' ' ')" in
    *=RUNNING*)
        case " $(echo "$states" | tr '\n' ' ')" in
        *" 3=PENDING"*)
            scancel "${array}_3"
            cancelled=3
            ;;
        *) fail "task 3 is not pending while another runs: $states" ;;
        esac
        ;;
    esac
    i=$((i + 1))
    [ $i -lt 240 ] || fail "no array task started within 120 s: $(squeue -r 2>&1)"
    [ -n "$cancelled" ] || sleep 0.5
done
say "cancelled task ${array}_3 while pending (tasks: $(echo "$states" | tr '\n' ' '))"

wait_job "$report" 240
say "report job $report ended: $(job_field "$report" JobState) $(job_field "$report" ExitCode)"

[ "$(job_field "$build" JobState)" = COMPLETED ] ||
    fail "build job $build: $(job_field "$build" JobState): $(cat out/logs/lgfuzz-build-"$build".out)"
for t in 1 2; do
    state=$(job_field "${array}_$t" JobState)
    log=out/logs/lgfuzz-shard-${array}_$t.out
    [ "$state" = COMPLETED ] || fail "task $t: $state $(job_field "${array}_$t" ExitCode): $(cat "$log")"
    grep -q -- "--shard $t/3 --out out/shard-$t" "$log" || fail "task $t's log: $(cat "$log")"
    b=out/shard-$t/batch.json
    [ -f "$b" ] || fail "task $t wrote no $b"
    [ "$(json_str "$b" shard)" = "$t/3" ] || fail "$b: shard $(json_str "$b" shard), want $t/3"
    [ "$(json_str "$b" status)" = complete ] || fail "$b: status $(json_str "$b" status)"
    want=$(kernel_of_shard "$t")
    [ "$(names out/shard-$t/summary.json)" = "$want" ] ||
        fail "shard $t ran '$(names out/shard-$t/summary.json)', want $want"
done
if [ -e out/shard-3 ] || [ -e "out/logs/lgfuzz-shard-${array}_3.out" ]; then
    fail "the cancelled task 3 ran"
fi
replog=out/logs/lgfuzz-report-$report.out
[ -f "$replog" ] || fail "the report job wrote no $replog"
if [ ! -f out/summary.json ] || [ ! -f out/summary.md ]; then
    fail "the report job wrote no summary: $(cat "$replog")"
fi
[ "$(names out/summary.json | tr '\n' ' ')" = "clamp clamp-2 " ] ||
    fail "the report's kernels: $(names out/summary.json | tr '\n' ' '), want clamp clamp-2"
report_state=$(job_field "$report" JobState)
report_exit=$(job_field "$report" ExitCode)
cp out/summary.json "$work/report1-summary.json"
cp "$replog" "$work/report1.out"
say "step 1 ok: build job, tasks 1 and 2, task 3 cancelled, report job $report_state ($report_exit)"

# --- 2. task 3 alone, interrupted by Slurm's signal before its time limit ---
LGFUZZ=$lgfuzz LGFUZZ_SHARDS=3 LGFUZZ_OUT=out sbatch --parsable --array=3 \
    --cpus-per-task=2 --time=1 --signal=B:INT@20 --output="out/logs/%x-%A_%a.out" \
    "$src/scripts/slurm/lgfuzz-array.sh" "$@" --budget-per-kernel 60s -q >"$work/logs/rerun.out"
rerun=$(cut -d';' -f1 "$work/logs/rerun.out")
t0=$(date +%s)
wait_job "${rerun}_3" 150
took=$(($(date +%s) - t0))
state=$(job_field "${rerun}_3" JobState)
say "task 3 again: job ${rerun}_3 $state $(job_field "${rerun}_3" ExitCode) after $took s"
log=out/logs/lgfuzz-shard-${rerun}_3.out
case "$state" in
TIMEOUT | CANCELLED*) fail "task 3 again: $state: $(cat "$log")" ;;
esac
b=out/shard-3/batch.json
[ -f out/shard-3/summary.json ] || fail "task 3 again wrote no summary: $(cat "$log")"
[ "$(json_str "$b" shard)" = 3/3 ] || fail "$b: shard $(json_str "$b" shard), want 3/3"
[ "$(json_str "$b" status)" = interrupted ] || fail "$b: status $(json_str "$b" status), want interrupted"
[ "$(names out/shard-3/summary.json)" = histo ] || fail "shard 3 ran '$(names out/shard-3/summary.json)'"
rc=0
"$lgfuzz" report out/shard-* --out out-all >"$work/logs/report-all.out" 2>&1 || rc=$?
[ "$(names out-all/summary.json | tr '\n' ' ')" = "clamp clamp-2 histo " ] ||
    fail "the report of all shards: $(names out-all/summary.json | tr '\n' ' ') (exit $rc)"
say "step 2 ok: task 3 alone ran --shard 3/3 and was interrupted by SIGINT before its limit"

# --- 3. the report of step 1 names the kernel of the cancelled shard ------
missing=$(kernel_of_shard "$cancelled")
code=${report_exit%%:*}
ok=yes
if ! grep -q -w -- "$missing" "$work/report1.out"; then
    echo "the report job's output does not name the missing kernel $missing" >&2
    ok=no
fi
if ! grep -q '"completeness"' "$work/report1-summary.json" ||
    ! grep -q -w -- "$missing" "$work/report1-summary.json"; then
    echo "the report's summary.json has no \"completeness\" naming $missing" >&2
    ok=no
fi
if [ "$code" -le 1 ]; then
    echo "the report job exited $code, want above 1 (shard $cancelled missing)" >&2
    ok=no
fi
[ "$ok" = yes ] || fail "step 3: the report of a run with shard $cancelled cancelled does not say so" \
    "($work/report1.out, $work/report1-summary.json)"
say "step 3 ok: the report names the missing kernel $missing and exits $code"
