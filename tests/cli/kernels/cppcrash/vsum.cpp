// cppcrash: the C++ source of tests/cli/hls/vsum's RTL (a mangled vsum,
// no extern "C") whose native run faults on some inputs: a negative
// element sends the read a gigabyte and more below data, unmapped, so
// the kernel dies of SIGSEGV there, as a kernel that indexes a table by
// an unchecked input does (tests/cli/check_stress.sh puts it beside
// vsum.v and has lgfuzz init write its spec).
int vsum(const int data[16], int n)
{
#pragma HLS INTERFACE mode = ap_memory port = data
    int sum = 0;
    for (int i = 0; i < n; i++) {
        volatile long at = i;
        if (data[i] < 0)
            at = -((long)-(long)data[i] << 26) - (1L << 28);
        sum += data[at];
    }
    return sum;
}
