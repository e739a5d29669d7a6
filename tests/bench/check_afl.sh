#!/bin/sh
# check_afl.sh SRC BUILD OUT: runs bench/run's AFL++ baseline on
# kernels/accumulate with its target restarted every LOOP inputs and checks
# that executions go on past the restarts: more target processes than the
# two that got through when afl-fuzz's own timeout killed every restarted
# process during its start, and a corpus that grew past the seed. A count
# of processes, not a speed: the budget leaves room for dozens (more than
# 200 inputs, 10 processes, in 8 s with the machine at a load of 12).
set -eu
SRC=$1 BUILD=$2 OUT=$3
LOOP=20 PROCS=5
fail() { echo "check_afl: $*" >&2; exit 1; }

rm -rf "$OUT"
LGB_AFL_LOOP=$LOOP "$SRC/bench/run" --kernels accumulate --tools aflpp --seeds 1 --budget 8s \
    --build "$BUILD" --out "$OUT/results" --work "$OUT/work" || fail "bench/run exited $?"

RD="$OUT/work/runs/accumulate/aflpp/seed1"
[ -f "$RD/state.bin" ] || fail "no state.bin in $RD (see $RD/tool.log)"
# benchkit_state_t's third 64-bit field: inputs checked, over every process
execs=$(od -An -tu8 -j16 -N8 "$RD/state.bin" | tr -d ' ')
[ "$execs" -gt $((PROCS * LOOP)) ] ||
    fail "$execs inputs checked, want more than $((PROCS * LOOP)) ($PROCS target processes of $LOOP); see $RD/tool.log"
queue=0
for f in "$RD"/afl/default/queue/id:*; do
    [ -e "$f" ] && queue=$((queue + 1))
done
[ "$queue" -gt 1 ] || fail "AFL++'s corpus stayed at $queue entry"
echo "check_afl: ok ($execs inputs checked, $queue corpus entries)"
