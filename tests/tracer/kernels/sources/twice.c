/* defines clampv a second time: linking it with helper.c must fail */
int clampv(int v)
{
    return v;
}
