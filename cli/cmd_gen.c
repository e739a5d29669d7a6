/* `lgfuzz gen --seed N --out DIR`: writes a random C kernel, an HLS-style
 * RTL of it with planted narrowings, the exact C model of that RTL, the
 * spec and the expected divergences with their witnesses (gen/gen.h). */
#include <stdio.h>

#include "cli.h"
#include "gen/gen.h"
#include "options_int.h"

static const char synopsis[] = "usage: lgfuzz gen --seed N --out DIR [--size S] [--plants K]\n\n"
                               "Generates a random kernel from seed N into DIR: kernel.c (the C an HLS user\n"
                               "writes), kernel.v (an HLS-style module with HLS narrowings planted), rtl_model.c\n"
                               "(the exact C model of kernel.v), kernel.yaml (the spec), model.yaml (the spec\n"
                               "with rtl_model.c as its C side), expected.yaml (each plant's class, witness and\n"
                               "sampled hit probability) and inputs/<plant>.json (the witnesses). The same\n"
                               "options give the same bytes.\n\n";

static const char epilogue[] = "Exit codes: 0 generated, 2 usage error, or DIR cannot be written (the message\n"
                               "names the file) or is in use by another lgfuzz command.\n";

typedef struct gen_opts {
    gen_cfg_t cfg;
    unsigned plants;
    const char *out;
} gen_opts_t;

int cmd_gen(int argc, char **argv)
{
    static const char *const positional[] = {NULL};
    static const cli_opt_t gen_opts[] = {
        {.kind = CLI_COUNT,
         .name = "--seed",
         .field = CLI_FIELD(gen_opts_t, cfg.seed),
         .max = UINT64_MAX,
         .arg = "N",
         .help = "generator seed (required): every random choice comes from it"},
        {.kind = CLI_STRING,
         .name = "--out",
         .field = CLI_FIELD(gen_opts_t, out),
         .arg = "DIR",
         .help = "output directory (required; created when missing)"},
        {.kind = CLI_COUNT,
         .name = "--size",
         .field = CLI_FIELD(gen_opts_t, cfg.size),
         .min = 1,
         .max = GEN_MAX_SIZE,
         .arg = "S",
         .help = "program size, 1-10: statements and locals grow with it (default 3)"},
        {.kind = CLI_COUNT,
         .name = "--plants",
         .field = CLI_FIELD(gen_opts_t, plants),
         .max = GEN_MAX_PLANTS,
         .arg = "K",
         .help = "plant K narrowings (fewer when the program offers fewer places);\n"
                 "default: 0 to 3 at random, 0 in about one kernel of five"},
        {.kind = CLI_END},
    };
    gen_opts_t o = {0};
    gen_cfg_default(&o.cfg);
    cli_opts_t cl = {
        .cmd = "gen",
        .synopsis = synopsis,
        .epilogue = epilogue,
        .positional = positional,
        .sets = {{gen_opts, &o, NULL}},
    };
    int rc = cli_opts_read(&cl, argc, argv);
    int seed_given = cli_opts_given(&cl, &o.cfg.seed), plants_given = cli_opts_given(&cl, &o.plants);
    cli_opts_free(&cl);
    if (rc != CLI_PROCEED)
        return rc;
    if (!seed_given)
        return cli_usage_error("gen", "--seed is required");
    if (!o.out)
        return cli_usage_error("gen", "--out is required");
    if (plants_given)
        o.cfg.plants = (int)o.plants;
    lg_err_t err;
    lg_err_clear(&err);
    gen_kernel_t *g = gen_create(&o.cfg, &err);
    if (!g || gen_write(g, o.out, &err)) {
        fprintf(stderr, "lgfuzz gen: %s\n", err.msg);
        gen_destroy(g);
        return LG_EXIT_USAGE;
    }
    printf("%s: kernel %s, %zu plant%s\n", o.out, gen_name(g), gen_plant_count(g), gen_plant_count(g) == 1 ? "" : "s");
    gen_destroy(g);
    return LG_EXIT_OK;
}
