/* What a divergence found through the host program adds to its
 * directory: the host input as files (host/), host/host.json saying how
 * they are given, repro-host.sh that builds the host with clang and runs
 * it on them, and a paragraph of README naming both inputs. */
#include <json-c/json.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host_source_int.h"
#include "util/alloc.h"
#include "util/fsutil.h"
#include "util/strbuf.h"

/* s in single quotes for the script's shell. */
static void put_quoted(lg_strbuf_t *b, const char *s)
{
    lg_strbuf_puts(b, "'");
    for (; *s; s++)
        lg_strbuf_puts(b, *s == '\'' ? "'\\''" : (char[]){*s, 0});
    lg_strbuf_puts(b, "'");
}

static char *absolute(const char *path)
{
    char buf[PATH_MAX];
    return lg_strdup(realpath(path, buf) ? buf : path);
}

static json_object *argv_json(const spec_t *spec, const hostsource_blob_t *values)
{
    const spec_host_t *hs = spec->host;
    json_object *a = json_object_new_array();
    for (size_t w = 0; w < hs->nargv; w++) {
        json_object *o = json_object_new_object();
        int k = hs->argv[w].input;
        if (k < 0) {
            json_object_object_add(o, "literal", json_object_new_string(hs->argv[w].literal));
        } else {
            const spec_host_input_t *in = &hs->inputs[k];
            json_object_object_add(o, "input", json_object_new_string(in->name));
            json_object_object_add(o, "kind", json_object_new_string(spec_host_kind_name(in->kind)));
            char *file = lg_path_join("host", in->name);
            if (in->kind == SPEC_HOST_WORD)
                json_object_object_add(o, "value", json_object_new_string(values[k].data));
            else
                json_object_object_add(o, "file", json_object_new_string(file));
            free(file);
        }
        json_object_array_add(a, o);
    }
    return a;
}

static int write_json(const spec_t *spec, const hostsource_blob_t *values, size_t call, const char *hdir, lg_err_t *err)
{
    const spec_host_t *hs = spec->host;
    json_object *o = json_object_new_object(), *srcs = json_object_new_array(), *files = json_object_new_array();
    char *spec_abs = absolute(spec->path);
    json_object_object_add(o, "spec", json_object_new_string(spec_abs));
    free(spec_abs);
    for (size_t i = 0; i < hs->nsources; i++) {
        char *s = absolute(hs->sources[i]);
        json_object_array_add(srcs, json_object_new_string(s));
        free(s);
    }
    json_object_object_add(o, "sources", srcs);
    json_object_object_add(o, "argv", argv_json(spec, values));
    for (size_t i = 0; i < hs->ninputs; i++) {
        const spec_host_input_t *in = &hs->inputs[i];
        char *file = lg_path_join("host", in->name);
        json_object *f = json_object_new_object();
        json_object_object_add(f, "input", json_object_new_string(in->name));
        json_object_object_add(f, "file", json_object_new_string(file));
        if (in->kind == SPEC_HOST_STDIN) {
            json_object_object_add(o, "stdin", f);
        } else if (in->kind == SPEC_HOST_NAMED) {
            json_object_object_add(f, "path", json_object_new_string(in->path));
            json_object_array_add(files, f);
        } else {
            json_object_put(f);
        }
        free(file);
    }
    json_object_object_add(o, "files", files);
    /* Which of the host run's kernel calls is the kernel input. */
    json_object_object_add(o, "call", json_object_new_uint64((uint64_t)call + 1));
    json_object_object_add(o, "kernel_input", json_object_new_string("input.orig.json"));
    char *path = lg_path_join(hdir, "host.json");
    const char *text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
    int rc = lg_write_file_atomic(path, text, strlen(text), err);
    free(path);
    json_object_put(o);
    return rc;
}

static void script_build(lg_strbuf_t *b, const spec_t *spec, int with_kernel)
{
    const spec_host_t *hs = spec->host;
    lg_strbuf_puts(b, "\"${CC:-clang}\" -O0 -g -w -I");
    char *dir = absolute(spec->dir);
    put_quoted(b, dir);
    free(dir);
    for (size_t i = 0; i < hs->nsources; i++) {
        char *s = absolute(hs->sources[i]), *d = lg_path_dirname(s);
        lg_strbuf_puts(b, " -I");
        put_quoted(b, d);
        free(d);
        free(s);
    }
    lg_strbuf_puts(b, " -o \"$work/host\"");
    for (size_t i = 0; i < hs->nsources + (size_t)(with_kernel != 0); i++) {
        char *s = absolute(i < hs->nsources ? hs->sources[i] : spec->c_source);
        lg_strbuf_puts(b, " ");
        put_quoted(b, s);
        free(s);
    }
    lg_strbuf_puts(b, " -lm\n");
}

static void script_run(lg_strbuf_t *b, const spec_t *spec, const hostsource_blob_t *values)
{
    const spec_host_t *hs = spec->host;
    const char *in_file = NULL;
    for (size_t i = 0; i < hs->ninputs; i++) {
        const spec_host_input_t *in = &hs->inputs[i];
        if (in->kind == SPEC_HOST_NAMED) {
            lg_strbuf_puts(b, "mkdir -p \"$(dirname \"$work/run/\"");
            put_quoted(b, in->path);
            lg_strbuf_printf(b, ")\"\ncp \"$here/host/%s\" \"$work/run/\"", in->name);
            put_quoted(b, in->path);
            lg_strbuf_puts(b, "\n");
        } else if (in->kind == SPEC_HOST_STDIN) {
            in_file = in->name;
        }
    }
    lg_strbuf_puts(b, "cd \"$work/run\"\n\"$work/host\"");
    for (size_t w = 0; w < hs->nargv; w++) {
        int k = hs->argv[w].input;
        lg_strbuf_puts(b, " ");
        if (k < 0)
            put_quoted(b, hs->argv[w].literal);
        else if (hs->inputs[k].kind == SPEC_HOST_WORD)
            put_quoted(b, values[k].data);
        else
            lg_strbuf_printf(b, "\"$here/host/%s\"", hs->inputs[k].name);
    }
    if (in_file)
        lg_strbuf_printf(b, " <\"$here/host/%s\"", in_file);
    else
        lg_strbuf_puts(b, " </dev/null");
    lg_strbuf_puts(b, "\nstatus=$?\nrm -rf \"$work\"\nexit $status\n");
}

static int write_script(const spec_t *spec, int with_kernel, const hostsource_blob_t *values, size_t call,
                        const char *dir, lg_err_t *err)
{
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    lg_strbuf_printf(&b,
                     "#!/bin/sh\n"
                     "# Builds the host program of %s with clang (no lgfuzz) and runs it on the\n"
                     "# host input in host/ (host/host.json); its kernel call %zu is input.orig.json.\n"
                     "# Set CC to use another compiler.\n"
                     "here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
                     "work=$(mktemp -d) || exit 2\n"
                     "mkdir \"$work/run\"\n",
                     spec->path, call + 1);
    script_build(&b, spec, with_kernel);
    lg_strbuf_puts(&b, "[ -x \"$work/host\" ] || { rm -rf \"$work\"; exit 2; }\n");
    script_run(&b, spec, values);
    char *path = lg_path_join(dir, "repro-host.sh");
    int rc = lg_write_file_atomic(path, b.s, b.len, err);
    if (rc == LG_OK && chmod(path, 0755) != 0)
        rc = lg_err_set(err, LG_EIO, "%s: cannot make it executable", path);
    free(path);
    lg_strbuf_free(&b);
    return rc;
}

static int append_readme(const spec_t *spec, size_t call, const char *dir, lg_err_t *err)
{
    char *path = lg_path_join(dir, "README");
    size_t len = 0;
    lg_err_t e;
    char *text = lg_path_exists(path) ? lg_read_file(path, &len, &e) : NULL;
    lg_strbuf_t b;
    lg_strbuf_init(&b);
    if (text)
        lg_strbuf_puts(&b, text);
    lg_strbuf_printf(&b,
                     "\nFound through the host program %s:\n"
                     "the kernel input input.orig.json is kernel call %zu of the host run on the\n"
                     "host input in host/ (argv words, input files and standard input, one file\n"
                     "per input; host/host.json says how each is given). repro-host.sh builds the\n"
                     "host with clang and runs it on that input.\n",
                     spec->host->sources[0], call + 1);
    int rc = lg_write_file_atomic(path, b.s, b.len, err);
    lg_strbuf_free(&b);
    free(text);
    free(path);
    return rc;
}

int hostsource_report(const spec_t *spec, int with_kernel, const hostsource_blob_t *values, size_t call,
                      const char *dir, lg_err_t *err)
{
    char *hdir = lg_path_join(dir, "host");
    int rc = lg_mkdirs(hdir, err);
    for (size_t i = 0; rc == LG_OK && i < spec->host->ninputs; i++) {
        char *path = lg_path_join(hdir, spec->host->inputs[i].name);
        rc = lg_write_file_atomic(path, values[i].data, values[i].len, err);
        free(path);
    }
    if (rc == LG_OK)
        rc = write_json(spec, values, call, hdir, err);
    if (rc == LG_OK)
        rc = write_script(spec, with_kernel, values, call, dir, err);
    if (rc == LG_OK)
        rc = append_readme(spec, call, dir, err);
    free(hdir);
    return rc;
}
