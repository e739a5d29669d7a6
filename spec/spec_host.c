/* The host section of the kernel spec: the user's host program (its C
 * sources and entry function) and its inputs, the argv words, standard
 * input and files opened by a fixed name, each either fixed text or a
 * named input lgfuzz may mutate. See docs/spec.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec_int.h"
#include "util/alloc.h"

/* Most argv words a host may take; more is a mistake in the spec. */
#define HOST_ARGV_MAX 256

const char *spec_host_kind_name(spec_host_kind_t k)
{
    switch (k) {
    case SPEC_HOST_WORD:
        return "word";
    case SPEC_HOST_FILE:
        return "file";
    case SPEC_HOST_STDIN:
        return "stdin";
    case SPEC_HOST_NAMED:
        return "named file";
    }
    return "?";
}

void spec_host_destroy(spec_host_t *h)
{
    if (!h)
        return;
    for (size_t i = 0; i < h->nsources; i++)
        free(h->sources[i]);
    free(h->sources);
    free(h->entry);
    for (size_t i = 0; i < h->nargv; i++)
        free(h->argv[i].literal);
    free(h->argv);
    for (size_t i = 0; i < h->ninputs; i++) {
        free(h->inputs[i].name);
        free(h->inputs[i].path);
        free(h->inputs[i].seed);
        free(h->inputs[i].value);
    }
    free(h->inputs);
    free(h);
}

/* A new input named by the `input:` key of map n, checked to be an
 * identifier no other input of the host has; NULL with an error. The
 * input is owned by h from here on. */
static spec_host_input_t *add_input(yamldoc_t *d, spec_host_t *h, yaml_node_t *n, spec_host_kind_t kind,
                                    const char *section, lg_err_t *err)
{
    yaml_node_t *key = yamldoc_require(d, n, "input", section, err);
    const char *name = key ? spec_identifier(d, key, "host input name", err) : NULL;
    if (!name)
        return NULL;
    for (size_t i = 0; i < h->ninputs; i++)
        if (strcmp(h->inputs[i].name, name) == 0) {
            yamldoc_error(d, key, err, "duplicate host input '%s' (first given at %d:%d)", name, h->inputs[i].line,
                          h->inputs[i].col);
            return NULL;
        }
    h->inputs = lg_realloc(h->inputs, (h->ninputs + 1) * sizeof *h->inputs);
    spec_host_input_t *in = &h->inputs[h->ninputs++];
    memset(in, 0, sizeof *in);
    in->name = lg_strdup(name);
    in->kind = kind;
    in->argv_index = -1;
    in->line = (int)key->start_mark.line + 1;
    in->col = (int)key->start_mark.column + 1;
    return in;
}

/* The optional `seed:` of a file-like input: a file relative to the spec
 * holding the input's first content. */
static int parse_seed(yamldoc_t *d, const spec_t *s, yaml_node_t *n, spec_host_input_t *in, lg_err_t *err)
{
    yaml_node_t *seed = yamldoc_get(d, n, "seed");
    if (!seed)
        return LG_OK;
    char what[300];
    snprintf(what, sizeof what, "seed of host input '%s'", in->name);
    return spec_source_file(d, s, seed, what, &in->seed, err);
}

/* One argv word: a scalar is a literal; a mapping is an input of kind
 * word (its `value:` the first text) or file (its `seed:` the first
 * content). */
static int parse_word(yamldoc_t *d, spec_t *s, yaml_node_t *n, spec_host_word_t *w, int index, lg_err_t *err)
{
    static const char *const keys[] = {"input", "kind", "value", "seed", NULL};
    w->input = -1;
    if (n->type == YAML_SCALAR_NODE) {
        w->literal = lg_strdup(yamldoc_text(n));
        return LG_OK;
    }
    if (yamldoc_expect_map(d, n, "each host.argv word (a literal or {input: NAME, kind: word|file})", err) ||
        yamldoc_check_keys(d, n, "a host.argv word", keys, err))
        return LG_EINVAL;
    spec_host_kind_t kind = SPEC_HOST_WORD;
    yaml_node_t *k = yamldoc_get(d, n, "kind");
    if (k) {
        const char *kt = yamldoc_scalar(d, k, "kind", err);
        if (!kt)
            return LG_EINVAL;
        if (strcmp(kt, "file") == 0)
            kind = SPEC_HOST_FILE;
        else if (strcmp(kt, "word") != 0)
            return yamldoc_error(d, k, err, "kind of a host.argv input must be word or file, found '%s'", kt);
    }
    spec_host_input_t *in = add_input(d, s->host, n, kind, "a host.argv word", err);
    if (!in)
        return LG_EINVAL;
    in->argv_index = index;
    w->input = (int)(in - s->host->inputs);
    yaml_node_t *v = yamldoc_get(d, n, "value");
    if (v && kind == SPEC_HOST_FILE)
        return yamldoc_error(d, v, err,
                             "host input '%s' is a file: give its first content as seed:, not value:", in->name);
    if (v) {
        const char *vt = yamldoc_scalar(d, v, "value", err);
        if (!vt)
            return LG_EINVAL;
        in->value = lg_strdup(vt);
    }
    yaml_node_t *seed = yamldoc_get(d, n, "seed");
    if (seed && kind == SPEC_HOST_WORD)
        return yamldoc_error(d, seed, err,
                             "host input '%s' is a word: give its first text as value:, not seed:", in->name);
    return parse_seed(d, s, n, in, err);
}

static int parse_argv(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    if (yamldoc_expect_seq(d, n, "host.argv", err) || yamldoc_check_len(d, n, "host.argv", HOST_ARGV_MAX, err))
        return LG_EINVAL;
    size_t cnt = yamldoc_len(n);
    spec_host_t *h = s->host;
    h->argv = lg_calloc(cnt ? cnt : 1, sizeof *h->argv);
    for (size_t i = 0; i < cnt; i++) {
        h->argv[i].input = -1;
        h->nargv++; /* owned by h from here on, so spec_host_destroy frees it */
        if (parse_word(d, s, yamldoc_item(d, n, i), &h->argv[i], (int)i + 1, err))
            return LG_EINVAL;
    }
    return LG_OK;
}

static int parse_stdin(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    static const char *const keys[] = {"input", "seed", NULL};
    if (yamldoc_expect_map(d, n, "host.stdin ({input: NAME})", err) ||
        yamldoc_check_keys(d, n, "host.stdin", keys, err))
        return LG_EINVAL;
    spec_host_input_t *in = add_input(d, s->host, n, SPEC_HOST_STDIN, "host.stdin", err);
    return in ? parse_seed(d, s, n, in, err) : LG_EINVAL;
}

/* The name a host opens is written into the host's working directory,
 * so it must stay inside it. */
static int check_open_name(yamldoc_t *d, yaml_node_t *n, const char *name, lg_err_t *err)
{
    int bad = name[0] == '\0' || name[0] == '/' || name[0] == '-' || strcmp(name, "..") == 0 ||
              strncmp(name, "../", 3) == 0 || strstr(name, "/../") != NULL;
    size_t len = strlen(name);
    bad = bad || (len >= 3 && strcmp(name + len - 3, "/..") == 0);
    if (bad)
        return yamldoc_error(d, n, err,
                             "host file path '%.80s' must be a relative name inside the host's working directory "
                             "(no leading / or -, no ..)",
                             name);
    return LG_OK;
}

static int parse_files(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    static const char *const keys[] = {"input", "path", "seed", NULL};
    if (yamldoc_expect_seq(d, n, "host.files", err) || yamldoc_check_len(d, n, "host.files", SPEC_LIST_MAX, err))
        return LG_EINVAL;
    for (size_t i = 0; i < yamldoc_len(n); i++) {
        yaml_node_t *f = yamldoc_item(d, n, i);
        if (yamldoc_expect_map(d, f, "each host.files entry ({input: NAME, path: NAME})", err) ||
            yamldoc_check_keys(d, f, "a host.files entry", keys, err))
            return LG_EINVAL;
        spec_host_input_t *in = add_input(d, s->host, f, SPEC_HOST_NAMED, "a host.files entry", err);
        yaml_node_t *p = in ? yamldoc_require(d, f, "path", "a host.files entry", err) : NULL;
        const char *pt = p ? yamldoc_scalar(d, p, "path", err) : NULL;
        if (!pt || check_open_name(d, p, pt, err))
            return LG_EINVAL;
        for (size_t j = 0; j + 1 < s->host->ninputs; j++) {
            const spec_host_input_t *o = &s->host->inputs[j];
            if (o->path && strcmp(o->path, pt) == 0)
                return yamldoc_error(d, p, err, "host file '%s' is already input '%s'", pt, o->name);
        }
        in->path = lg_strdup(pt);
        if (parse_seed(d, s, f, in, err))
            return LG_EINVAL;
    }
    return LG_OK;
}

static int parse_sources(yamldoc_t *d, spec_t *s, yaml_node_t *n, lg_err_t *err)
{
    spec_host_t *h = s->host;
    if (n->type == YAML_SCALAR_NODE) {
        h->sources = lg_calloc(1, sizeof *h->sources);
        if (spec_source_file(d, s, n, "host source", &h->sources[0], err))
            return LG_EINVAL;
        h->nsources = 1;
        return LG_OK;
    }
    if (yamldoc_expect_seq(d, n, "host.sources", err) || yamldoc_check_len(d, n, "host.sources", SPEC_LIST_MAX, err))
        return LG_EINVAL;
    if (yamldoc_len(n) == 0)
        return yamldoc_error(d, n, err, "host.sources is empty; list the C files of the host program");
    h->sources = lg_calloc(yamldoc_len(n), sizeof *h->sources);
    for (size_t i = 0; i < yamldoc_len(n); i++) {
        if (spec_source_file(d, s, yamldoc_item(d, n, i), "host source", &h->sources[i], err))
            return LG_EINVAL;
        h->nsources++;
    }
    return LG_OK;
}

static int parse_alpha(yamldoc_t *d, yaml_node_t *n, double *out, lg_err_t *err)
{
    const char *t = yamldoc_scalar(d, n, "host.alpha", err);
    if (!t)
        return LG_EINVAL;
    char *end;
    double a = strtod(t, &end);
    if (end == t || *end != '\0' || !(a >= 0.0 && a <= 1.0))
        return yamldoc_error(d, n, err, "host.alpha must be a probability in [0, 1], found '%.40s'", t);
    *out = a;
    return LG_OK;
}

int spec_parse_host(yamldoc_t *d, spec_t *s, yaml_node_t *host, lg_err_t *err)
{
    static const char *const keys[] = {"sources", "entry", "argv", "stdin", "files", "alpha", NULL};
    if (yamldoc_expect_map(d, host, "host", err) || yamldoc_check_keys(d, host, "host", keys, err))
        return LG_EINVAL;
    /* The host's calls are captured as 64-bit values per argument. */
    for (size_t i = 0; i < s->nparams; i++)
        if (s->params[i].wide)
            return yamldoc_error(d, host, err,
                                 "host: param '%s' is %d bits wide; lgfuzz captures a host's calls of a kernel whose "
                                 "arguments are at most 64 bits wide",
                                 s->params[i].name, s->params[i].wide);
    spec_host_t *h = lg_calloc(1, sizeof *h);
    s->host = h;
    h->alpha = 0.2;
    yaml_node_t *n = yamldoc_require(d, host, "sources", "host", err);
    if (!n || parse_sources(d, s, n, err))
        return LG_EINVAL;
    const char *entry = "main";
    if ((n = yamldoc_get(d, host, "entry")) && !(entry = spec_identifier(d, n, "host.entry", err)))
        return LG_EINVAL;
    h->entry = lg_strdup(entry);
    if ((n = yamldoc_get(d, host, "argv")) && parse_argv(d, s, n, err))
        return LG_EINVAL;
    if ((n = yamldoc_get(d, host, "stdin")) && parse_stdin(d, s, n, err))
        return LG_EINVAL;
    if ((n = yamldoc_get(d, host, "files")) && parse_files(d, s, n, err))
        return LG_EINVAL;
    if ((n = yamldoc_get(d, host, "alpha")) && parse_alpha(d, n, &h->alpha, err))
        return LG_EINVAL;
    return LG_OK;
}
