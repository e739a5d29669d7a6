/* lgfuzz's stand-in for the ap_axi_sdata.h of a Vitis/Vivado HLS install,
 * for C++ kernels compiled without one (the install's header, through
 * c.include_dirs or $XILINX_HLS, is found first). Written for lgfuzz; no
 * vendor code. The AXI4-Stream elements with side channels, as plain
 * structs of their fields: ap_axis<D, U, TI, TD> (signed data),
 * ap_axiu<D, U, TI, TD> (unsigned data) and hls::axis<T, U, TI, TD> (data
 * of type T), each with data, keep and strb (a bit per data byte), user
 * (U bits), last (1 bit), id (TI bits) and dest (TD bits). A side channel
 * of width 0 is a 1-bit field that nothing sets. A kernel may include the
 * header and use these types inside; as the top function's arguments
 * lgfuzz does not take them (lgfuzz init names such an argument). */
#ifndef LGFUZZ_STANDIN_AP_AXI_SDATA_H
#define LGFUZZ_STANDIN_AP_AXI_SDATA_H

#include "ap_int.h"

namespace ap_standin
{
/* A side channel of W bits; one bit when W is 0. */
template <int W> struct side {
    typedef ap_uint<W> type;
};
template <> struct side<0> {
    typedef ap_uint<1> type;
};

/* The fields every element has beside its data: K bits of keep and strb. */
template <int K, int U, int TI, int TD> struct axi_side {
    typename side<K>::type keep, strb;
    typename side<U>::type user;
    ap_uint<1> last;
    typename side<TI>::type id;
    typename side<TD>::type dest;
};
} // namespace ap_standin

template <int D, int U = 0, int TI = 0, int TD = 0> struct ap_axis : ap_standin::axi_side<(D + 7) / 8, U, TI, TD> {
    ap_int<D> data;
};

template <int D, int U = 0, int TI = 0, int TD = 0> struct ap_axiu : ap_standin::axi_side<(D + 7) / 8, U, TI, TD> {
    ap_uint<D> data;
};

namespace hls
{
template <class T, int U = 0, int TI = 0, int TD = 0> struct axis : ap_standin::axi_side<(int)sizeof(T), U, TI, TD> {
    T data;
};
} // namespace hls

#endif
