/* The one integer parser: every integer lgfuzz reads from text (spec values,
 * input files, command-line options, grammar and spectra files, CSV rows,
 * csynth.xml, C literals in a kernel's source, Verilog ranges) goes through
 * these functions, so one text means one number everywhere.
 *
 * Syntax, chosen by the caller with LG_NUM_* flags:
 * - LG_NUM_DEC: an optional sign, then decimal digits. Leading zeros are
 *   decimal, as in YAML 1.2 and JSON: "0200000" is 200000, never octal.
 * - LG_NUM_HEX: also "0x" or "0X" then hex digits ("0x3c", "-0x10").
 * - LG_NUM_C: a C integer literal: "0x" hex, "0b" binary, a leading 0 octal,
 *   decimal otherwise, with any u/U/l/L suffix.
 * No function skips white space, and none reads a locale. */
#ifndef LG_NUM_H
#define LG_NUM_H

#include "err.h"
#include <stdint.h>

enum {
    LG_NUM_DEC = 0,
    LG_NUM_HEX = 1 << 0,
    LG_NUM_C = 1 << 1,
};

/* Parses all of text as an integer in [min, max] (min <= max). On success
 * stores it in *out and returns LG_OK. Otherwise returns LG_EINVAL, leaves
 * *out alone, and err says "'<text>' is not an integer" or "'<text>' is
 * out of range [min, max]", for the caller to prefix with the place. */
int lg_int_parse(const char *text, unsigned syntax, int64_t min, int64_t max, int64_t *out, lg_err_t *err);

/* As lg_int_parse for an unsigned integer in [min, max]: a sign is
 * refused ("'-3' is not a non-negative integer"). */
int lg_uint_parse(const char *text, unsigned syntax, uint64_t min, uint64_t max, uint64_t *out, lg_err_t *err);

/* Reads the unsigned integer that starts text and stops at the first
 * character that cannot continue it: *end (never NULL) is set there, so a
 * caller can go on with a unit or a separator ("30s", "1/8", "[7:0]").
 * Fails as lg_uint_parse when text does not start with a digit or the
 * value is above max; *end is then text. */
int lg_uint_scan(const char *text, unsigned syntax, uint64_t max, uint64_t *out, const char **end, lg_err_t *err);

/* Integers wider than 64 bits (a spec's i<W>/u<W> params, W up to
 * 64 * LG_WIDE_LIMBS_MAX) as their 64-bit limbs, least significant first,
 * the top limb holding the top bits of the W-bit two's complement pattern
 * (no sign extension). */
#define LG_WIDE_LIMBS_MAX 16
/* Room lg_wide_show needs: every decimal digit of 2^1024, a sign, a NUL. */
#define LG_WIDE_SHOW_MAX 320

/* Parses all of text (the syntax as lg_int_parse's) as a signed or
 * unsigned integer of bits bits into (bits + 63) / 64 limbs. LG_OK, or
 * LG_EINVAL with err saying "'<text>' is not an integer" or "... is out of
 * range of a signed 100-bit integer" (limbs left alone). */
int lg_wide_parse(const char *text, unsigned syntax, int bits, int is_signed, uint64_t *limbs, lg_err_t *err);
/* The decimal text of the bits-bit integer in limbs, written to buf (cap
 * at least LG_WIDE_SHOW_MAX), which is returned. */
const char *lg_wide_show(const uint64_t *limbs, int bits, int is_signed, char *buf, size_t cap);

#endif
