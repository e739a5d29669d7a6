#include "helper.h"

int clampv(int v)
{
    if (v > LIMIT)
        return LIMIT;
    return v;
}
