/* `lgfuzz init`'s view of the HLS synthesis report csynth.xml (libxml2):
 * each C argument of the top function with its C type, direction and
 * interface, from the <Args> section newer Vitis HLS versions write, else
 * from the <RtlPorts> of <InterfaceSummary> that every version writes.
 * In the newer layout an argument's <hwRefs> also name its m_axi bundle
 * and its AXI4-Lite registers, whose offsets <Interfaces> lists. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

#include "init_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"

static xmlNode *child(xmlNode *n, const char *name)
{
    for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && strcmp((const char *)c->name, name) == 0)
            return c;
    return NULL;
}

/* The text of n's child element name, trimmed (owned; "" when absent). */
static char *child_text(xmlNode *n, const char *name)
{
    xmlNode *c = child(n, name);
    xmlChar *t = c ? xmlNodeGetContent(c) : NULL;
    const char *s = t ? (const char *)t : "";
    while (*s == ' ' || *s == '\n' || *s == '\t')
        s++;
    size_t len = strlen(s);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\n' || s[len - 1] == '\t'))
        len--;
    char *out = lg_strndup(s, len);
    xmlFree(t);
    return out;
}

static char *attr(xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    char *out = lg_strdup(v ? (const char *)v : "");
    xmlFree(v);
    return out;
}

static init_xarg_t *add_arg(init_xml_t *x, size_t *cap, const char *name)
{
    for (size_t i = 0; i < x->nargs; i++)
        if (strcmp(x->args[i].name, name) == 0)
            return NULL;
    lg_grow((void **)&x->args, cap, x->nargs + 1, sizeof *x->args);
    init_xarg_t *a = &x->args[x->nargs++];
    memset(a, 0, sizeof *a);
    a->name = lg_strdup(name);
    return a;
}

/* The first element called name at or below n, depth first. */
static xmlNode *find_element(xmlNode *n, const char *name)
{
    for (xmlNode *c = n; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (strcmp((const char *)c->name, name) == 0)
            return c;
        xmlNode *d = find_element(c->children, name);
        if (d)
            return d;
    }
    return NULL;
}

/* The offset of register reg of interface iface in <Interfaces>: 1 with
 * *off, 0 when the report does not list it. */
static int register_offset(xmlNode *ifaces, const char *iface, const char *reg, long *off)
{
    for (xmlNode *i = ifaces ? ifaces->children : NULL; i; i = i->next) {
        if (i->type != XML_ELEMENT_NODE || strcmp((const char *)i->name, "Interface") != 0)
            continue;
        char *name = attr(i, "InterfaceName");
        int same = strcmp(name, iface) == 0;
        free(name);
        xmlNode *regs = same ? child(i, "registers") : NULL;
        for (xmlNode *r = regs ? regs->children : NULL; r; r = r->next) {
            if (r->type != XML_ELEMENT_NODE || strcmp((const char *)r->name, "register") != 0)
                continue;
            char *rn = attr(r, "name"), *ro = attr(r, "offset"), *end = NULL;
            long v = strtol(ro, &end, 0);
            int hit = strcmp(rn, reg) == 0 && end != ro && !*end && v >= 0;
            free(rn);
            free(ro);
            if (hit) {
                *off = v;
                return 1;
            }
        }
    }
    return 0;
}

/* An argument's <hwRefs>: its m_axi bundle, and the lowest offset of its
 * registers (a pointer's address and a 64-bit value take two, an inout's
 * _i comes before its _o). */
static void read_hwrefs(xmlNode *arg, xmlNode *ifaces, init_xarg_t *xa)
{
    for (xmlNode *h = find_element(arg->children, "hwRef"); h; h = h->next) {
        if (h->type != XML_ELEMENT_NODE || strcmp((const char *)h->name, "hwRef") != 0)
            continue;
        char *type = attr(h, "type"), *iface = attr(h, "interface"), *name = attr(h, "name");
        long off;
        if (strcmp(type, "interface") == 0 && strncmp(iface, "m_axi_", 6) == 0 && iface[6] && !xa->bundle) {
            xa->bundle = lg_strdup(iface + 6);
        } else if (strcmp(type, "register") == 0 && register_offset(ifaces, iface, name, &off) &&
                   (!xa->has_offset || off < xa->offset)) {
            xa->offset = off;
            xa->has_offset = 1;
        }
        free(type);
        free(iface);
        free(name);
    }
}

static void read_args(xmlNode *args, xmlNode *ifaces, init_xml_t *x, size_t *cap)
{
    for (xmlNode *a = args->children; a; a = a->next) {
        if (a->type != XML_ELEMENT_NODE || strcmp((const char *)a->name, "Arg") != 0)
            continue;
        char *name = attr(a, "ArgName");
        init_xarg_t *xa = name[0] ? add_arg(x, cap, name) : NULL;
        if (xa) {
            xa->ctype = attr(a, "srcType");
            xa->dir = attr(a, "direction");
            xa->mode = lg_strdup("");
            read_hwrefs(a, ifaces, xa);
        }
        free(name);
    }
}

/* RtlPorts: one per port; the C argument is <Object>, control ports are
 * of <Type> "return value". */
static void read_rtl_ports(xmlNode *summary, init_xml_t *x, size_t *cap)
{
    for (xmlNode *p = summary->children; p; p = p->next) {
        if (p->type != XML_ELEMENT_NODE || strcmp((const char *)p->name, "RtlPorts") != 0)
            continue;
        char *type = child_text(p, "Type"), *obj = child_text(p, "Object");
        init_xarg_t *xa = strcmp(type, "return value") != 0 && obj[0] ? add_arg(x, cap, obj) : NULL;
        if (xa) {
            xa->ctype = child_text(p, "CType");
            xa->mode = child_text(p, "IOProtocol");
            xa->dir = lg_strdup("");
        }
        free(type);
        free(obj);
    }
}

/* Where a solution keeps the report of a top: syn/report/ beside the
 * syn/verilog/ the Verilog came from, or the Verilog's own directory;
 * csynth.xml, else <top>_csynth.xml (all Vivado HLS 2015 and 2016 write). */
static char *find_report(const char *verilog_dir, const char *top)
{
    char *own = lg_asprintf("../report/%s_csynth.xml", top), *own_here = lg_asprintf("%s_csynth.xml", top);
    const char *const rel[] = {"../report/csynth.xml", "csynth.xml", "syn/report/csynth.xml", own, own_here};
    char *found = NULL;
    for (size_t i = 0; i < sizeof rel / sizeof *rel && !found; i++) {
        char *p = lg_path_join(verilog_dir, rel[i]);
        if (lg_path_exists(p))
            found = p;
        else
            free(p);
    }
    free(own_here);
    free(own);
    return found;
}

int init_xml_read(const char *verilog_dir, const char *top, init_xml_t *out, lg_err_t *err)
{
    memset(out, 0, sizeof *out);
    char *path = find_report(verilog_dir, top);
    if (!path)
        return 0;
    size_t len;
    char *text = lg_read_file_max(path, LG_READ_MAX, &len, err);
    if (!text) {
        free(path);
        return err->code;
    }
    /* No network, no external entities: the report is data. */
    xmlDoc *doc = xmlReadMemory(text, (int)len, path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    free(text);
    if (!doc) {
        int rc = lg_err_set(err, LG_EINVAL, "%s: not well-formed XML (an HLS csynth.xml report was expected)", path);
        free(path);
        return rc;
    }
    out->path = path;
    xmlNode *root = xmlDocGetRootElement(doc);
    size_t cap = 0;
    xmlNode *args = child(root, "Args");
    if (args)
        read_args(args, find_element(root, "Interfaces"), out, &cap);
    xmlNode *summary = child(root, "InterfaceSummary");
    if (summary && out->nargs == 0)
        read_rtl_ports(summary, out, &cap);
    xmlFreeDoc(doc);
    return 0;
}

const init_xarg_t *init_xml_arg(const init_xml_t *x, const char *name)
{
    for (size_t i = 0; x && i < x->nargs; i++)
        if (strcmp(x->args[i].name, name) == 0)
            return &x->args[i];
    return NULL;
}

void init_xml_free(init_xml_t *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < x->nargs; i++) {
        free(x->args[i].name);
        free(x->args[i].ctype);
        free(x->args[i].dir);
        free(x->args[i].mode);
        free(x->args[i].bundle);
    }
    free(x->args);
    free(x->path);
    memset(x, 0, sizeof *x);
}
