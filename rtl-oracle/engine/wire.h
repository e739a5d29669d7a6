/* The protocol between lgfuzz (rtl-oracle/oracle.c) and the harness engine
 * (main.cpp). Plain C, included by both sides, so the layout is written
 * once.
 *
 * Inputs and results travel through a shared region (descriptor
 * ORW_SHM_FD in the harness) in fixed-size slots; the socket (ORW_FD)
 * only starts a batch and reports its end, so a batch of any size costs
 * one round trip. Every field is a native-endian uint64 word unless said
 * otherwise.
 *
 * Region: ORW_SHM_HEADER words (ORW_SHM_*, written by lgfuzz when it
 * creates the region, except progress), then cap request slots of
 * req_words words, then cap response slots of resp_words words. Both
 * sizes follow from the params (orw_req_words, orw_resp_words); the
 * harness checks that the region's agree with its own table.
 *
 * Request slot, for each param in spec order, by its kind:
 *   ORW_SCALAR_IN, ORW_SCALAR_INOUT   the (input) port value (its limbs: orw_req_words)
 *   ORW_MEM         a count n <= depth (the elements the C side was given:
 *                   an m_axi buffer may end there), then depth words: the
 *                   RAM's initial contents
 *   ORW_FIFO_IN, ORW_AXIS_IN   a count n <= depth, then depth words (n used)
 *   others          nothing
 *
 * Response slot: ORW_RESP_HEADER words (ORW_RESP_*), then for each param
 * in spec order:
 *   ORW_SCALAR_VLD, ORW_SCALAR_INOUT   valid (0/1), value (its limbs)
 *   ORW_FIFO_OUT, ORW_AXIS_OUT, ORW_MEM out  a count n <= depth, then depth words (n used)
 *   others                     nothing
 * then ORW_DETAIL_WORDS words holding the detail text (detail_len bytes:
 * why a call hung, went out of range or asserted).
 *
 * Batch message (lgfuzz -> harness, on the socket): ORW_REQ_HEADER words
 * (ORW_REQ_*), then the VCD path (vcd_len bytes, no terminator). With a
 * path, count is 1 and that call is traced on a model of its own; so it
 * is with an initial state other than ORW_XSTATE_ZERO (below). The
 * harness runs slots 0 .. count-1 in order, storing progress (the number
 * of complete response slots, with release semantics) after each, so
 * lgfuzz knows which input a crash or a hang belongs to.
 *
 * Answer (harness -> lgfuzz): ORW_ACK_HEADER words (ORW_ACK_*), then the
 * waveform error (wave_error_len bytes; none when the VCD was written or
 * none was asked for).
 *
 * Values are port values: truncated to the port width, not sign-extended. */
#ifndef LG_ORACLE_WIRE_H
#define LG_ORACLE_WIRE_H

#include <stdint.h>

/* The harness's end of the socket, and its shared region. */
#define ORW_FD 3
#define ORW_SHM_FD 4

#define ORW_SHM_MAGIC UINT64_C(0x4c47524d32) /* "2MRGL" */
#define ORW_REQ_MAGIC UINT64_C(0x4c47525133) /* "3QRGL" */
#define ORW_ACK_MAGIC UINT64_C(0x4c47524132) /* "2ARGL" */

/* Word positions in the region's header. */
enum orw_shm_word {
    ORW_SHM_MAGIC_AT,
    ORW_SHM_CAP,        /* slots of each kind */
    ORW_SHM_REQ_WORDS,  /* words of a request slot */
    ORW_SHM_RESP_WORDS, /* words of a response slot */
    ORW_SHM_PROGRESS,   /* response slots of the current batch complete */
    ORW_SHM_SEED,       /* the run's seed: with each input's words, it seeds the bus models' randomness */
    ORW_SHM_HEADER
};

/* Word positions in the batch message. */
enum orw_req_word { ORW_REQ_MAGIC_AT, ORW_REQ_FLAGS, ORW_REQ_COUNT, ORW_REQ_VCD_LEN, ORW_REQ_XSTATE, ORW_REQ_HEADER };

/* The initial state of a batch's model (ORW_REQ_XSTATE). The model is
 * built with --x-assign unique (and Verilator's default --x-initial
 * unique), so every register and memory without an initial value and
 * every X the RTL assigns takes its value from Verilator's random reset
 * when the model is constructed: ORW_XSTATE_ZERO is the usual model, all
 * of them 0; ORW_XSTATE_ONES all of them all ones; any larger value the
 * seed of random values. A batch with another state than zero has count
 * 1 and runs on a model of its own, constructed for it. */
#define ORW_XSTATE_ZERO UINT64_C(0)
#define ORW_XSTATE_ONES UINT64_C(1)

/* Flags of a batch. ORW_FLAG_TIME: after answering the slots, run the
 * batch again from its request slots with nothing else in the loop and
 * report the nanoseconds it took (the model's own speed, for benchmarks). */
#define ORW_FLAG_TIME UINT64_C(1)

/* Word positions in the answer. */
enum orw_ack_word { ORW_ACK_MAGIC_AT, ORW_ACK_DONE, ORW_ACK_TIME_NS, ORW_ACK_WAVE_ERROR_LEN, ORW_ACK_HEADER };

/* Word positions in a response slot. oob_param and oob_addr are set with
 * ORW_OOB only (an out-of-range write); ret is ap_return as sampled in the
 * ap_done cycle; log_end is the harness log's length after an ORW_ASSERT
 * call (where its %Error line ends), 0 after other calls.
 *
 * An out-of-range read is no status: it returns ORW_POISON and is counted
 * (reads), the first one named (read_param, read_addr, read_cycle;
 * read_param ORW_NO_PARAM when there was none). A call with such reads
 * runs a second time with ORW_POISON_ALT; read_reaches is 1 when that
 * changed its status, ap_return or any output, i.e. when the value read
 * reached what the call produced.
 *
 * A call from another initial state than zero (ORW_REQ_XSTATE) also names
 * the first access of a RAM port (param, port 0 or 1, cycle, read or
 * write, address) that the same call from the zero state does not make
 * at the same cycle (another address, or no such access), with the zero
 * state's address there (ORW_XACCESS_NONE when it made none): where
 * undefined state first reaches a memory the harness models. Param
 * ORW_NO_PARAM when every access was the same. */
enum orw_resp_word {
    ORW_RESP_STATUS,
    ORW_RESP_CYCLES,
    ORW_RESP_OOB_PARAM,
    ORW_RESP_OOB_ADDR,
    ORW_RESP_RET,
    ORW_RESP_LOG_END,
    ORW_RESP_DETAIL_LEN,
    ORW_RESP_OOB_READS,
    ORW_RESP_OOB_READ_PARAM,
    ORW_RESP_OOB_READ_ADDR,
    ORW_RESP_OOB_READ_CYCLE,
    ORW_RESP_OOB_READ_REACHES,
    ORW_RESP_XACCESS_PARAM,
    ORW_RESP_XACCESS_PORT,
    ORW_RESP_XACCESS_CYCLE,
    ORW_RESP_XACCESS_WRITE,
    ORW_RESP_XACCESS_ADDR,
    ORW_RESP_XACCESS_ADDR_ZERO,
    ORW_RESP_HEADER
};

/* What a RAM read at or beyond its depth returns, truncated to the q
 * port's width: the byte 0xA5 repeated, lgfuzz's POISON (the fill of array
 * slots past an input's length), and its complement for the second run,
 * so every bit the RTL could pass on differs between the two runs. */
#define ORW_POISON UINT64_C(0xA5A5A5A5A5A5A5A5)
/* ORW_RESP_XACCESS_ADDR_ZERO when the zero state made no such access. */
#define ORW_XACCESS_NONE UINT64_MAX
#define ORW_POISON_ALT UINT64_C(0x5A5A5A5A5A5A5A5A)

/* Room for the detail text: 255 bytes. */
#define ORW_DETAIL_WORDS 32

/* oob_param (read_param) when no address went out of range. */
#define ORW_NO_PARAM UINT64_MAX

/* Call status; the values equal spec/result.h's run_status_t. */
enum orw_status { ORW_OK = 0, ORW_HANG = 2, ORW_OOB = 3, ORW_ASSERT = 4, ORW_PROTOCOL = 6, ORW_UNDECIDED = 7 };

/* How a call is started and ended (the block protocol). */
enum orw_proto {
    ORW_PROTO_HS,     /* ap_start until ap_ready, ap_done ends it */
    ORW_PROTO_CHAIN,  /* ap_ctrl_hs, and ap_done held until ap_continue */
    ORW_PROTO_NONE,   /* clocked, no handshake: runs until the ports are quiet */
    ORW_PROTO_COMB,   /* no clock: one evaluation */
    ORW_PROTO_AXILITE /* ap_ctrl_hs inside the AXI4-Lite control registers */
};

/* How the harness drives one param, which decides its fields above. */
enum orw_kind {
    ORW_SCALAR_IN,    /* ap_none input */
    ORW_SCALAR_VLD,   /* ap_vld output */
    ORW_MEM,          /* ap_memory RAM or m_axi buffer; its contents come back when it is out/inout */
    ORW_FIFO_IN,      /* ap_fifo read by the kernel */
    ORW_FIFO_OUT,     /* ap_fifo written by the kernel */
    ORW_SCALAR_INOUT, /* ap_ovld inout: input port _i, output _o with _o_ap_vld */
    ORW_AXIS_IN,      /* AXI4-Stream read by the kernel */
    ORW_AXIS_OUT      /* AXI4-Stream written by the kernel */
};

/* The signals of an AXI4 bundle (m_axi_<bundle>_<SIGNAL>) and of the
 * AXI4-Lite control bundle (s_axi_<bundle>_<SIGNAL>, which has no LEN,
 * SIZE, BURST or LAST), in the order the generated table binds them. */
enum orw_axi_sig {
    ORW_AXI_AWVALID,
    ORW_AXI_AWREADY,
    ORW_AXI_AWADDR,
    ORW_AXI_AWLEN,
    ORW_AXI_AWSIZE,
    ORW_AXI_AWBURST,
    ORW_AXI_WVALID,
    ORW_AXI_WREADY,
    ORW_AXI_WDATA,
    ORW_AXI_WSTRB,
    ORW_AXI_WLAST,
    ORW_AXI_BVALID,
    ORW_AXI_BREADY,
    ORW_AXI_BRESP,
    ORW_AXI_ARVALID,
    ORW_AXI_ARREADY,
    ORW_AXI_ARADDR,
    ORW_AXI_ARLEN,
    ORW_AXI_ARSIZE,
    ORW_AXI_ARBURST,
    ORW_AXI_RVALID,
    ORW_AXI_RREADY,
    ORW_AXI_RDATA,
    ORW_AXI_RLAST,
    ORW_AXI_RRESP,
    ORW_AXI_COUNT
};

/* oob_param of an ORW_PROTOCOL call whose fault is on the AXI4-Lite
 * control bundle (ORW_NO_PARAM: on the block protocol; else the m_axi
 * param whose bundle broke a rule). */
#define ORW_CONTROL_PARAM (UINT64_MAX - 1)

/* Words a param of this kind and depth takes in a request slot. limbs
 * is the words of one value: 1, or for an integer wider than 64 bits its
 * 64-bit limbs, least significant first (a scalar's value is then that
 * many words; a stream's depth counts words, limbs of them a beat). */
static inline uint64_t orw_req_words(int kind, uint64_t depth, uint64_t limbs)
{
    if (kind == ORW_SCALAR_IN || kind == ORW_SCALAR_INOUT)
        return limbs;
    return kind == ORW_MEM || kind == ORW_FIFO_IN || kind == ORW_AXIS_IN ? 1 + depth : 0;
}

/* Words it takes in a response slot (is_out: an out/inout memory). */
static inline uint64_t orw_resp_words(int kind, uint64_t depth, int is_out, uint64_t limbs)
{
    if (kind == ORW_SCALAR_VLD || kind == ORW_SCALAR_INOUT)
        return 1 + limbs;
    return kind == ORW_FIFO_OUT || kind == ORW_AXIS_OUT || (kind == ORW_MEM && is_out) ? 1 + depth : 0;
}

#endif
