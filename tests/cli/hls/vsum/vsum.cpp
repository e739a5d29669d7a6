// vsum: a C++ source with a plain-C body and no extern "C": the symbol is
// mangled (_Z4vsumPKii) and lgfuzz finds it by its demangled name.
int vsum(const int data[16], int n)
{
#pragma HLS INTERFACE mode = ap_memory port = data
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += data[i];
    return sum;
}
