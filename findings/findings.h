/* findings: what one divergence is, and the record of it a run leaves.
 *
 * A finding's identity is its key: the symptom's class and either the
 * cause that explains it on whichever C path ("mismatch|cause|port:data"),
 * or the C path its input took and the probes the divergence needs there
 * ("mismatch:return|path:<16 hex digits>|loop:kernel.c:7:remainder").
 * Keys are structs; their text is the form symptom.json stores and the one
 * place that text is parsed is findings_key_parse.
 *
 * A run's distinct findings are a findings_set_t (keys in order of first
 * sighting, with the inputs that came to each), and each finding is a
 * directory divergences/<name>/ whose symptom.json this component writes
 * (findings_write) and reads (findings_read, findings_list) for everything
 * that reads a run back: a resumed run, lgfuzz report, the batch summary
 * and the summary lgfuzz run prints. */
#ifndef LGFUZZ_FINDINGS_H
#define LGFUZZ_FINDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

/* ------------------------------------------------------------------ keys */

typedef enum findings_by {
    FINDINGS_BY_PATH, /* the C path and the probes the divergence needs there */
    FINDINGS_BY_CAUSE /* a cause that explains it on whichever C path */
} findings_by_t;

typedef struct finding_key {
    /* The symptom's class ("rtl-hang", "rtl-oob:data"), "mismatch" for a
     * wrong value on any output; a cause key's class is also "c-ub" for
     * undefined behaviour of the C, "rtl-x" for an X in the RTL, and
     * "rtl-oob:<array>" for a mismatch its reads past a depth explain.
     * Records of older versions may hold "mismatch:<output>". */
    char *cls;
    findings_by_t by;
    uint64_t path; /* FINDINGS_BY_PATH: the C path's signature; else 0 */
    /* Sorted, each once: by path, the probes the divergence needs
     * ("width:sum"); by cause, its causes ("port:data", "readback:out30",
     * "uninit:buf", "x:return", "depth:data", "stmt:k.c:15", or the
     * probes it needs). At
     * least one for a cause key. */
    char **probes;
    size_t nprobes;
} finding_key_t;

/* A key by path: class cls (a mismatch's without its output: a wrong
 * value in any output on one path and with the same probes is one
 * finding), C path path and the probes (any order, repeats allowed, n may
 * be 0), all copied into *k. */
void findings_key_path(finding_key_t *k, const char *cls, uint64_t path, const char *const *probes, size_t n);
/* A key by cause for a symptom of class cls: the causes (n > 0, any
 * order, repeats allowed) copied into *k; a mismatch of any output is
 * class "mismatch". */
void findings_key_cause(finding_key_t *k, const char *cls, const char *const *causes, size_t n);
void findings_key_copy(finding_key_t *dst, const finding_key_t *src);
void findings_key_free(finding_key_t *k); /* leaves *k empty; accepts an empty one */
int findings_key_equal(const finding_key_t *a, const finding_key_t *b);
/* 1 when k names probe among its probes or causes, whole names only. */
int findings_key_names(const finding_key_t *k, const char *probe);
/* The key's text: "<cls>|path:<16 hex digits>|<p>,<p>,..." or
 * "<cls>|cause|<c>,<c>,...". The caller frees it. */
char *findings_key_text(const finding_key_t *k);
/* The key whose text is text (as findings_key_text writes it) into *k;
 * LG_EINVAL naming text when it is not one. */
int findings_key_parse(const char *text, finding_key_t *k, lg_err_t *err);
/* The group the summaries show k in: a key by path without its probes,
 * "<cls>|path:<hex>" (findings on one path that differ in the probes they
 * need come together), a key by cause whole. The caller frees it. */
char *findings_key_group(const finding_key_t *k);
/* k's probes or causes ", "-joined (sep ", ") or as in its text (sep ",");
 * "" when none. The caller frees it. */
char *findings_key_list(const finding_key_t *k, const char *sep);

/* ---------------------------------------------------------- distinct set */

/* The distinct findings of a run, each with the number of inputs that
 * came to it. Ids count from 0 in order of first sighting. */
typedef struct findings_set findings_set_t;

findings_set_t *findings_set_create(void);
void findings_set_destroy(findings_set_t *s); /* accepts NULL */
/* Adds k (copied) or counts one more input for it when it is known:
 * returns its id and sets *is_new (may be NULL). */
size_t findings_set_add(findings_set_t *s, const finding_key_t *k, int *is_new);
/* Counts one more input for finding id (< findings_set_count). */
void findings_set_hit(findings_set_t *s, size_t id);
/* The id of k when it was added, else SIZE_MAX; counts nothing. */
size_t findings_set_find(const findings_set_t *s, const finding_key_t *k);
size_t findings_set_count(const findings_set_t *s);
/* Finding id's key and its text (valid while s lives); NULL when id is
 * out of range. */
const finding_key_t *findings_set_key(const findings_set_t *s, size_t id);
const char *findings_set_text(const findings_set_t *s, size_t id);
uint64_t findings_set_hits(const findings_set_t *s, size_t id);
/* 1 when a finding of class cls (a cause key's class as
 * findings_key_cause gives it) names probe. */
int findings_set_names_probe(const findings_set_t *s, const char *cls, const char *probe);
/* The id of the first finding of class cls that an input on C path path
 * firing probes could show: a key by path of cls on that path, or a key by
 * cause of cls's cause class, whose probes are all among probes (a
 * "readback:<param>" cause is among them when one of them is a read-back
 * probe, "ub:readback:..."); SIZE_MAX when none. */
size_t findings_set_find_within(const findings_set_t *s, const char *cls, uint64_t path, const char *const *probes,
                                size_t n);

/* ------------------------------------------------- records (symptom.json) */

/* A finding's triage, beside its symptom's class: what it is for the
 * people who read it. */
typedef struct finding_triage {
    char *cls; /* "c-ub:readback", "rtl-x", "out-of-contract"; NULL when none */
    char *at;  /* where: "kernel.c:28", "buf (kernel.c:9)", an output */
    char *why; /* what it means, a sentence */
    /* Out of contract: the undefined behaviour the C's result rests on
     * ("c-ub:oob") and what the C relies on ("idx >= 0 && idx <= 15");
     * NULL when not known. */
    char *rests_on, *contract;
    /* The range of one scalar param that keeps inputs inside the
     * contract, proposed for the spec; range_param NULL when none. */
    char *range_param;
    int64_t lo, hi;
} finding_triage_t;

/* One finding as divergences/<name>/symptom.json records it. */
typedef struct finding {
    char *name;        /* the directory's name, "007-mismatch-return"; findings_read sets it */
    char *cls;         /* the symptom's class */
    char *detail;      /* what differed, "return: cpu 5, rtl 4" */
    int has_key;       /* key holds the finding's key (a record of an older lgfuzz may have none) */
    finding_key_t key; /* the finding's identity */
    char *found_key;   /* the key of the input as found (its text), or NULL */
    char *group;       /* findings_key_group of the key, what the summaries group by */
    char **c_paths;    /* the C paths it was seen on in words, the first one first (at least one) */
    size_t nc_paths;
    char **probes; /* the probes its minimised input fired, sorted */
    size_t nprobes;
    uint64_t minimise_steps; /* candidates its minimisation evaluated */
    finding_triage_t triage;
    int cut; /* the run's end cut its minimisation or cause analysis: it may repeat another */
    double found_after_s;
    uint64_t found_after_execs, found_after_rtl_calls;
} finding_t;

void finding_free(finding_t *f); /* leaves *f empty; accepts an empty one */

/* Writes f as dir/symptom.json, atomically (name is not written). */
int findings_write(const char *dir, const finding_t *f, lg_err_t *err);
/* Reads dir/symptom.json into *f (released with finding_free, also on
 * error), name being dir's last component. A record of an older lgfuzz
 * gets what it lacks from what it has: its group from its key (or, with no
 * C path in the key, a group of its own), its probes from its key, one C
 * path from c_path. LG_EIO or LG_EINVAL naming the file when it is
 * missing, unreadable or has no class. */
int findings_read(const char *dir, finding_t *f, lg_err_t *err);
/* Adds the C path c_path to dir/symptom.json's c_paths when it is not
 * there and fewer than max are; a record that cannot be read is left as it
 * is (LG_OK). */
int findings_add_c_path(const char *dir, const char *c_path, size_t max, lg_err_t *err);

/* The findings of a run's output directory, in name order. */
typedef struct findings_list {
    finding_t *v; /* readable records */
    size_t n;
    char **unreadable; /* names of directories without a readable symptom.json */
    size_t nunreadable;
} findings_list_t;

/* Reads every run_dir/divergences/<name>/ (hidden names, a directory
 * being written, are not findings) into *out (released with
 * findings_list_free, also on error); no divergences/ is no finding.
 * LG_EIO naming the directory when it cannot be listed. */
int findings_list(const char *run_dir, findings_list_t *out, lg_err_t *err);
void findings_list_free(findings_list_t *l);

#endif
