# bench/harness.sh: the libFuzzer and AFL++ harnesses of a kernel (its C,
# the generated shim that decodes a byte string into the spec's input, and
# the RTL through lgfuzz's oracle), shared by bench/run and bench/scaling.
# Sourced, not run; the sourcing script defines die. POSIX sh.

# harness_setup BUILD ROOT: checks the build products a harness links and
# sets GENSHIM, LIBS, SANFLAGS (a sanitizer build's libraries need the
# sanitizer runtimes at link time) and CFLAGS_H.
harness_setup() {
    GENSHIM="$1/bench/baselines/bench_gen_shim"
    for f in "$GENSHIM" "$1/bench/baselines/liblg_benchkit.a" "$1/tests/kernels/liblg_ktest.a" "$1/gen/liblg_gen.a"; do
        [ -e "$f" ] || die "$f is missing: cmake --build $1 --target bench_gen_shim lg_benchkit lg_ktest lg_gen"
    done
    LIBS="$1/bench/baselines/liblg_benchkit.a $1/tests/kernels/liblg_ktest.a $1/rtl-oracle/liblg_oracle.a \
$1/synth/liblg_synth.a $1/gen/liblg_gen.a $1/spec/liblg_spec.a $1/util/liblg_util.a -ljson-c -lyaml -lm"
    SANFLAGS=""
    grep -q '^LGFUZZ_SANITIZE:BOOL=ON' "$1/CMakeCache.txt" 2>/dev/null && SANFLAGS="-fsanitize=address,undefined"
    CFLAGS_H="-O2 -std=c11 -D_XOPEN_SOURCE=700 -I$2 -w"
}

# harness_sources KDIR HDIR: writes HDIR/shim.c for the kernel in KDIR and
# prints the harness's C sources (the shim and the spec's c.source).
harness_sources() {
    "$GENSHIM" "$1/kernel.yaml" "$2/shim.c" || die "$1: the harness shim could not be generated"
    echo "$2/shim.c $(sed -n 's/^  source: *\([^ #]*\).*/\1/p' "$1/kernel.yaml" | sed "s|^|$1/|")"
}

# harness_libfuzzer SRC OUT ROOT: links the libFuzzer harness of SRC.
harness_libfuzzer() {
    # shellcheck disable=SC2086
    clang-14 $CFLAGS_H -fsanitize=fuzzer $SANFLAGS $1 "$3/bench/baselines/libfuzzer_main.c" $LIBS -o "$2"
}

# harness_afl SRC OUT ROOT: links the AFL++ harness of SRC as OUT and its
# CmpLog build as OUT.cmplog.
harness_afl() {
    # shellcheck disable=SC2086
    afl-clang-fast $CFLAGS_H $SANFLAGS $1 "$3/bench/baselines/afl_main.c" $LIBS -o "$2" &&
        AFL_LLVM_CMPLOG=1 afl-clang-fast $CFLAGS_H $SANFLAGS $1 "$3/bench/baselines/afl_main.c" $LIBS -o "$2.cmplog"
}

# The per-input timeout afl-fuzz runs the AFL++ harness with (-t), in ms:
# libFuzzer's -timeout=10 of bench/run. It must cover a target process's
# start, which the harness pays inside its first input (driver and RTL
# model child: 0.1-0.5 s on a loaded machine). Left to itself afl-fuzz
# derives 20 ms from the calibrated executions, kills every restarted
# process before its first input ends and makes no execution after the
# second restart.
# shellcheck disable=SC2034 # read by the sourcing scripts
HARNESS_AFL_TIMEOUT_MS=10000
