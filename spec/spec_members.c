/* The params that are members of a struct argument (`member:
 * <arg>.<field>`): the key read, and the kernel's arguments numbered over
 * the params (spec_param_t.carg). */
#include <ctype.h>
#include <string.h>

#include "spec_int.h"
#include "util/alloc.h"

/* 1 when the len bytes at s are a C identifier. */
static int c_identifier(const char *s, size_t len)
{
    if (!len || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return 0;
    for (size_t i = 1; i < len; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
            return 0;
    return 1;
}

/* member: <arg>.<field>, a scalar member of a struct argument. */
int spec_parse_member(yamldoc_t *d, spec_param_t *p, yaml_node_t *n, lg_err_t *err)
{
    const char *v = yamldoc_scalar(d, n, "member", err);
    if (!v)
        return LG_EINVAL;
    const char *dot = strchr(v, '.');
    if (!dot || !c_identifier(v, (size_t)(dot - v)) || !c_identifier(dot + 1, strlen(dot + 1)))
        return yamldoc_error(d, n, err,
                             "member of '%s' must be <argument>.<field>, two C identifiers (a member of a struct "
                             "argument; one level), found '%s'",
                             p->name, v);
    if (strlen(v) > SPEC_NAME_MAX)
        return yamldoc_error(d, n, err, "member of '%s' is longer than %d characters", p->name, SPEC_NAME_MAX);
    if (p->is_array || p->wide)
        return yamldoc_error(d, n, err,
                             "'%s' is a member of struct argument '%.*s': a member param is a scalar of at most 64 "
                             "bits",
                             p->name, (int)(dot - v), v);
    p->member = lg_strdup(v);
    return LG_OK;
}

/* The length of the argument part of member m. */
static size_t member_arg_len(const char *m)
{
    return (size_t)(strchr(m, '.') - m);
}

/* Numbers the kernel's arguments (spec_param_t.carg): the members of one
 * struct are consecutive params, each field once, and the struct's name is
 * no other param's. */
int spec_number_cargs(yamldoc_t *d, spec_t *s, yaml_node_t *ps, lg_err_t *err)
{
    size_t c = 0;
    for (size_t i = 0; i < s->nparams; i++) {
        spec_param_t *p = &s->params[i];
        yaml_node_t *n = yamldoc_node(d, ps->data.sequence.items.start[i]);
        const spec_param_t *q = i ? &s->params[i - 1] : NULL;
        int same = q && q->member && p->member && member_arg_len(q->member) == member_arg_len(p->member) &&
                   strncmp(q->member, p->member, member_arg_len(p->member)) == 0;
        if (i && !same)
            c++;
        p->carg = c;
        if (!p->member)
            continue;
        size_t al = member_arg_len(p->member);
        for (size_t j = 0; j < s->nparams; j++) {
            const spec_param_t *o = &s->params[j];
            if (strlen(o->name) == al && strncmp(o->name, p->member, al) == 0)
                return yamldoc_error(d, n, err, "member %s of '%s' names struct argument '%.*s', which is a param",
                                     p->member, p->name, (int)al, p->member);
            if (j + 1 < i && o->member && member_arg_len(o->member) == al && strncmp(o->member, p->member, al) == 0 &&
                o->carg != c)
                return yamldoc_error(d, n, err,
                                     "'%s' is a member of struct argument '%.*s', whose members are not consecutive "
                                     "params (list them together, in the struct's order)",
                                     p->name, (int)al, p->member);
            if (j < i && o->member && strcmp(o->member, p->member) == 0)
                return yamldoc_error(d, n, err, "member %s of '%s' is already param '%s'", p->member, p->name, o->name);
        }
    }
    return LG_OK;
}
