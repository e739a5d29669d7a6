/* The slice on the three test hosts marks exactly the inputs their
 * comments mark by hand (tests/host/<name>/host.c), and nothing else. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/host.h"
#include "spec/spec.h"
#include "tests/test.h"
#include "util/alloc.h"

#ifndef LG_TEST_HOSTS
#error "LG_TEST_HOSTS must name tests/host"
#endif

/* One host input and the params it reaches, comma-separated ("" none). */
typedef struct expect {
    const char *host;
    const char *input;
    const char *params;
} expect_t;

static const expect_t expected[] = {
    {"hetero", "data_file", "data,size"},
    {"hetero", "threshold", ""},
    {"hetero", "verbose", ""},
    {"hetero", "keep_file", ""},
    {"stdin", "vectors", "v,n,shift"},
    {"stdin", "limit", "v,n"},
    {"stdin", "label", ""},
    {"stdin", "dry", "v,n,shift"},
    {"helper", "data_file", "in,n,gain"},
    {"helper", "gain", "gain"},
    {"helper", "log_level", ""},
    {"helper", "out_file", ""},
    {"helper", "config", ""},
};

/* The params input i reaches, as "a,b". */
static void reached(const spec_t *spec, const host_slice_t *sl, size_t i, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (size_t p = 0; p < spec->nparams; p++)
        if (host_slice_reaches(sl, i, p))
            snprintf(buf + strlen(buf), cap - strlen(buf), "%s%s", buf[0] ? "," : "", spec->params[p].name);
}

static int input_index(const spec_t *spec, const char *name)
{
    for (size_t i = 0; i < spec->host->ninputs; i++)
        if (strcmp(spec->host->inputs[i].name, name) == 0)
            return (int)i;
    return -1;
}

static void check_host(const char *host)
{
    char *path = lg_asprintf("%s/%s/host.yaml", LG_TEST_HOSTS, host);
    lg_err_t err;
    lg_err_clear(&err);
    spec_t *spec = spec_load(path, &err);
    CHECK_MSG(spec != NULL, "%s", err.msg);
    lg_log_t log = lg_log_make(LG_LOG_WARN);
    host_slice_t *sl = spec ? host_slice_create(spec, &log, &err) : NULL;
    CHECK_MSG(!spec || sl, "%s: %s", host, err.msg);
    size_t checked = 0;
    for (size_t e = 0; sl && e < sizeof expected / sizeof *expected; e++) {
        if (strcmp(expected[e].host, host) != 0)
            continue;
        int i = input_index(spec, expected[e].input);
        CHECK_MSG(i >= 0, "%s has no input %s", host, expected[e].input);
        if (i < 0)
            continue;
        char buf[256];
        reached(spec, sl, (size_t)i, buf, sizeof buf);
        CHECK_MSG(strcmp(buf, expected[e].params) == 0, "%s: %s reaches '%s', expected '%s'", host, expected[e].input,
                  buf, expected[e].params);
        double p = host_slice_probability(sl, (size_t)i, spec->host->alpha);
        CHECK(p == (expected[e].params[0] ? 1.0 : spec->host->alpha));
        checked++;
    }
    /* every input of the host is in the table */
    CHECK_MSG(!sl || checked == spec->host->ninputs, "%s: %zu of %zu inputs checked", host, checked,
              spec->host->ninputs);
    CHECK(!sl || host_slice_calls(sl) == 1);
    CHECK(!sl || !host_slice_unlisted_stdin(sl));
    host_slice_destroy(sl);
    spec_destroy(spec);
    free(path);
}

int main(void)
{
    check_host("hetero");
    check_host("stdin");
    check_host("helper");
    TEST_DONE();
}
