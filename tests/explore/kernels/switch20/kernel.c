/* A switch with 20 cases and a default: its site has 21 edges, and random
 * inputs soon fill the example reservoirs of more than 16 of them, the
 * case where learning an edge's condition once failed every time. */
int switch20(int op, int x)
{
    switch (op) {
    case 0: return x;
    case 1: return x + 1;
    case 2: return x * 2;
    case 3: return x - 3;
    case 4: return x ^ 4;
    case 5: return x | 5;
    case 6: return x & 6;
    case 7: return x << 1;
    case 8: return x >> 1;
    case 9: return -x;
    case 10: return x % 10;
    case 11: return x / 11;
    case 12: return x + 12;
    case 13: return x * 13;
    case 14: return x - 14;
    case 15: return x ^ 15;
    case 16: return x | 16;
    case 17: return x & 17;
    case 18: return x + 18;
    case 19: return x * 19;
    default: return 0;
    }
}
