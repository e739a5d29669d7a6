/* The locals the kernel keeps in memory start with fixed bytes: a read of
 * a local array where the kernel did not write it gives 0xa5a5a5a5 on
 * every run, 0x5a5a5a5a with every local (or that one) filled the other
 * way, and a parameter kept in memory keeps its value. The tracer names
 * the locals it fills. */
#include "tutil.h"

#define SAME ((int64_t)(int32_t)0xa5a5a5a5u)
#define OTHER ((int64_t)0x5a5a5a5a)

/* The index of the local called name, checking its declaration line. */
static int local_index(const tracer_t *t, const char *name, int line)
{
    size_t n;
    const tracer_local_t *l = tracer_locals(t, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(l[i].name, name) == 0) {
            CHECK_MSG(strcmp(l[i].func, "fill") == 0 && l[i].file && strcmp(l[i].file, "kernel.c") == 0 &&
                          l[i].line == line,
                      "local %s: in %s at %s:%d", name, l[i].func, l[i].file ? l[i].file : "?", l[i].line);
            return (int)i;
        }
    CHECK_MSG(0, "local %s not listed (%zu locals)", name, n);
    return -1;
}

static void expect(tracer_t *t, const input_t *in, int64_t want, const char *what)
{
    const tracer_trace_t *tr = tu_run1(t, in);
    CHECK_MSG(tr->result->status == RUN_OK && tr->result->ret == want, "%s: returned %lld, want %lld", what,
              (long long)tr->result->ret, (long long)want);
}

int main(void)
{
    spec_t *spec = tu_spec("fill");
    tracer_t *t = tu_tracer(spec, NULL);
    int a = local_index(t, "a", 13), b = local_index(t, "b", 14);
    local_index(t, "x", 11);
    /* a[1] = 7, then a[2] + b[2] + 8; a[2] + b[2] + 8 when written. */
    input_t *unwritten = tu_input(spec, "{\"x\": 7, \"i\": 1, \"k\": 2}");
    input_t *written = tu_input(spec, "{\"x\": 7, \"i\": 2, \"k\": 2}");
    expect(t, written, 7 + 3 + 8, "written, same fill");
    expect(t, unwritten, SAME + 3 + 8, "unwritten, same fill");
    expect(t, unwritten, SAME + 3 + 8, "unwritten, same fill, again");
    tracer_set_fill(t, TRACER_FILL_OTHER);
    expect(t, unwritten, OTHER + 3 + 8, "unwritten, every local filled the other way");
    expect(t, written, 7 + 3 + 8, "written, every local filled the other way");
    if (a >= 0 && b >= 0) {
        tracer_set_fill(t, a);
        expect(t, unwritten, OTHER + 3 + 8, "unwritten, a filled the other way");
        tracer_set_fill(t, b);
        expect(t, unwritten, SAME + 3 + 8, "unwritten, b filled the other way");
    }
    tracer_set_fill(t, TRACER_FILL_SAME);
    expect(t, unwritten, SAME + 3 + 8, "unwritten, same fill again");
    input_destroy(unwritten);
    input_destroy(written);
    tracer_destroy(t);
    spec_destroy(spec);
    TEST_DONE();
}
