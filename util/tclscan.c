/* The words of a Tcl script (tclscan.h). */
#include "tclscan.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* Skips blanks, backslash-newlines and the brackets of a command
 * substitution. */
static const char *skip_blanks(const char *p)
{
    for (;;) {
        if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '[' || *p == ']')
            p++;
        else if (p[0] == '\\' && p[1] == '\n')
            p += 2;
        else if (p[0] == '\\' && p[1] == '\r' && p[2] == '\n')
            p += 3;
        else
            return p;
    }
}

char *tclscan_word(const char **s)
{
    const char *p = skip_blanks(*s);
    *s = p;
    if (!*p || *p == '\n' || *p == ';' || *p == '#')
        return NULL;
    char close = *p == '"' ? '"' : *p == '{' ? '}' : 0;
    const char *start = close ? p + 1 : p;
    const char *end = start;
    if (close)
        while (*end && *end != close)
            end++;
    else
        while (*end && !strchr(" \t\r\n;[]", *end) && !(end[0] == '\\' && end[1] == '\n'))
            end++;
    *s = close && *end == close ? end + 1 : end;
    return lg_strndup(start, (size_t)(end - start));
}

int tclscan_next_command(const char **s)
{
    const char *p = *s;
    for (char *w; (w = tclscan_word(&p));)
        free(w);
    p = skip_blanks(p);
    if (*p == '#') /* a comment runs to the end of its line */
        while (*p && *p != '\n')
            p++;
    if (!*p) {
        *s = p;
        return 0;
    }
    *s = p + 1; /* the newline or ; */
    return 1;
}
