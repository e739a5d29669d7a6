# `lgfuzz seeds` on copies of the bundled testbenches: every call is
# captured (duplicates included), one seed per distinct call holds exactly
# what the testbench passed, out arrays never become inputs, a second run
# writes nothing new, a testbench that does not compile is named, and one
# that crashes inside the kernel keeps the calls it made before (the call
# it died in is reported and skipped: its pointer cannot be read). With
# CHECK=run, `lgfuzz run` on the mined seeds reports them in stats.json.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory; builds go to
# the suite's cache, tests/tiers.cmake), CHECK (capture or run).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

include(${CMAKE_CURRENT_LIST_DIR}/expect_lgfuzz.cmake)

# Expects <count> seed files in dir; their texts, each one between two
# '|' (not a list: JSON's brackets would group CMake list elements), in
# <var>.
function(read_seeds var dir count)
  file(GLOB files ${dir}/*.json)
  list(LENGTH files n)
  if(NOT n EQUAL count)
    message(FATAL_ERROR "${dir}: ${n} seed files, expected ${count}: ${files}")
  endif()
  set(texts "|")
  foreach(f ${files})
    file(READ ${f} t)
    string(STRIP "${t}" t)
    string(APPEND texts "${t}|")
  endforeach()
  set(${var} "${texts}" PARENT_SCOPE)
endfunction()

# Fails unless one of the seeds read into texts is exactly want.
function(expect_seed texts want)
  string(FIND "${texts}" "|${want}|" at)
  if(at LESS 0)
    message(FATAL_ERROR "no seed holds ${want}: ${texts}")
  endif()
endfunction()

# accumulate, with a seeds directory in its spec: vectors.dat has 6
# vectors, one of them twice.
file(COPY ${SRC}/kernels/accumulate/ DESTINATION ${WORK}/acc)
file(MAKE_DIRECTORY ${WORK}/acc/seeds)
file(APPEND ${WORK}/acc/kernel.yaml "seeds: seeds\n")
expect_lgfuzz(out 0 "captured 6 calls, 5 distinct, wrote 5 seeds to ${WORK}/acc/seeds"
              seeds ${WORK}/acc/kernel.yaml ${WORK}/acc/tb/tb_accumulate.c)
read_seeds(texts ${WORK}/acc/seeds 5)
expect_seed("${texts}" "{\"data\":[100,27,5],\"size\":3}")
expect_seed("${texts}" "{\"data\":[-5,7],\"size\":2}")
expect_seed("${texts}" "{\"data\":[],\"size\":0}")

if(CHECK STREQUAL "run")
  expect_lgfuzz(out 0 "" run ${WORK}/acc/kernel.yaml --iterations 3 --rtl never --no-guard -q --out ${WORK}/run)
  file(READ ${WORK}/run/stats.json stats)
  string(JSON loaded GET "${stats}" seeds_loaded)
  if(NOT loaded EQUAL 5)
    message(FATAL_ERROR "stats.json: seeds_loaded ${loaded}, expected 5")
  endif()
  return()
endif()

# The same calls again: nothing new.
expect_lgfuzz(out 0 "captured 6 calls, 5 distinct, wrote 0 seeds" seeds ${WORK}/acc/kernel.yaml
              ${WORK}/acc/tb/tb_accumulate.c)
read_seeds(texts ${WORK}/acc/seeds 5)

# rgb2yuv: three rows into --out; y, u and v (out arrays, prefilled with
# 0xEE by the testbench and written by the kernel) are in no seed.
file(COPY ${SRC}/kernels/rgb2yuv/ DESTINATION ${WORK}/rgb)
expect_lgfuzz(out 0 "captured 3 calls, 3 distinct, wrote 3 seeds to ${WORK}/rgb-seeds"
              seeds ${WORK}/rgb/kernel.yaml ${WORK}/rgb/tb/tb_rgb2yuv.c --out ${WORK}/rgb-seeds)
read_seeds(texts ${WORK}/rgb-seeds 3)
expect_seed("${texts}" "{\"r\":[255,0],\"g\":[0,255],\"b\":[0,0],\"n\":2}")
if(texts MATCHES "\"[yuv]\"" OR texts MATCHES "238")
  message(FATAL_ERROR "an output array in a seed: ${texts}")
endif()

# A testbench that does not compile is named with clang's message.
file(MAKE_DIRECTORY ${WORK}/bad)
file(WRITE ${WORK}/bad/tb_broken.c "int accumulate(const int *, int);\nint main(void) { return accumulate(0, 0) }\n")
expect_lgfuzz(out 2 "testbench ${WORK}/bad/tb_broken.c does not compile;tb_broken.c:2:"
              seeds ${WORK}/acc/kernel.yaml ${WORK}/bad/tb_broken.c --out ${WORK}/bad/seeds)

# A testbench that never calls the kernel.
file(WRITE ${WORK}/bad/tb_none.c "int main(void) { return 0; }\n")
expect_lgfuzz(out 2 "never calls the kernel function `accumulate`"
              seeds ${WORK}/acc/kernel.yaml ${WORK}/bad/tb_none.c --out ${WORK}/bad/seeds)

# Three calls, then one with a pointer that cannot be read: the testbench
# dies in the kernel; the three calls are kept, the fourth reported.
file(WRITE ${WORK}/bad/tb_crash.c [=[
int accumulate(const int *data, int size);
int main(int argc, char **argv)
{
    int a[3] = {4, 5, 6};
    int s = 0;
    for (int i = 0; i < argc; i++)
        s += accumulate(a, i + 1);
    return accumulate((const int *)0 + 64, 2) + s;
}
]=])
expect_lgfuzz(out 0 "captured 4 calls, 3 distinct, wrote 3 seeds;killed by signal 11 inside its last call of accumulate;skipped call 4: 'data'"
              seeds ${WORK}/acc/kernel.yaml ${WORK}/bad/tb_crash.c --out ${WORK}/bad/crash-seeds --args x y)
read_seeds(texts ${WORK}/bad/crash-seeds 3)
expect_seed("${texts}" "{\"data\":[4,5,6],\"size\":3}")

# A call outside the spec (size 600 > max_len and range) is skipped with
# its number and param; the calls around it are kept.
file(WRITE ${WORK}/bad/tb_range.c [=[
int accumulate(const int *data, int size);
static int big[600];
int main(void)
{
    int a[2] = {1, 2};
    return accumulate(a, 2) + accumulate(big, 600) + accumulate(a, 1) != 3;
}
]=])
expect_lgfuzz(out 0 "captured 3 calls, 2 distinct, wrote 2 seeds;skipped call 2: size = 600 is outside its range;exited with status 1"
              seeds ${WORK}/acc/kernel.yaml ${WORK}/bad/tb_range.c --out ${WORK}/bad/range-seeds)
