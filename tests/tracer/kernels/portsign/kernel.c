/* portsign: three narrowed ports. The RTL reads a (12 bits) with a sign,
 * through a register that copies it, and b (8 bits) with zeros; c (8
 * bits) it only adds in 8 bits, which says neither. */
int portsign(int a, int b, int c)
{
    return a + b + (c & 255);
}
