/* `lgfuzz init`'s reading of struct arguments. HLS (Vivado up to 2019, and
 * Vitis for a struct it disaggregates) gives each scalar member of a top's
 * struct argument ports of its own, named <arg>_<field> (with _V after an
 * HLS integer's); lgfuzz's spec lists the members as params of their own
 * with `member: <arg>.<field>`, so init turns a struct parameter into one
 * parameter per member. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "util/alloc.h"

/* The most members a struct argument may have. */
#define MEMBERS_MAX 256

/* The text between the braces of the definition of struct type core in
 * src: `typedef struct [tag] { ... } core;`, `struct core { ... };`, or,
 * for core "struct tag", `struct tag { ... }`. Owned, or NULL. Through a
 * typedef of a pointer to a struct (`typedef S *PS;`) *pointer is set. */
static char *struct_body(const char *src, const char *core, int depth, int *via_pointer)
{
    const char *tag = strncmp(core, "struct ", 7) == 0 ? core + 7 : core;
    char *words = tag == core ? init_typedef_words(src, core) : NULL;
    const char *from = NULL;
    if (words) {
        const char *w = words + strspn(words, " \t\n");
        int is_const = 0, pointer = 0;
        char *alias = init_core_type(w, &is_const, &pointer);
        /* typedef other_t core; through the chain, a few deep (a pointer
         * once: typedef other_t *core;) */
        if ((!pointer || !*via_pointer) && alias[0] && strchr(alias, ' ') == NULL && strcmp(alias, core) != 0 &&
            depth < 4) {
            *via_pointer |= pointer;
            char *body = struct_body(src, alias, depth + 1, via_pointer);
            free(alias);
            free(words);
            return body;
        }
        free(alias);
        if (strncmp(w, "struct", 6) == 0 && !init_ident(w[6])) {
            from = strchr(w, '{');
            if (!from) { /* typedef struct tag name; the tag's definition */
                char *inner = init_core_type(w, &is_const, &pointer);
                char *body = !pointer && strncmp(inner, "struct ", 7) == 0
                                 ? struct_body(src, inner, depth + 1, via_pointer)
                                 : NULL;
                free(inner);
                free(words);
                return body;
            }
        }
    }
    char *key = lg_asprintf("struct %s", tag);
    for (const char *p = from ? NULL : strstr(src, key); p && !from; p = strstr(p + 1, key)) {
        const char *q = p + strlen(key);
        q += strspn(q, " \t\n");
        if ((p == src || !init_ident(p[-1])) && *q == '{')
            from = q;
    }
    free(key);
    char *body = NULL;
    if (from) {
        const char *close = from + 1;
        for (int level = 1; *close && level; close++)
            level += (*close == '{') - (*close == '}');
        if (close[-1] == '}')
            body = lg_strndup(from + 1, (size_t)(close - from - 2));
    }
    free(words);
    return body;
}

/* The members read so far. */
typedef struct member_list {
    const char *src;
    init_cparam_t *m;
    size_t n, cap;
} member_list_t;

static int add_member(void *arg, const char *type, const char *name, int pointer)
{
    member_list_t *l = arg;
    if (!name[0] || pointer || !type[0] || l->n == MEMBERS_MAX)
        return -1;
    lg_grow((void **)&l->m, &l->cap, l->n + 1, sizeof *l->m);
    init_cparam_t *m = &l->m[l->n++];
    memset(m, 0, sizeof *m);
    m->name = lg_strdup(name);
    m->ctype = lg_strdup(type);
    return init_map_word(l->src, type, &m->type, &m->fx, &m->wide) != 0 || m->wide ? -1 : 0;
}

/* The members of a struct body, each a scalar of a type lgfuzz carries:
 * 0 with *out (n of them, owned, name, ctype and type set), -1 when a
 * member is of another kind. */
static int read_members(const char *src, const char *body, init_cparam_t **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (strchr(body, '{') || strchr(body, '[') || strchr(body, '(') || strchr(body, ':'))
        return -1; /* nested definitions, arrays, functions, bit-fields (and C++ scopes) */
    member_list_t l = {src, NULL, 0, 0};
    if (init_struct_decls(body, strlen(body), add_member, &l) != 0 || l.n == 0) {
        for (size_t i = 0; i < l.n; i++)
            init_cparam_free(&l.m[i]);
        free(l.m);
        return -1;
    }
    *out = l.m;
    *n = l.n;
    return 0;
}

void init_members_expand(init_proto_t *proto)
{
    if (!proto->types)
        return;
    for (size_t i = 0; i < proto->nparams; i++) {
        init_cparam_t *cp = &proto->params[i];
        if (cp->known || cp->brackets || cp->member)
            continue;
        int is_const = 0, pointer = 0, via_pointer = 0;
        char *core = init_core_type(cp->ctype, &is_const, &pointer);
        char *body = core[0] ? struct_body(proto->types, core, 0, &via_pointer) : NULL;
        if (body && via_pointer && !cp->pointer)
            cp->pointer = 1; /* PS p: a pointer to the struct */
        else if (body && via_pointer) {
            free(body); /* a pointer to a pointer to a struct */
            body = NULL;
        }
        init_cparam_t *ms = NULL;
        size_t n = 0;
        cp->struct_unread = body != NULL;
        if (body && read_members(proto->types, body, &ms, &n) == 0) {
            cp->struct_unread = 0;
            for (size_t k = 0; k < n; k++) {
                ms[k].member = lg_asprintf("%s.%s", cp->name, ms[k].name);
                char *flat = lg_asprintf("%s_%s", cp->name, ms[k].name);
                free(ms[k].name);
                ms[k].name = flat;
                ms[k].known = 1;
                ms[k].pointer = cp->pointer;
                ms[k].reference = cp->reference;
                ms[k].is_const = cp->is_const;
            }
            /* cp's place holds the members, in order. */
            init_cparam_free(cp);
            proto->params = lg_realloc(proto->params, (proto->nparams + n - 1) * sizeof *proto->params);
            memmove(&proto->params[i + n], &proto->params[i + 1], (proto->nparams - i - 1) * sizeof *proto->params);
            memcpy(&proto->params[i], ms, n * sizeof *ms);
            proto->nparams += n - 1;
            i += n - 1;
        }
        free(ms);
        free(body);
        free(core);
    }
}
