/* The words of an HLS pragma line (hlspragma.h), shared by the tracer's
 * pragma rules and init's reading of interface depths. */
#include "hlspragma.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

void hlspragma_free(hlspragma_t *pl)
{
    for (size_t i = 0; i < pl->nwords; i++)
        free(pl->words[i]);
    for (size_t i = 0; i < pl->npairs; i++) {
        free(pl->keys[i]);
        free(pl->vals[i]);
    }
    for (size_t i = 0; i < pl->nflags; i++)
        free(pl->flags[i]);
}

void hlspragma_split(const char *text, size_t len, hlspragma_t *pl)
{
    size_t i = 0;
    char *tok[HLSPRAGMA_MAX_WORDS * 2];
    int is_eq[HLSPRAGMA_MAX_WORDS * 2];
    size_t ntok = 0;
    while (i < len && ntok < HLSPRAGMA_MAX_WORDS * 2) {
        unsigned char c = (unsigned char)text[i];
        if (isspace(c) || c == ',' || c == '(' || c == ')') {
            i++;
            continue;
        }
        size_t start = i;
        if (c == '=')
            i++;
        else
            while (i < len && !isspace((unsigned char)text[i]) && text[i] != '=' && text[i] != ',' && text[i] != '(' &&
                   text[i] != ')')
                i++;
        is_eq[ntok] = c == '=';
        tok[ntok++] = lg_strndup(text + start, i - start);
    }
    for (size_t t = 0; t < ntok; t++) {
        if (t + 2 < ntok && is_eq[t + 1] && !is_eq[t] && !is_eq[t + 2] && pl->npairs < HLSPRAGMA_MAX_WORDS) {
            for (char *c = tok[t]; *c; c++)
                *c = (char)tolower((unsigned char)*c);
            pl->keys[pl->npairs] = tok[t];
            pl->vals[pl->npairs++] = tok[t + 2];
            free(tok[t + 1]);
            t += 2;
        } else if (!is_eq[t] && pl->npairs == 0 && pl->nwords < HLSPRAGMA_MAX_WORDS) {
            for (char *c = tok[t]; *c; c++)
                *c = (char)tolower((unsigned char)*c);
            pl->words[pl->nwords++] = tok[t];
        } else if (!is_eq[t] && pl->nflags < HLSPRAGMA_MAX_WORDS) {
            for (char *c = tok[t]; *c; c++)
                *c = (char)tolower((unsigned char)*c);
            pl->flags[pl->nflags++] = tok[t];
        } else {
            free(tok[t]);
        }
    }
}

int hlspragma_flag(const hlspragma_t *pl, const char *flag)
{
    for (size_t i = 0; i < pl->nflags; i++)
        if (strcmp(pl->flags[i], flag) == 0)
            return 1;
    return 0;
}

const char *hlspragma_value(const hlspragma_t *pl, const char *key)
{
    for (size_t i = 0; i < pl->npairs; i++)
        if (strcmp(pl->keys[i], key) == 0)
            return pl->vals[i];
    return NULL;
}
