/* A native run's C path, for path novelty and for people: the hash of
 * its whole event sequence, and a few words that name its branch sites. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "explore_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

/* Branch sites a path description names at most. */
#define PATH_ITEMS_MAX 3

uint64_t verdict_path_hash(const tracer_trace_t *tr)
{
    lg_hash_t h;
    lg_hash_init(&h);
    for (size_t i = 0; i < tr->nevents; i++) {
        const tracer_event_t *e = &tr->events[i];
        lg_hash_word(&h, ((uint64_t)e->site << 24) | ((uint64_t)e->dir << 8) | tree_bucket(e->count));
    }
    return h.h;
}

/* One branch site of a path, as a path description may name it. */
typedef struct path_item {
    const tracer_site_t *site;
    int rank;       /* 0 a switch that took one case, 1 a branch that went one way, 2 a site taken several ways */
    unsigned ndirs; /* directions taken */
    uint16_t dir;   /* the direction, when one */
    int64_t value;  /* a switch's value when it took one case */
} path_item_t;

static int cmp_long(long a, long b)
{
    return (a > b) - (a < b);
}

/* Source order: file, line, column, then site id. */
static int by_position(const void *a, const void *b)
{
    const tracer_site_t *x = ((const path_item_t *)a)->site, *y = ((const path_item_t *)b)->site;
    int c = strcmp(x->file, y->file);
    if (c == 0)
        c = cmp_long(x->line, y->line);
    if (c == 0)
        c = cmp_long(x->col, y->col);
    return c ? c : cmp_long(x->id, y->id);
}

/* Decisions first (a switch's case before a branch's direction), then the
 * latest in source order: what a path reached last tells it apart best. */
static int by_interest(const void *a, const void *b)
{
    int c = cmp_long(((const path_item_t *)a)->rank, ((const path_item_t *)b)->rank);
    return c ? c : -by_position(a, b);
}

/* "kernel.c:34", or "kernel.c:34:13" when another site shares the line. */
static void put_site(const explore_t *ex, const tracer_site_t *s, lg_strbuf_t *b)
{
    const char *slash = strrchr(s->file, '/');
    int shared = 0;
    for (size_t i = 0; i < ex->nsites && !shared; i++)
        shared = &ex->sites[i] != s && ex->sites[i].line == s->line && strcmp(ex->sites[i].file, s->file) == 0;
    lg_strbuf_printf(b, "%s:%d", slash ? slash + 1 : s->file, s->line);
    if (shared)
        lg_strbuf_printf(b, ":%d", s->col);
}

static void put_item(const explore_t *ex, const path_item_t *it, lg_strbuf_t *b)
{
    int sw = it->site->kind == TRACER_SITE_SWITCH;
    if (sw && it->ndirs == 1) {
        /* A switch event's first operand is the value switched on: the case
         * value itself for a case, any value outside them for default. */
        if (it->dir)
            lg_strbuf_printf(b, "case %lld (", (long long)it->value);
        else
            lg_strbuf_puts(b, "default (");
        put_site(ex, it->site, b);
        lg_strbuf_puts(b, ")");
        return;
    }
    put_site(ex, it->site, b);
    if (sw)
        lg_strbuf_printf(b, " %u cases", it->ndirs);
    else
        lg_strbuf_puts(b, it->ndirs > 1 ? " both ways" : it->dir ? " true" : " false");
}

/* A few words that tell a user which C path tr took: at most
 * PATH_ITEMS_MAX of its branch sites, in source order, chosen from the
 * sites that went one way (a switch's case first: it names the command or
 * mode), the latest first, then from those taken several ways (a loop).
 * Directions are those of the compiled condition, as lgfuzz trace shows
 * them. Depends on the set of directions alone, like the path signature,
 * so every divergence of a group has the same description. The caller
 * frees the string. */
char *verdict_describe_path(const explore_t *ex, const tracer_trace_t *tr)
{
    path_item_t *items = lg_calloc(ex->nsites ? ex->nsites : 1, sizeof *items);
    uint8_t *taken = lg_calloc(ex->branches_total ? ex->branches_total : 1, 1);
    for (size_t i = 0; i < tr->nevents; i++) {
        const tracer_event_t *e = &tr->events[i];
        int64_t k = explore_direction(ex, e);
        if (k < 0 || taken[k])
            continue;
        taken[k] = 1;
        path_item_t *it = &items[e->site];
        it->site = &ex->sites[e->site];
        it->ndirs++;
        it->dir = e->dir;
        it->value = e->op0;
    }
    size_t n = 0;
    for (size_t s = 0; s < ex->nsites; s++) {
        if (!items[s].site)
            continue;
        items[s].rank = items[s].ndirs > 1 ? 2 : items[s].site->kind == TRACER_SITE_SWITCH ? 0 : 1;
        items[n++] = items[s];
    }
    qsort(items, n, sizeof *items, by_interest);
    n = n < PATH_ITEMS_MAX ? n : PATH_ITEMS_MAX;
    qsort(items, n, sizeof *items, by_position);
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    for (size_t i = 0; i < n; i++) {
        lg_strbuf_puts(&b, i ? ", " : "");
        put_item(ex, &items[i], &b);
    }
    if (n == 0)
        lg_strbuf_puts(&b, "no branch");
    free(taken);
    free(items);
    return lg_strbuf_take(&b);
}
