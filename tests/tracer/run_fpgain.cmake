# tests/tracer/kernels/fpgain end to end: `lgfuzz run --iterations 100
# --seed S` on the exact multiplier core reports no divergence (about 1,500
# RTL calls); on the core that rounds ties away from zero, and on the one
# that flushes subnormal results to zero, it reports mismatch:y (seed 5
# takes between 60 and 100 iterations to the tie since the loop counter's
# register, i_reg, gives i a width probe; the others fewer than 60), and
# `lgfuzz diff` on the tie plant's first witness shows y's differing
# element. Inputs: LGFUZZ, DIR
# (the kernel's directory), SEED, WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
set(EXACT exact.yaml)
set(PLANTS tieaway ftz)
set(ITERATIONS 100)
set(DIFF_MATCH "divergence mismatch:y: y\\[[0-9]+\\]: cpu -?[0-9]+ \\([^)]+\\), rtl -?[0-9]+ \\([^)]+\\)")
include(${CMAKE_CURRENT_LIST_DIR}/exact_planted.cmake)
