# `lgfuzz run --seeds DIR` on tests/cli/kernels/rare, whose RTL differs from
# the C on one input pair that no C branch leads to: with the same --seed
# and iteration count, the run without seeds finds no divergence and the
# run with a seed holding the pair records it, as found, in divergences/.
# A --seeds directory that does not exist and one holding a file that is
# not an input of the spec each end with exit 2 naming the path, before
# anything is built.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory; builds go to
# the suite's cache, tests/tiers.cmake).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(SPEC ${SRC}/tests/cli/kernels/rare/kernel.yaml)
set(RUN run ${SPEC} --seed 5 --iterations 40 --rtl always --no-guard -q)

include(${CMAKE_CURRENT_LIST_DIR}/expect_lgfuzz.cmake)

# The divergence directories of the run in <out>, in <var>.
function(divergences var out)
  file(GLOB dirs LIST_DIRECTORIES true ${out}/divergences/*)
  set(${var} "${dirs}" PARENT_SCOPE)
endfunction()

# Without seeds: nothing found.
expect_lgfuzz(out 0 "0 distinct divergences" ${RUN} --out ${WORK}/plain)
divergences(found ${WORK}/plain)
if(found)
  message(FATAL_ERROR "the run without seeds found the rare pair: ${found}")
endif()

# With the pair as a seed (and a second, ordinary one): one divergence,
# whose input as found is the seed.
file(MAKE_DIRECTORY ${WORK}/seeds)
file(WRITE ${WORK}/seeds/pair.json "{\"a\":538890,\"b\":461113}\n")
file(WRITE ${WORK}/seeds/plain.json "{\"a\":1,\"b\":2}\n")
expect_lgfuzz(out 1 "1 distinct divergence" ${RUN} --out ${WORK}/seeded --seeds ${WORK}/seeds)
divergences(found ${WORK}/seeded)
list(LENGTH found n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "the seeded run recorded ${n} divergences, expected 1: ${found}")
endif()
file(READ ${found}/input.orig.json input)
string(JSON a GET "${input}" a)
string(JSON b GET "${input}" b)
if(NOT a EQUAL 538890 OR NOT b EQUAL 461113)
  message(FATAL_ERROR "${found}: found on ${input}, not on the seed")
endif()
file(READ ${WORK}/seeded/stats.json stats)
string(JSON loaded GET "${stats}" seeds_loaded)
if(NOT loaded EQUAL 2)
  message(FATAL_ERROR "stats.json: seeds_loaded ${loaded}, expected 2")
endif()

# A directory that does not exist.
expect_lgfuzz(out 2 "--seeds '${WORK}/none' is not a directory" ${RUN} --out ${WORK}/none-out --seeds ${WORK}/none)

# A file that is not JSON, and one that names a param the spec lacks: each
# named with the reason; no output directory is made.
file(MAKE_DIRECTORY ${WORK}/bad1 ${WORK}/bad2)
file(COPY ${WORK}/seeds/plain.json DESTINATION ${WORK}/bad1)
file(WRITE ${WORK}/bad1/torn.json "{\"a\":1,")
expect_lgfuzz(out 2 "--seeds: ${WORK}/bad1/torn.json:1:" ${RUN} --out ${WORK}/bad1-out --seeds ${WORK}/bad1)
file(WRITE ${WORK}/bad2/extra.json "{\"a\":1,\"b\":2,\"c\":3}\n")
expect_lgfuzz(out 2 "--seeds: ${WORK}/bad2/extra.json: unknown param 'c'" ${RUN} --out ${WORK}/bad2-out --seeds ${WORK}/bad2)
foreach(out bad1-out bad2-out none-out)
  if(EXISTS ${WORK}/${out})
    message(FATAL_ERROR "a refused run made ${WORK}/${out}")
  endif()
endforeach()
