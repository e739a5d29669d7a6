# C++ kernels and f32 values on the designs in tests/cli/hls/ (written in
# the shapes Vitis and Vivado HLS emit):
# - vsum.cpp (a mangled C++ top): check finds it, diff agrees with its RTL;
# - twice.cpp (extern "C", float in and out): diff agrees on normal
#   numbers, infinities and NaNs (a different NaN is no divergence) and
#   finds the planted divergence on a subnormal; a short run finds it too
#   (in its first step, from the float edge values mutations draw; 8 s
#   leave its guard step, on f32 params, its 2 s share);
# - the errors: a float declared u32, a function missing from or
#   overloaded in a C++ file, a range on an f32, a JSON string for an f32.
# `lgfuzz init` on the same designs is tests/init/check_hls.cmake.
# Inputs: LGFUZZ, SRC (source root), WORK (scratch; builds go to the
# suite's cache, tests/tiers.cmake).
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(HLS ${SRC}/tests/cli/hls)

# Runs lgfuzz with ARGN; it must exit <code> with each of the strings in
# the list variable <wants> in its output.
function(expect label code wants)
  execute_process(COMMAND ${LGFUZZ} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${label}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "${label}: exit ${rc}, expected ${code}\n${out}${err}")
  endif()
  foreach(want ${${wants}})
    string(FIND "${out}${err}" "${want}" at)
    if(at LESS 0)
      message(FATAL_ERROR "${label}: no '${want}' in\n${out}${err}")
    endif()
  endforeach()
endfunction()

# A copy of tests/cli/hls/<name> in WORK/<copy>, with <file>'s text
# <from> replaced by <to> (file "" edits nothing).
function(hls_copy name copy file from to)
  file(COPY ${HLS}/${name}/ DESTINATION ${WORK}/${copy})
  if(file)
    file(READ ${WORK}/${copy}/${file} text)
    string(FIND "${text}" "${from}" at)
    if(at LESS 0)
      message(FATAL_ERROR "setup: '${from}' not in ${file}")
    endif()
    string(REPLACE "${from}" "${to}" text "${text}")
    file(WRITE ${WORK}/${copy}/${file} "${text}")
  endif()
endfunction()

function(input path text)
  file(WRITE ${path} "${text}\n")
endfunction()

# C++ with a mangled name.
set(w "vsum.cpp compiles, function vsum found" "the ports of vsum match the spec")
expect(vsum.check 0 w check ${HLS}/vsum/kernel.yaml)
input(${WORK}/vsum.json "{\"data\": [1, 2, 3, -4, 100], \"n\": 5}")
set(w "\"return\":102" "no divergence")
expect(vsum.diff 0 w diff ${HLS}/vsum/kernel.yaml ${WORK}/vsum.json)

# f32: 1.5 as a number, +Inf and a signalling NaN as bit patterns.
set(w "twice.cpp compiles, function twice found" "x            f32")
expect(twice.check 0 w check ${HLS}/twice/kernel.yaml)
foreach(x 1.5 -3.25 0.0 2139095040 2139095041)
  input(${WORK}/twice-${x}.json "{\"x\": ${x}}")
  set(w "no divergence")
  expect(twice.diff.${x} 0 w diff ${HLS}/twice/kernel.yaml ${WORK}/twice-${x}.json)
endforeach()
input(${WORK}/twice-sub.json "{\"x\": 1}")
set(w "mismatch:return" "cpu 2 (2.80259693e-45), rtl 1 (1.40129846e-45)")
expect(twice.diff.subnormal 1 w diff ${HLS}/twice/kernel.yaml ${WORK}/twice-sub.json)
set(w "mismatch:return")
expect(twice.run 1 w run ${HLS}/twice/kernel.yaml --budget 8s --seed 1 --out ${WORK}/twice-run)

# Errors.
hls_copy(twice twice-u32 kernel.yaml "{name: x, type: f32}" "{name: x, type: u32}")
set(w "param `x` is declared u32, a value, in the spec, but `twice`" "has it as float")
expect(err.u32_for_float 2 w check ${WORK}/twice-u32/kernel.yaml)
# A pointer where the spec passes a value, and a value where it passes a
# pointer: both sides named, never run (the call would crash the kernel).
hls_copy(vsum vsum-byvalue vsum.cpp "int vsum(const int data[16], int n)\n{"
         "int vsum(long data, int n)\n{\n    return (int)data + n;\n}\n\nint vsum_old(const int data[16], int n)\n{")
set(w "param `data` is declared i32, an array, by pointer, in the spec, but `vsum` (" "vsum.cpp:"
      ") has it as a 64-bit integer: the call would not match the kernel's prototype")
expect(err.value_for_pointer 2 w check ${WORK}/vsum-byvalue/kernel.yaml)
hls_copy(vsum vsum-byptr vsum.cpp "int n)\n{" "const int *np)\n{\n    int n = *np;")
set(w "param `n` is declared i32, a value, in the spec, but `vsum` (" "has it as a 32-bit integer *")
expect(err.pointer_for_value 2 w check ${WORK}/vsum-byptr/kernel.yaml)
hls_copy(twice twice-ret kernel.yaml "return: f32" "return: f64")
set(w "the return value is declared f64 in the spec, but `twice` (" "returns float")
expect(err.f64_for_float 2 w check ${WORK}/twice-ret/kernel.yaml)
hls_copy(vsum vsum-missing kernel.yaml "function: vsum}" "function: vsum2}")
set(w "no definition of function `vsum2`: looked for the C symbol `vsum2` (extern \"C\") and for a C++ function"
      "vsum(int const*, int) [_Z4vsumPKii]")
expect(err.cxx_missing 2 w check ${WORK}/vsum-missing/kernel.yaml)
hls_copy(vsum vsum-overload vsum.cpp "int vsum(" "int vsum(int a) { return a; }\nint vsum(")
set(w "function `vsum` is overloaded: 2 C++ functions" "vsum(int) [_Z4vsumi]")
expect(err.cxx_overload 2 w check ${WORK}/vsum-overload/kernel.yaml)
hls_copy(twice twice-range kernel.yaml "{name: x, type: f32}" "{name: x, type: f32, range: [0, 9]}")
set(w "kernel.yaml:6:" "params of type f32 take no range")
expect(err.f32_range 2 w check ${WORK}/twice-range/kernel.yaml)
input(${WORK}/twice-str.json "{\"x\": \"1.5\"}")
set(w "must be an integer (the bit pattern) or a number with a fraction, found a string")
expect(err.f32_json 2 w diff ${HLS}/twice/kernel.yaml ${WORK}/twice-str.json)
