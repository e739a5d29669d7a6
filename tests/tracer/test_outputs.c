/* Whether the kernel wrote each scalar output on the path it took, one
 * table row per input of kernels/written: every way of writing (through
 * the parameter, a copy of it, a helper, one byte, memset, an inout) is
 * seen on the paths that write and only there; an output not written
 * keeps its start value (0, or an inout's input) and is not valid. */
#include "tutil.h"

enum { DIRECT, COPIED, HELPER, BYTES, CLEARED, ACC, NOUT };

typedef struct out_case {
    int mode;
    int acc; /* the inout's input */
    int valid[NOUT];
    int64_t value[NOUT];
} out_case_t;

static const out_case_t cases[] = {
    {0, 5, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 5}},
    {1, 5, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 5}},
    {2, 5, {0, 1, 0, 0, 0, 0}, {0, -2, 0, 0, 0, 5}},
    {4, 5, {0, 0, 1, 0, 0, 0}, {0, 0, 7, 0, 0, 5}},
    {8, 5, {0, 0, 0, 1, 0, 0}, {0, 0, 0, 1 << 24, 0, 5}},
    /* memset writes the value the output already held: still written */
    {16, 5, {0, 0, 0, 0, 1, 0}, {0, 0, 0, 0, 0, 5}},
    {32, 5, {0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 6}},
    {63, -1, {1, 1, 1, 1, 1, 1}, {63, -63, 7, 1 << 24, 0, 0}},
    {33, -1, {1, 0, 0, 0, 0, 1}, {33, 0, 0, 0, 0, 0}},
};

int main(void)
{
    spec_t *spec = tu_spec("written");
    tracer_t *t = tu_tracer(spec, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const out_case_t *c = &cases[i];
        char json[128];
        snprintf(json, sizeof json, "{\"mode\": %d, \"acc\": %d}", c->mode, c->acc);
        input_t *in = tu_input(spec, json);
        const tracer_trace_t *tr = tu_run1(t, in);
        const run_result_t *r = tr->result;
        CHECK_MSG(r->status == RUN_OK, "%s: status %s", json, run_status_name(r->status));
        for (int k = 0; k < NOUT; k++) {
            const run_output_t *o = &r->out[1 + k];
            CHECK_MSG(o->valid == c->valid[k] && o->scalar == c->value[k], "%s: %s = %lld (written %d), want %lld (%d)",
                      json, spec->params[1 + k].name, (long long)o->scalar, o->valid, (long long)c->value[k],
                      c->valid[k]);
        }
        CHECK_MSG(r->out[7].elems[0] == c->mode, "%s: arr[0] = %lld", json, (long long)r->out[7].elems[0]);
        input_destroy(in);
    }
    tracer_destroy(t);
    spec_destroy(spec);
    TEST_DONE();
}
