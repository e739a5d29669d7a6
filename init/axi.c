/* `lgfuzz init` for the Vitis kernel flow: the AXI4-Lite control bundle
 * (s_axi_<bundle>_*) and the AXI4 master bundles (m_axi_<bundle>_*) among
 * the top's ports, and the register map the HLS tool wrote as the driver
 * header x<top>_hw.h, which tells an inout scalar's _i/_o registers from
 * an output's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/num.h"

/* The bundle of an `<pre><bundle><sig>` port, or NULL. */
static char *bundle_of(const char *name, const char *pre, const char *sig)
{
    size_t n = strlen(name), p = strlen(pre), s = strlen(sig);
    if (n <= p + s || strncmp(name, pre, p) != 0 || strcmp(name + n - s, sig) != 0)
        return NULL;
    return lg_strndup(name + p, n - p - s);
}

static void add_bundle(init_axi_t *a, char *b, int is_read)
{
    size_t k = 0;
    while (k < a->nbundles && strcmp(a->bundles[k], b) != 0)
        k++;
    if (k == a->nbundles) {
        a->bundles = lg_realloc(a->bundles, (k + 1) * sizeof *a->bundles);
        a->reads = lg_realloc(a->reads, (k + 1) * sizeof *a->reads);
        a->writes = lg_realloc(a->writes, (k + 1) * sizeof *a->writes);
        a->bundles[k] = b;
        a->reads[k] = a->writes[k] = 0;
        a->nbundles++;
    } else {
        free(b);
    }
    *(is_read ? &a->reads[k] : &a->writes[k]) = 1;
}

void init_axi_read(const init_rtl_t *rtl, const char *verilog_dir, init_axi_t *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < rtl->nports; i++) {
        const char *n = rtl->ports[i].name;
        char *b;
        if (!out->lite && (b = bundle_of(n, "s_axi_", "_AWADDR")))
            out->lite = b;
        else if ((b = bundle_of(n, "m_axi_", "_ARADDR")))
            add_bundle(out, b, 1);
        else if ((b = bundle_of(n, "m_axi_", "_AWADDR")))
            add_bundle(out, b, 0);
    }
    if (!out->lite)
        return;
    char header[300];
    size_t k = 0;
    header[k++] = 'x';
    for (const char *p = rtl->top; *p && k < 250; p++)
        header[k++] = (char)tolower((unsigned char)*p);
    strcpy(header + k, "_hw.h");
    /* the Verilog's directory, then the solution (syn/verilog/../..) */
    char *dir = lg_strdup(verilog_dir);
    for (int up = 0; up < 3 && !out->registers; up++) {
        /* the HLS solution keeps the driver in impl/ip/drivers/<top>_v1_0/src/ */
        out->registers = init_find_file(dir, header, up == 2 ? 5 : 0);
        char *parent = lg_path_join(dir, "..");
        free(dir);
        dir = parent;
    }
    free(dir);
    lg_err_t err;
    if (out->registers && !(out->reg_text = lg_read_file(out->registers, NULL, &err))) {
        free(out->registers);
        out->registers = NULL;
    }
    /* The register map HLS writes atop the control bundle's own Verilog,
     * "// 0x18 : Data signal of output_r": the same names, when there is
     * no driver header. */
    char *map = lg_asprintf("%s/%s_%s_s_axi.v", verilog_dir, rtl->top, out->lite);
    out->slave_text = lg_read_file_max(map, LG_READ_MAX, NULL, &err);
    if (!out->reg_text && out->slave_text)
        out->map_text = lg_strdup(out->slave_text);
    free(map);
}

void init_axi_free(init_axi_t *a)
{
    if (!a)
        return;
    free(a->lite);
    for (size_t k = 0; k < a->nbundles; k++)
        free(a->bundles[k]);
    free(a->bundles);
    free(a->reads);
    free(a->writes);
    free(a->registers);
    free(a->reg_text);
    free(a->map_text);
    free(a->slave_text);
    memset(a, 0, sizeof *a);
}

int init_axi_port(const char *name)
{
    return strncmp(name, "s_axi_", 6) == 0 || strncmp(name, "m_axi_", 6) == 0 || strcmp(name, "interrupt") == 0;
}

/* "Data signal of <reg>", a whole name, in the control bundle's register
 * map. */
static int map_has_register(const char *map, const char *reg)
{
    char want[300];
    snprintf(want, sizeof want, "Data signal of %s", reg);
    for (const char *p = strstr(map, want); p; p = strstr(p + 1, want)) {
        char after = p[strlen(want)];
        if (!isalnum((unsigned char)after) && after != '_')
            return 1;
    }
    return 0;
}

int init_axi_has_register(const init_axi_t *a, const char *reg)
{
    if (!a->reg_text)
        return a->map_text ? map_has_register(a->map_text, reg) : 0;
    char want[300];
    size_t n = 0;
    want[n++] = '_';
    for (const char *p = reg; *p && n < 250; p++)
        want[n++] = (char)toupper((unsigned char)*p);
    strcpy(want + n, "_DATA");
    for (const char *p = strstr(a->reg_text, want); p; p = strstr(p + 1, want)) {
        char after = p[strlen(want)];
        if (p >= a->reg_text + 5 && strncmp(p - 5, "_ADDR", 5) == 0 && !isalnum((unsigned char)after) && after != '_')
            return 1;
    }
    return 0;
}

/* 1 when the slave declares a port `<name><suffix>` (a whole word). */
static int slave_port(const char *text, const char *name, const char *suffix)
{
    char want[300];
    snprintf(want, sizeof want, "%s%s", name, suffix);
    size_t n = strlen(want);
    for (const char *p = strstr(text, want); p; p = strstr(p + 1, want))
        if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
            !(isalnum((unsigned char)p[n]) || p[n] == '_'))
            return 1;
    return 0;
}

int init_axi_memory(const init_axi_t *a, const char *name, init_axi_mem_t *out)
{
    memset(out, 0, sizeof *out);
    if (!a->slave_text)
        return 0;
    for (int r = 0; r < 2; r++) { /* the argument's name, or HLS's _r rename of it */
        char want[300];
        snprintf(want, sizeof want, "Memory '%s%s' (", name, r ? "_r" : "");
        const char *p = strstr(a->slave_text, want);
        if (!p)
            continue;
        p += strlen(want);
        const char *end;
        uint64_t n, bits;
        lg_err_t err; /* a comment not in HLS's form tells nothing */
        if (lg_uint_scan(p, LG_NUM_DEC, 1 << 24, &n, &end, &err) || strncmp(end, " * ", 3) != 0 ||
            lg_uint_scan(end + 3, LG_NUM_DEC, 64, &bits, &end, &err) || *end != 'b' || n < 1 || bits < 1)
            return 0;
        snprintf(want, sizeof want, "%s%s", name, r ? "_r" : "");
        out->elems = (long)n;
        out->bits = (int)bits;
        out->reads = slave_port(a->slave_text, want, "_q0");
        out->writes = slave_port(a->slave_text, want, "_we0");
        return 1;
    }
    return 0;
}
