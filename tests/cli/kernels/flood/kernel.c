/* flood: writes to its standard output (even x, through printf) or its
 * standard error (odd x, through write) for ever, and would return x + 1
 * like its RTL. */
#include <stdio.h>
#include <unistd.h>

int flood(int x)
{
    static const char line[] = "flood flood flood flood flood flood flood flood flood flood flood flood\n";
    if (x & 1)
        for (;;)
            write(2, line, sizeof line - 1);
    for (;;)
        printf("flood %d\n", x);
    return x + 1;
}
