# The value database of `lgfuzz batch`: copies of kernels/dot and
# kernels/fir, which both have an i16 array param `x`, fir with one seed.
# The batch writes DIR/values.json with fir's seed values under their
# (name, type) keys; dot's run reads them (its own `x` gets the two values,
# its `y` none) and draws from them; with --no-value-db there is no file
# and no draw.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch directory).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(COPY ${SRC}/kernels/dot/ DESTINATION ${WORK}/dot)
file(COPY ${SRC}/kernels/fir/ DESTINATION ${WORK}/fir)
file(MAKE_DIRECTORY ${WORK}/fir/seeds)
file(WRITE ${WORK}/fir/seeds/a.json "{\"x\": [1234, -777], \"n\": 2}\n")
file(APPEND ${WORK}/fir/kernel.yaml "seeds: seeds\n")

function(batch out)
  execute_process(COMMAND ${LGFUZZ} batch ${WORK}/dot/kernel.yaml ${WORK}/fir/kernel.yaml --budget-per-kernel 60s
                          --out ${WORK}/${out} --iterations 20 --rtl never -q ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "batch ${out}: exit ${rc}\n${o}${e}")
  endif()
endfunction()

# <var>: field of DIR/<kernel>/stats.json.
function(stat var dir kernel field)
  file(READ ${dir}/${kernel}/stats.json s)
  string(JSON v GET "${s}" ${field})
  set(${var} ${v} PARENT_SCOPE)
endfunction()

batch(with)
file(READ ${WORK}/with/values.json db)
string(JSON nx LENGTH "${db}" values "x[]:i16")
string(JSON x0 GET "${db}" values "x[]:i16" 0)
string(JSON x1 GET "${db}" values "x[]:i16" 1)
string(JSON nn LENGTH "${db}" values "n:i32")
string(JSON n0 GET "${db}" values "n:i32" 0)
string(JSON nkeys LENGTH "${db}" values)
if(NOT nx EQUAL 2 OR NOT x0 EQUAL -777 OR NOT x1 EQUAL 1234 OR NOT nn EQUAL 1 OR NOT n0 EQUAL 2 OR NOT nkeys EQUAL 2)
  message(FATAL_ERROR "values.json: ${db}")
endif()
stat(values ${WORK}/with dot value_db_values)
stat(draws ${WORK}/with dot value_db_draws)
if(NOT values EQUAL 2 OR draws LESS 1)
  message(FATAL_ERROR "dot: value_db_values ${values} (expected 2), value_db_draws ${draws}")
endif()

batch(without --no-value-db)
if(EXISTS ${WORK}/without/values.json)
  message(FATAL_ERROR "--no-value-db wrote values.json")
endif()
stat(values ${WORK}/without dot value_db_values)
stat(draws ${WORK}/without dot value_db_draws)
if(NOT values EQUAL 0 OR NOT draws EQUAL 0)
  message(FATAL_ERROR "--no-value-db: value_db_values ${values}, value_db_draws ${draws}")
endif()
