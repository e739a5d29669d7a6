/* What to do about the Verilator errors HLS output is known to cause. HLS
 * tools write Verilog for Vivado's simulator, which knows the Xilinx IP
 * and primitives and reads .v files as Verilog-2001; Verilator knows
 * neither, so a few errors come from the setup rather than from the
 * design. Each hint says why and names the way around it. */
#include "oracle_int.h"

#include "util/alloc.h"
#include "util/fsutil.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct hint {
    const char *match; /* a substring of Verilator's %Error line */
    const char *text;
} hint_t;

/* SystemVerilog keywords that are ordinary names in Verilog-2001, where
 * HLS does not rename them (it appends _r only to Verilog and VHDL
 * reserved words). */
static const char *const sv_keywords[] = {"bit",    "byte",   "int",     "logic",   "shortint", "longint", "string",
                                          "class",  "type",   "void",    "bind",    "do",       "final",   "ref",
                                          "import", "export", "context", "chandle", "enum",     "struct",  "union"};

static const hint_t hints[] = {
    {"Cannot find file containing module",
     "HLS instantiated a module whose Verilog is not among rtl.sources: list every .v file of the solution's "
     "verilog directory; a Xilinx IP core or primitive (floating_point_v7_1, mult_gen, div_gen, DSP48E*, "
     "xpm_memory_*) has no Verilog there: export its behavioural simulation model from Vivado and add that "
     "file to rtl.sources, or its directory with `-y DIR` in rtl.verilator_flags"},
    {"Duplicate declaration of module",
     "the same module was given twice: an HLS solution holds a copy of its Verilog in both syn/verilog and "
     "impl/verilog; list the files of one directory only in rtl.sources"},
    {"Cannot find include file",
     "Verilator looks for `include files in the directories of -I options only: add `-IDIR` to "
     "rtl.verilator_flags"},
};

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* The SystemVerilog keyword used as a name in Verilator's excerpt of the
 * offending source line ("    2 | wire logic;"), or NULL. */
static const char *sv_keyword_in(const char *excerpt)
{
    const char *bar = excerpt ? strchr(excerpt, '|') : NULL;
    if (!bar)
        return NULL;
    for (const char *p = bar + 1; *p;) {
        if (!ident_char(*p)) {
            p++;
            continue;
        }
        const char *start = p;
        while (ident_char(*p))
            p++;
        for (size_t i = 0; i < sizeof sv_keywords / sizeof *sv_keywords; i++)
            if (strlen(sv_keywords[i]) == (size_t)(p - start) && strncmp(start, sv_keywords[i], p - start) == 0)
                return sv_keywords[i];
    }
    return NULL;
}

/* The line after the first line of the log starting with "%Error" (where
 * Verilator quotes the source line), or NULL. Heap string. */
static char *error_excerpt(const char *log_path)
{
    lg_err_t err;
    char *text = lg_read_file(log_path, NULL, &err);
    char *at = text ? strstr(text, "%Error") : NULL;
    char *nl = at ? strchr(at, '\n') : NULL;
    char *out = NULL;
    if (nl) {
        char *end = strchr(nl + 1, '\n');
        out = lg_strndup(nl + 1, end ? (size_t)(end - nl - 1) : strlen(nl + 1));
    }
    free(text);
    return out;
}

char *oracle_hint(const char *error_line, const char *log_path)
{
    if (!error_line)
        return NULL;
    for (size_t i = 0; i < sizeof hints / sizeof *hints; i++)
        if (strstr(error_line, hints[i].match))
            return lg_strdup(hints[i].text);
    if (!strstr(error_line, "syntax error") && !strstr(error_line, "SystemVerilog keyword"))
        return NULL;
    char *excerpt = error_excerpt(log_path);
    const char *kw = sv_keyword_in(excerpt);
    char *hint = kw ? lg_asprintf("Verilator reads .v files as SystemVerilog, where '%s' is a keyword, and HLS "
                                  "does not rename names that are keywords of SystemVerilog only: add "
                                  "`+1364-2005ext+v` to rtl.verilator_flags to read them as Verilog-2005",
                                  kw)
                    : NULL;
    free(excerpt);
    return hint;
}
