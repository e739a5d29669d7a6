/* Reads the top-level ports of a Verilated model from the header Verilator
 * generates (V<top>.h): one VL_IN* / VL_OUT* declaration per port, carrying
 * its name and bit range. This is how port widths are taken from the model
 * rather than from the spec. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/num.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses "(&name,msb,lsb" at p; returns 0 and fills name/bits. */
static int parse_decl(const char *p, char **name, int *bits)
{
    if (*p != '(' || p[1] != '&')
        return -1;
    p += 2;
    const char *start = p;
    while (isalnum((unsigned char)*p) || *p == '_')
        p++;
    if (p == start || *p != ',')
        return -1;
    size_t n = (size_t)(p - start);
    uint64_t msb, lsb;
    const char *end;
    lg_err_t ignored;
    if (lg_uint_scan(p + 1, LG_NUM_DEC, INT32_MAX - 1, &msb, &end, &ignored) != LG_OK || *end != ',' ||
        lg_uint_scan(end + 1, LG_NUM_DEC, INT32_MAX - 1, &lsb, &end, &ignored) != LG_OK || msb < lsb)
        return -1;
    *name = lg_strndup(start, n);
    *bits = (int)(msb - lsb + 1);
    return 0;
}

int ports_parse(const char *text, const char *path, oports_t *out, lg_err_t *err)
{
    size_t cap = 0;
    out->v = NULL;
    out->n = 0;
    int line = 1;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            line++;
            continue;
        }
        if (strncmp(p, "VL_IN", 5) != 0 && strncmp(p, "VL_OUT", 6) != 0)
            continue;
        if (p != text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
            continue;
        /* VL_IN8, VL_OUT16, VL_IN, VL_INOUT64, VL_INW ...: skip to '('. */
        const char *q = p;
        while (isalnum((unsigned char)*q) || *q == '_')
            q++;
        int is_output = strncmp(p, "VL_OUT", 6) == 0 || strncmp(p, "VL_INOUT", 8) == 0;
        char *name;
        int bits;
        if (parse_decl(q, &name, &bits) != 0)
            continue; /* a macro definition or another use of the prefix */
        lg_grow((void **)&out->v, &cap, out->n + 1, sizeof *out->v);
        /* Verilator prefixes a name some C++ compilers reserve (`interrupt`) */
        int sym = strncmp(name, "__SYM__", 7) == 0 && name[7];
        out->v[out->n].member = name;
        out->v[out->n].name = lg_strdup(sym ? name + 7 : name);
        out->v[out->n].bits = bits;
        out->v[out->n].is_output = is_output;
        out->n++;
        p = q;
    }
    if (out->n == 0)
        return lg_err_set(err, LG_EBUILD, "%s:%d: no VL_IN/VL_OUT port declarations found", path, line);
    return 0;
}

void ports_free(oports_t *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++) {
        free(p->v[i].name);
        free(p->v[i].member);
    }
    free(p->v);
    p->v = NULL;
    p->n = 0;
}

const oport_t *ports_find(const oports_t *p, const char *name)
{
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->v[i].name, name) == 0)
            return &p->v[i];
    return NULL;
}

/* Whether some port is named after prefix itself: prefix, or
 * prefix_<suffix> for a suffix other than Vivado's _V and _V_<more>. */
static int has_prefix(const oports_t *p, const char *prefix)
{
    size_t m = strlen(prefix);
    for (size_t i = 0; i < p->n; i++) {
        const char *rest = p->v[i].name + m;
        if (strncmp(p->v[i].name, prefix, m) != 0 || (*rest && *rest != '_'))
            continue;
        if (strcmp(rest, "_V") != 0 && strncmp(rest, "_V_", 3) != 0)
            return 1;
    }
    return 0;
}

const char *ports_vivado_prefix(const oports_t *p, const char *prefix, char *buf, size_t cap)
{
    static const char *const sfx[] = {"_V_V", "_V"};
    if (has_prefix(p, prefix))
        return NULL;
    for (size_t k = 0; k < sizeof sfx / sizeof *sfx; k++) {
        if ((size_t)snprintf(buf, cap, "%s%s", prefix, sfx[k]) >= cap)
            return NULL;
        if (has_prefix(p, buf))
            return buf;
    }
    return NULL;
}
