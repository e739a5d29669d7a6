/* host_slice_create: builds the host module, finds the entry function and
 * every call of the kernel function, runs the analyses of host_int.h and
 * one backward slice per kernel param, and keeps only the answer: which
 * argv word and which input reaches which param. */
#include "host.h"

#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

#include "host_int.h"
#include "util/alloc.h"
#include "util/strbuf.h"

struct host_slice {
    const spec_t *spec;   /* borrowed */
    size_t ncalls;        /* kernel call sites */
    unsigned char *word;  /* (nargv + 1) x nparams: argv[w] reaches param p */
    unsigned char *input; /* ninputs x nparams */
    int unlisted_stdin;
};

/* "a.c, b.c" for messages. */
static char *source_list(const spec_host_t *h)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (size_t i = 0; i < h->nsources; i++)
        lg_strbuf_printf(&b, "%s%s", i ? ", " : "", h->sources[i]);
    return lg_strbuf_take(&b);
}

/* The calls of the kernel function, each with the spec's number of
 * arguments. */
static int find_calls(const spec_t *spec, const irindex_t *ix, LLVMValueRef **calls, size_t *n, lg_err_t *err)
{
    LLVMValueRef k = LLVMGetNamedFunction(ix->mod, spec->c_function);
    *calls = NULL;
    *n = 0;
    for (size_t i = 0; i < spec->nparams; i++)
        if (spec->params[i].member) {
            char name[SPEC_NAME_MAX + 1];
            return lg_err_set(err, LG_EINVAL,
                              "%s:%d:%d: the host program's values reach the kernel's arguments one param each, but "
                              "struct argument `%s` is several params (member %s); take its calls from a testbench "
                              "instead (lgfuzz seeds SPEC TESTBENCH)",
                              spec->path, spec->params[i].line, spec->params[i].col,
                              spec_carg_name(spec, spec->params[i].carg, name), spec->params[i].member);
        }
    for (size_t i = 0; k && i < ix->nvals; i++) {
        LLVMValueRef v = ix->vals[i];
        if (!LLVMIsACallInst(v) || irindex_callee(v) != k)
            continue;
        unsigned na = LLVMGetNumArgOperands(v);
        if (na != spec->nparams) {
            size_t len;
            const char *fn = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(v)), &len);
            return lg_err_set(err, LG_EINVAL,
                              "the host calls kernel function '%s' in function '%s' with %u "
                              "argument%s, but %s declares %zu params",
                              spec->c_function, fn, na, na == 1 ? "" : "s", spec->path, spec->nparams);
        }
        *calls = lg_realloc(*calls, (*n + 1) * sizeof **calls);
        (*calls)[(*n)++] = v;
    }
    if (*n == 0) {
        char *srcs = source_list(spec->host);
        lg_err_set(err, LG_EINVAL, "host sources %s never call the kernel function '%s' (c.function of %s)", srcs,
                   spec->c_function, spec->path);
        free(srcs);
        return LG_EINVAL;
    }
    return LG_OK;
}

/* Slices every param and fills s->word and s->input. */
static void slice_all(host_slice_t *s, const slice_env_t *env)
{
    const spec_host_t *h = s->spec->host;
    size_t np = s->spec->nparams;
    slice_reach_t r;
    r.argv = lg_calloc(h->nargv + 1, 1);
    r.input = lg_calloc(h->ninputs + 1, 1);
    for (size_t p = 0; p < np; p++) {
        memset(r.argv, 0, h->nargv + 1);
        memset(r.input, 0, h->ninputs + 1);
        r.stdin_ = 0;
        host_param_slice(env, p, &r);
        for (size_t w = 1; w <= h->nargv; w++)
            s->word[w * np + p] = r.argv[w];
        int has_stdin = 0;
        for (size_t i = 0; i < h->ninputs; i++) {
            const spec_host_input_t *in = &h->inputs[i];
            unsigned char hit = in->kind == SPEC_HOST_STDIN   ? r.stdin_
                                : in->kind == SPEC_HOST_NAMED ? r.input[i]
                                                              : r.argv[in->argv_index];
            has_stdin |= in->kind == SPEC_HOST_STDIN;
            s->input[i * np + p] = hit;
        }
        if (r.stdin_ && !has_stdin)
            s->unlisted_stdin = 1;
    }
    free(r.argv);
    free(r.input);
}

/* The analyses over the built module. */
static int analyse(host_slice_t *s, LLVMModuleRef mod, lg_err_t *err)
{
    const spec_host_t *h = s->spec->host;
    LLVMValueRef entry = LLVMGetNamedFunction(mod, h->entry);
    if (!entry || LLVMIsDeclaration(entry)) {
        char *srcs = source_list(h);
        lg_err_set(err, LG_EINVAL, "host entry function '%s' is not defined in %s", h->entry, srcs);
        free(srcs);
        return LG_EINVAL;
    }
    irindex_t ix;
    irindex_build(&ix, mod);
    slice_env_t env = {.spec = s->spec, .ix = &ix, .entry = entry, .entry_fn = irindex_fn(&ix, entry)};
    int rc = find_calls(s->spec, &ix, &env.calls, &env.ncalls, err);
    if (rc == LG_OK) {
        pointsto_t pt;
        cdep_graph_t g;
        pointsto_solve(&pt, &ix, entry, h->nargv);
        cdep_build(&g, &ix);
        env.pt = &pt;
        env.g = &g;
        s->ncalls = env.ncalls;
        slice_all(s, &env);
        cdep_free(&g);
        pointsto_free(&pt);
    }
    free(env.calls);
    irindex_free(&ix);
    return rc;
}

host_slice_t *host_slice_create(const spec_t *spec, const lg_log_t *log, lg_err_t *err)
{
    LG_ASSERT(spec->host);
    host_slice_t *s = lg_calloc(1, sizeof *s);
    s->spec = spec;
    s->word = lg_calloc((spec->host->nargv + 1) * spec->nparams + 1, 1);
    s->input = lg_calloc(spec->host->ninputs * spec->nparams + 1, 1);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef mod = NULL;
    int rc = host_build(spec->host, spec->dir, ctx, &mod, log, err);
    if (rc == LG_OK) {
        rc = analyse(s, mod, err);
        LLVMDisposeModule(mod);
    }
    LLVMContextDispose(ctx);
    if (rc != LG_OK) {
        host_slice_destroy(s);
        return NULL;
    }
    return s;
}

void host_slice_destroy(host_slice_t *s)
{
    if (!s)
        return;
    free(s->word);
    free(s->input);
    free(s);
}

size_t host_slice_calls(const host_slice_t *s)
{
    return s->ncalls;
}

int host_slice_reaches(const host_slice_t *s, size_t input, size_t param)
{
    LG_ASSERT(input < s->spec->host->ninputs && param < s->spec->nparams);
    return s->input[input * s->spec->nparams + param];
}

int host_slice_word_reaches(const host_slice_t *s, size_t word, size_t param)
{
    LG_ASSERT(word >= 1 && word <= s->spec->host->nargv && param < s->spec->nparams);
    return s->word[word * s->spec->nparams + param];
}

int host_slice_sensitive(const host_slice_t *s, size_t input)
{
    for (size_t p = 0; p < s->spec->nparams; p++)
        if (host_slice_reaches(s, input, p))
            return 1;
    return 0;
}

double host_slice_probability(const host_slice_t *s, size_t input, double alpha)
{
    return host_slice_sensitive(s, input) ? 1.0 : alpha;
}

int host_slice_unlisted_stdin(const host_slice_t *s)
{
    return s->unlisted_stdin;
}
