/* The recording runtime of call capture: the generated wrapper that
 * replaces the testbench's calls of the kernel writes each call's
 * arguments through these functions as one line of input JSON
 * (docs/inputs.md) to the file named by $LGFUZZ_CAPTURE. Linked into the
 * testbench, never into lgfuzz. */
#ifndef LGCAP_H
#define LGCAP_H

#include <stdint.h>

/* The environment variable naming the capture file. */
#define LGCAP_ENV "LGFUZZ_CAPTURE"

/* Element and scalar kinds, in the order of lg_type_t (util/types.h). */
enum { LGCAP_I8, LGCAP_I16, LGCAP_I32, LGCAP_I64, LGCAP_U8, LGCAP_U16, LGCAP_U32, LGCAP_U64, LGCAP_F32, LGCAP_F64 };

/* Starts the line of a call: "{". */
void lgcap_begin(void);
/* Adds "name": value, the value read from p as kind (a float as its bit
 * pattern); null when p is NULL or cannot be read. */
void lgcap_scalar(const char *name, int kind, const void *p);
/* Adds "name": [n values read from p as kind]; null when n is not 0 and
 * those bytes cannot be read (p NULL or not mapped). */
void lgcap_array(const char *name, int kind, const void *p, int64_t n);
/* Writes what the line holds so far: called before the kernel runs, so a
 * testbench that dies in the call leaves the call's inputs on an
 * unfinished last line. */
void lgcap_flush(void);
/* Ends the line ("}\n") and writes the rest. */
void lgcap_end(void);
/* The value of an integer of kind at p, widened as C does (for the length
 * of an array given by another param). */
int64_t lgcap_value(int kind, const void *p);

#endif
