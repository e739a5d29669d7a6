/* branches: if/else, a switch with an early return, and a short-circuit
 * condition; tests/tracer derives its paths by hand. */
int branches(int x, int y)
{
    if (x > 10)
        y = y + 1;
    else
        y = y - 1;
    switch (y) {
    case 1:
        return 100;
    case 5:
        y = 7;
        break;
    default:
        break;
    }
    if (x > 0 && y < 5)
        return 1;
    return 0;
}
