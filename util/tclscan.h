/* The words of a Tcl script as HLS writes them (a solution's script.tcl
 * and directives.tcl, the _ip.tcl that creates a core): bare words,
 * "quoted" and {braced} ones (without their quotes or braces), commands
 * ended by a newline or `;`, a backslash-newline joining lines, `#` at a
 * word's start beginning a comment to the end of the line. `[` and `]`
 * end a bare word and are skipped, so `[list CONFIG.a 1]` reads as list,
 * CONFIG.a, 1. No substitution is made: it reads what the tools wrote,
 * it runs nothing. Names:
 *   tclscan_  tclscan.c */
#ifndef LG_TCLSCAN_H
#define LG_TCLSCAN_H

/* The next word of the command at *s (moved past it), owned; NULL at the
 * end of the command, of the text, or at a comment. */
char *tclscan_word(const char **s);
/* Moves *s past the end of the current command (after its newline or `;`,
 * skipping a comment); returns 0 at the end of the text, else 1. */
int tclscan_next_command(const char **s);

#endif
