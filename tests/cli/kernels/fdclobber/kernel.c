/* fdclobber: writes junk to every descriptor from 3 to 1023 and then closes
 * them all, on every input, as a kernel with a wild descriptor would; it
 * returns x + 1 like its RTL. */
#include <unistd.h>

int fdclobber(int x)
{
    static const char junk[64] = "junk junk junk junk junk junk junk junk junk junk junk junk";
    for (int fd = 3; fd < 1024; fd++)
        write(fd, junk, sizeof junk);
    for (int fd = 3; fd < 1024; fd++)
        close(fd);
    return x + 1;
}
