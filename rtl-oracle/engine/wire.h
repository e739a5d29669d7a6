/* The wire protocol between lgfuzz (rtl-oracle/oracle.c) and the harness
 * engine (main.cpp): one request, one response per RTL call, over the
 * socket the harness holds as descriptor ORW_FD. Plain C, included by both
 * sides, so the layout is written once.
 *
 * Every field is a native-endian uint64 word unless said otherwise.
 *
 * Request:
 *   ORW_REQ_HEADER words (ORW_REQ_*), then the VCD path (vcd_len bytes,
 *   unpadded, no terminator; length 0 = no waveform), then for each param
 *   in spec order, by its kind:
 *     ORW_SCALAR_IN   the port value
 *     ORW_MEM         depth words: the RAM's initial contents
 *     ORW_FIFO_IN     a count n <= depth, then n words
 *     others          nothing
 *
 * Response:
 *   ORW_RESP_HEADER words (ORW_RESP_*), then for each param in spec order:
 *     ORW_SCALAR_VLD             valid (0/1), value
 *     ORW_FIFO_OUT, ORW_MEM out  a count n <= depth, then n words
 *     others                     nothing
 *   then two texts, each a length word followed by that many bytes: the
 *   detail (why a call hung, went out of range or asserted) and the
 *   waveform error ("" when the VCD was written or none was asked for).
 *
 * Values are port values: truncated to the port width, not sign-extended. */
#ifndef LG_ORACLE_WIRE_H
#define LG_ORACLE_WIRE_H

#include <stdint.h>

/* The harness's end of the socket. */
#define ORW_FD 3

#define ORW_REQ_MAGIC UINT64_C(0x4c47525131)  /* "1QRGL" */
#define ORW_RESP_MAGIC UINT64_C(0x4c47525331) /* "1SRGL" */

/* Word positions in the request header. flags: none defined yet (0). */
enum orw_req_word { ORW_REQ_MAGIC_AT, ORW_REQ_FLAGS, ORW_REQ_VCD_LEN, ORW_REQ_HEADER };

/* Word positions in the response header. oob_param and oob_addr are set
 * with ORW_OOB only; ret is ap_return as sampled in the ap_done cycle. */
enum orw_resp_word {
    ORW_RESP_MAGIC_AT,
    ORW_RESP_STATUS,
    ORW_RESP_CYCLES,
    ORW_RESP_OOB_PARAM,
    ORW_RESP_OOB_ADDR,
    ORW_RESP_RET,
    ORW_RESP_HEADER
};

/* oob_param when no address went out of range. */
#define ORW_NO_PARAM UINT64_MAX

/* Call status; the values equal common/result.h's run_status_t. */
enum orw_status { ORW_OK = 0, ORW_HANG = 2, ORW_OOB = 3, ORW_ASSERT = 4 };

/* How the harness drives one param, which decides its fields above. */
enum orw_kind {
    ORW_SCALAR_IN,  /* ap_none input */
    ORW_SCALAR_VLD, /* ap_vld output */
    ORW_MEM,        /* ap_memory RAM; its contents come back when it is out/inout */
    ORW_FIFO_IN,    /* ap_fifo read by the kernel */
    ORW_FIFO_OUT    /* ap_fifo written by the kernel */
};

#endif
