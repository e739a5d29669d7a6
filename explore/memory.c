/* Bounded memory: the run's resident memory is kept below --max-memory by
 * giving the path tree, the one structure that grows with the run, a fixed
 * share of it, and summarising its least useful subtrees when it reaches
 * that share. */
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "explore_int.h"

#define MIB (UINT64_C(1) << 20)
#define RSS_CHECK_NS (UINT64_C(1000000000))

uint64_t memory_resident(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return 0;
    unsigned long long size = 0, resident = 0;
    int ok = fscanf(f, "%llu %llu", &size, &resident) == 2;
    fclose(f);
    long page = sysconf(_SC_PAGESIZE);
    return ok && page > 0 ? (uint64_t)resident * (uint64_t)page : 0;
}

uint64_t memory_peak_resident(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? (uint64_t)ru.ru_maxrss * 1024 : 0;
}

/* The tree's share is a fixed half of the bound (at least 1 MiB), not
 * what a measurement of the resident memory leaves: a summary changes
 * what the run explores next, so when it happens must follow from the
 * options and the seed alone. The other half is for the rest: the tracer,
 * the RTL workers' client, Z3, the path set, the corpus, the RTL queue. */
void memory_start(explore_t *ex)
{
    ex->st.rss_start = memory_resident();
    ex->st.last_rss_ns = lg_now_ns();
    if (!ex->cfg.max_memory)
        return;
    ex->tree_budget = ex->cfg.max_memory / 2 > MIB ? ex->cfg.max_memory / 2 : MIB;
}

void memory_check(explore_t *ex)
{
    if (!ex->tree_budget)
        return;
    uint64_t now = lg_now_ns();
    /* A timed run also watches the resident memory once a second: when the
     * rest grew to within a sixteenth of the bound, the tree gives up what
     * it holds beyond three quarters of its size, down to an eighth of the
     * bound. A run bounded by --iterations does not (that look depends on
     * the machine and the clock), so it stays reproducible. */
    if (!ex->cfg.iterations && now - ex->st.last_rss_ns >= RSS_CHECK_NS) {
        ex->st.last_rss_ns = now;
        uint64_t rss = memory_resident(), floor = ex->cfg.max_memory / 8 > MIB ? ex->cfg.max_memory / 8 : MIB;
        uint64_t smaller = ex->tree->bytes / 4 * 3;
        if (rss + ex->cfg.max_memory / 16 > ex->cfg.max_memory && smaller < ex->tree_budget)
            ex->tree_budget = smaller > floor ? smaller : floor;
    }
    /* Down to three quarters, so the next summary is some rounds away. */
    if (ex->tree->bytes > ex->tree_budget) {
        tree_summarise(ex->tree, ex->tree_budget / 4 * 3);
        ex->st.summaries++;
    }
}
