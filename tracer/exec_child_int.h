/* The executor's state, shared by exec.c (rounds), exec_check.c (what
 * the child wrote in a result slot, checked) and exec_child.c (the child
 * as a process: the shared region it is handed, how it is started, with
 * descriptors, limits and a session of its own, and how it ends, its
 * whole process group killed, then reaped). Private to the tracer. */
#ifndef LG_TRACER_EXEC_CHILD_H
#define LG_TRACER_EXEC_CHILD_H

#include <sys/types.h>

#include "exec_int.h"

struct executor {
    char *exe;
    const lg_log_t *log;
    int shm_fd;
    /* The child's standard output and error: a memory file opened for
     * appending, emptied before every round that follows output; a
     * kernel that writes OUTPUT_MAX bytes to it in one input is the
     * finding LGRT_OUTPUT. out_first is the first record run since it was
     * last emptied. */
    int out_fd;
    size_t out_first;
    char *base;
    size_t size;
    lgrt_hdr_t *hdr; /* the region's header, which the child (and the kernel) can write */
    /* The layout as lgfuzz made it: every offset, capacity and count is
     * read from here, never from the region, and the region's header is
     * written from it again before every round. */
    lgrt_hdr_t lay;
    uint64_t ndirs;             /* branch directions: events of one input at most */
    const uint32_t *site_nsucc; /* directions per site (borrowed), nsites sites */
    size_t nsites;
    pid_t pid; /* the child, leader of its own process group; -1 when none */
    int sock;
    uint64_t go_seq; /* rounds started since the child started (the region's copy is the child's to read) */
    uint64_t timeout_ns;
    uint64_t memory_bytes; /* RLIMIT_AS of the child; 0 = none */
    uint64_t deadline_ns;  /* no round runs past it; 0 = none */
    uint64_t fill_alt;     /* the rounds' fill_alt (lgrt.h) */
    uint64_t flip[2];      /* the rounds' flip (lgrt.h) */
    const volatile sig_atomic_t *stop;
    uint64_t restarts;
    uint64_t recovered; /* crashes the child survived */
    lgrt_spin_t spin;   /* waiting for the child's rounds */
    uint64_t ev_used;   /* events area in use by records collected since the last reset */
    /* lgfuzz's own copy of the input area: records are packed here and
     * copied into the region for every round sent, so that a kernel that
     * wrote over the next inputs changes nothing when they run again. */
    char *packed;
    uint64_t *rec_off;    /* per slot: where its record starts in the input area */
    uint64_t pack_off[2]; /* next free byte of each half of the input area */
    uint64_t pack_end;    /* the end of the records of the round started */
    /* The round started by executor_start and not yet finished. */
    size_t first, end;  /* its slots */
    size_t next;        /* its first record without a final result */
    size_t sent_end;    /* the end of the records the running child was sent */
    int sent;           /* a round for it is running */
    int single;         /* the round broke the protocol: its records run one per round from now on */
    lgrt_slot_t *heads; /* round_max checked copies of the slots' fixed fields */
    char detail[256];   /* the detail of the record whose status lgfuzz decided */
};

/* Creates the region for layout l (sealed at its size), maps it and
 * writes its header into x->lay and the region. 0, or an LG_E* code with
 * err filled. */
int executor_region_map(executor_t *x, const executor_layout_t *l, lg_err_t *err);
/* The most a kernel may write to its standard output and error in one
 * input: the executor's file size limit (RLIMIT_FSIZE), which kills it
 * with SIGXFSZ at a write past it. */
#define OUTPUT_MAX ((uint64_t)8 << 20)

/* Creates the child's output file, x->out_fd. 0, or LG_EIO with err. */
int executor_output_open(executor_t *x, lg_err_t *err);
/* Empties the child's output file when anything was written to it; the
 * next record to run is then x->out_first. */
void executor_output_reset(executor_t *x);
/* 1 when the child's output file has reached OUTPUT_MAX. */
int executor_output_full(const executor_t *x);

/* Writes the layout into the region's header (the round fields are left
 * to the caller): whatever a kernel wrote there is gone. */
void executor_region_reset(executor_t *x);

/* Starts the child and waits for its "ready". 0, or LG_ECHILD with err;
 * LG_EINTR (LG_ETIMEOUT) when stop was set (the deadline passed) first,
 * the child stopped. */
int executor_child_start(executor_t *x, lg_err_t *err);
/* Kills the child's process group and the child, reaps it (status, when
 * not NULL, gets its wait status) and closes the socket; nothing when
 * there is no child. */
void executor_child_stop(executor_t *x, int *status);
/* After the socket reported the child's end closed: 1 when the child has
 * exited within a short wait (then stopped as executor_child_stop does,
 * its wait status in *status), 0 when it still runs (something else closed
 * its end). */
int executor_child_exited(executor_t *x, int *status);

/* Checks the copy *s of a slot the child wrote: its status final (or,
 * in_flight, still running or final), its events where the record's must
 * start (ev), within the area and the kernel's directions, each naming a
 * direction of a site of the kernel, and its refused call one the
 * runtime refuses (then its status becomes that call's: LGRT_FD or
 * LGRT_FORK). Returns 1 when it holds, else 0 with x->detail saying what
 * does not. */
int executor_slot_check(executor_t *x, lgrt_slot_t *s, uint64_t ev, int in_flight);
/* The detail of a checked slot: its refused call, named with its
 * arguments into x->detail, else x->detail when set, else NULL. Valid
 * until x->detail is written again. */
const char *executor_result_detail(executor_t *x, const lgrt_slot_t *s);

#endif
