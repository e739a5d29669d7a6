/* A static kernel function that nothing in its file calls is never
 * emitted by the compiler: building its executor fails with a message that
 * names the function and says what to change. */
#include <string.h>

#include "tutil.h"

int main(void)
{
    spec_t *spec = tu_spec("static");
    tracer_cfg_t cfg;
    tracer_cfg_default(&cfg);
    cfg.cache_dir = TRACER_TEST_CACHE;
    static const lg_log_t log = {LG_LOG_WARN, NULL};
    lg_err_t err;
    lg_err_clear(&err);
    tracer_t *t = tracer_create(spec, &cfg, &log, &err);
    CHECK(t == NULL && err.code == LG_EINVAL);
    CHECK_MSG(strstr(err.msg, "no definition of function `twice`") && strstr(err.msg, "remove `static`"), "%s",
              err.msg);
    tracer_destroy(t);
    spec_destroy(spec);
    TEST_DONE();
}
