# tests/tracer/kernels/fpgain end to end: `lgfuzz run --iterations 60
# --seed S` on the exact multiplier core reports no divergence (about 900
# RTL calls); on the core that rounds ties away from zero, and on the one
# that flushes subnormal results to zero, it reports mismatch:y (within 20
# and 3 iterations on each of seeds 1-5), and `lgfuzz diff` on the tie
# plant's first witness shows y's differing element. Inputs: LGFUZZ, DIR
# (the kernel's directory), SEED, WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
set(EXACT exact.yaml)
set(PLANTS tieaway ftz)
set(ITERATIONS 60)
set(DIFF_MATCH "divergence mismatch:y: y\\[[0-9]+\\]: cpu -?[0-9]+, rtl -?[0-9]+")
include(${CMAKE_CURRENT_LIST_DIR}/exact_planted.cmake)
