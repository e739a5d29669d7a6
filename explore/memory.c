/* Bounded memory: the run's resident memory is kept below --max-memory by
 * giving the path tree, the one structure that grows with the run, a share
 * of what was left when exploration started, and summarising its least
 * useful subtrees when it reaches that share. */
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "explore_int.h"

#define MIB (UINT64_C(1) << 20)
#define RSS_CHECK_NS (UINT64_C(1000000000))

uint64_t exk_resident(void)
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

uint64_t exk_peak_resident(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? (uint64_t)ru.ru_maxrss * 1024 : 0;
}

/* The tree gets half of what the bound leaves above the resident memory
 * at the start (the tracer, the RTL model's client, Z3 and the grammars
 * are loaded by then); the other half is for what else grows: the path
 * set, the corpus, the RTL queue, the allocator's slack. */
void exk_start(explore_t *ex)
{
    ex->st.rss_start = exk_resident();
    ex->st.last_rss_ns = lg_now_ns();
    if (!ex->cfg.max_memory)
        return;
    uint64_t room = ex->cfg.max_memory > ex->st.rss_start ? ex->cfg.max_memory - ex->st.rss_start : 0;
    ex->tree_budget = room / 2 > MIB ? room / 2 : MIB;
}

void exk_check(explore_t *ex)
{
    if (!ex->tree_budget)
        return;
    uint64_t now = lg_now_ns();
    if (now - ex->st.last_rss_ns >= RSS_CHECK_NS) {
        ex->st.last_rss_ns = now;
        uint64_t rss = exk_resident();
        /* Something besides the tree grew past its half: the tree gives
         * up what it holds beyond a quarter of its own size. */
        if (rss + ex->cfg.max_memory / 16 > ex->cfg.max_memory && ex->tree->bytes / 4 * 3 < ex->tree_budget) {
            uint64_t smaller = ex->tree->bytes / 4 * 3;
            ex->tree_budget = smaller > MIB ? smaller : MIB;
        }
    }
    /* Down to three quarters, so the next summary is some rounds away. */
    if (ex->tree->bytes > ex->tree_budget) {
        ext_summarise(ex->tree, ex->tree_budget / 4 * 3);
        ex->st.summaries++;
    }
}
