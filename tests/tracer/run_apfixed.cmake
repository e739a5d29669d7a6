# tests/tracer/kernels/apfixed end to end: `lgfuzz run --iterations 30
# --seed S` on the exact RTL reports no divergence (about 500 RTL calls);
# on the RTL that rounds y where the C truncates it reports mismatch:y
# (within 3 iterations on each of seeds 1-5), and `lgfuzz diff` on the
# first witness input shows the output's raw and real values on both
# sides. Inputs: LGFUZZ, DIR (the kernel's directory), SEED, WORK
# (scratch directory).
cmake_minimum_required(VERSION 3.20)
set(EXACT kernel.yaml)
set(PLANTS rounded)
set(ITERATIONS 30)
# The rounding RTL is one raw step (1/256) above the C.
set(DIFF_MATCH "divergence mismatch:y: y: cpu -?[0-9]+ \\(-?[0-9.]+\\), rtl -?[0-9]+ \\(-?[0-9.]+\\)")
include(${CMAKE_CURRENT_LIST_DIR}/exact_planted.cmake)
