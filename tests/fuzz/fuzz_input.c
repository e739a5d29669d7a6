/* libFuzzer target for the input reader: each input is the text of an
 * input file, read by input_from_json against a fixed spec with a param
 * of every kind (input_spec.yaml). An accepted input must survive the
 * round trip through input_to_json unchanged; a rejection must be an
 * LG_EINVAL naming the origin. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "spec/input.h"
#include "spec/spec.h"
#include "util/alloc.h"

#ifndef LG_FUZZ_INPUT_SPEC
#error "LG_FUZZ_INPUT_SPEC must name tests/fuzz/input_spec.yaml"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer's entry points take no context: the spec loaded once is the
 * one state kept between inputs. */
static spec_t *spec;

static void destroy_spec(void)
{
    spec_destroy(spec);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    lg_err_t err;
    spec = spec_load(LG_FUZZ_INPUT_SPEC, &err);
    if (!spec)
        abort();
    atexit(destroy_spec);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* input_from_json takes a C string: the text up to a first NUL. */
    char *text = lg_strndup((const char *)data, size);
    lg_err_t err;
    input_t *in = input_from_json(spec, text, "fuzz.json", &err);
    if (!in && (err.code != LG_EINVAL || strncmp(err.msg, "fuzz.json", 9) != 0))
        abort();
    if (in) {
        char *json = input_to_json(in);
        input_t *back = input_from_json(spec, json, "round trip", &err);
        if (!back || !input_equal(in, back) || input_hash(in) != input_hash(back))
            abort();
        input_destroy(back);
        free(json);
    }
    input_destroy(in);
    free(text);
    return 0;
}
