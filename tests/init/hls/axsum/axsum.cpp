// axsum: running sums over an AXI4-Stream of ap_axiu<32,1,1,1> packets, in
// the shape of Vivado HLS's DMA examples: each output packet carries the
// sum so far and the input packet's side channels.
#include "ap_axi_sdata.h"
#include "hls_stream.h"

typedef ap_axiu<32, 1, 1, 1> pkt_t;

void axsum(hls::stream<pkt_t> &in, hls::stream<pkt_t> &out, int n)
{
#pragma HLS INTERFACE axis port = in
#pragma HLS INTERFACE axis port = out
    ap_uint<32> acc = 0;
    for (int i = 0; i < n; i++) {
        pkt_t p = in.read();
        acc += p.data;
        pkt_t q;
        q.data = acc;
        q.keep = p.keep;
        q.strb = p.strb;
        q.user = p.user;
        q.last = p.last;
        q.id = p.id;
        q.dest = p.dest;
        out.write(q);
    }
}
