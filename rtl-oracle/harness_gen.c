/* Generates the C++ harness around a Verilated model: a fixed engine (the
 * ap_ctrl_hs handshake, RAMs with one-cycle read latency, FIFOs, cycle limit,
 * VCD tracing) plus a generated table binding the spec's params to the
 * model's ports. This generated file is the only C++ in lgfuzz. The
 * request/response layout here must match oracle.c. */
#include "oracle_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common/alloc.h"

typedef struct sbuf {
    char *s;
    size_t n, cap;
} sbuf_t;

static void sb_printf(sbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    lg_grow((void **)&b->s, &b->cap, b->n + (size_t)need + 1, 1);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)need + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)need;
}

/* The engine, before the generated table. Timing follows design.md
 * ("Harness timing facts"): eval after every input change, RAM reads land
 * in q one cycle after address/ce, both RAM ports act at the same edge
 * (reads see the old contents), and the edge of the ap_done cycle is
 * clocked so its writes count. */
static const char engine_head[] =
    "#include \"verilated.h\"\n"
    "#include \"verilated_vcd_c.h\"\n"
    "#include <cerrno>\n"
    "#include <cstdint>\n"
    "#include <cstdio>\n"
    "#include <cstring>\n"
    "#include <memory>\n"
    "#include <string>\n"
    "#include <vector>\n"
    "#include <fcntl.h>\n"
    "#include <unistd.h>\n"
    "\n"
    "namespace {\n"
    "\n"
    "const int kFd = 3;  // socket to lgfuzz: requests in, responses out\n"
    "const uint64_t kReqMagic = 0x4c47525131ULL, kRespMagic = 0x4c47525331ULL;\n"
    "enum Status { ST_OK = 0, ST_HANG = 2, ST_OOB = 3, ST_ASSERT = 4 };\n"
    "enum Kind { K_SCALAR_IN, K_SCALAR_VLD, K_MEM, K_FIFO_IN, K_FIFO_OUT };\n"
    "\n"
    "struct Port {\n"
    "    void *p = nullptr;\n"
    "    int bits = 0;\n"
    "};\n"
    "\n"
    "uint64_t width_mask(int bits) { return bits >= 64 ? ~0ULL : ((1ULL << bits) - 1); }\n"
    "\n"
    "uint64_t get(const Port &q) {\n"
    "    if (!q.p) return 0;\n"
    "    if (q.bits <= 8) return *static_cast<CData *>(q.p);\n"
    "    if (q.bits <= 16) return *static_cast<SData *>(q.p);\n"
    "    if (q.bits <= 32) return *static_cast<IData *>(q.p);\n"
    "    return *static_cast<QData *>(q.p);\n"
    "}\n"
    "\n"
    "void set(const Port &q, uint64_t v) {\n"
    "    if (!q.p) return;\n"
    "    v &= width_mask(q.bits);\n"
    "    if (q.bits <= 8) *static_cast<CData *>(q.p) = static_cast<CData>(v);\n"
    "    else if (q.bits <= 16) *static_cast<SData *>(q.p) = static_cast<SData>(v);\n"
    "    else if (q.bits <= 32) *static_cast<IData *>(q.p) = static_cast<IData>(v);\n"
    "    else *static_cast<QData *>(q.p) = v;\n"
    "}\n"
    "\n"
    "struct Param {\n"
    "    Kind kind = K_SCALAR_IN;\n"
    "    bool is_out = false;\n"
    "    uint64_t depth = 0;\n"
    "    Port addr[2], ce[2], q[2], we[2], d[2];\n"
    "    Port data, vld, flag, strobe;\n"
    "    std::vector<uint64_t> mem;     // RAM contents, FIFO data\n"
    "    uint64_t value = 0, valid = 0; // scalars\n"
    "    size_t pos = 0;                // input FIFO read position\n"
    "};\n"
    "\n"
    "struct Ctl {\n"
    "    Port clk, rst, start, done, idle, ready, ret;\n"
    "    bool rst_low = false;\n"
    "};\n"
    "\n"
    "bool read_all(void *buf, size_t n) {\n"
    "    char *p = static_cast<char *>(buf);\n"
    "    while (n) {\n"
    "        ssize_t r = read(kFd, p, n);\n"
    "        if (r <= 0) return false;\n"
    "        p += r;\n"
    "        n -= static_cast<size_t>(r);\n"
    "    }\n"
    "    return true;\n"
    "}\n"
    "\n"
    "bool read_u64(uint64_t *v) { return read_all(v, sizeof *v); }\n"
    "\n"
    "void put(std::vector<uint64_t> *out, uint64_t v) { out->push_back(v); }\n"
    "\n";

/* The engine after the generated table: one run per request. */
static const char engine_tail[] =
    "\n"
    "struct Outcome {\n"
    "    uint64_t status = ST_OK, cycles = 0, oob_param = ~0ULL, oob_addr = 0, ret = 0;\n"
    "    std::string detail;\n"
    "    std::string wave_error;  // why the waveform could not be written\n"
    "};\n"
    "\n"
    "// The waveform file. Verilator's own stops the process on a failed write\n"
    "// (a full disk), and can deadlock doing so; this one keeps the first error\n"
    "// and drops the rest, so a full disk costs the waveform, not the harness.\n"
    "class WaveFile : public VerilatedVcdFile {\n"
    "  public:\n"
    "    bool open(const std::string &name) override {\n"
    "        fd_ = ::open(name.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);\n"
    "        if (fd_ < 0) fail(\"cannot create\");\n"
    "        return true;\n"
    "    }\n"
    "    void close() override {\n"
    "        if (fd_ >= 0 && ::close(fd_) != 0) fail(\"cannot write\");\n"
    "        fd_ = -1;\n"
    "    }\n"
    "    ssize_t write(const char *b, ssize_t len) override {\n"
    "        for (ssize_t left = len; fd_ >= 0 && error_.empty() && left > 0;) {\n"
    "            ssize_t w = ::write(fd_, b, static_cast<size_t>(left));\n"
    "            if (w < 0 && errno == EINTR) continue;\n"
    "            if (w <= 0) {\n"
    "                fail(\"cannot write\");\n"
    "                break;\n"
    "            }\n"
    "            b += w;\n"
    "            left -= w;\n"
    "        }\n"
    "        return len;\n"
    "    }\n"
    "    const std::string &error() const { return error_; }\n"
    "\n"
    "  private:\n"
    "    void fail(const char *what) {\n"
    "        if (error_.empty()) error_ = std::string(what) + \": \" + std::strerror(errno);\n"
    "    }\n"
    "    int fd_ = -1;\n"
    "    std::string error_;\n"
    "};\n"
    "\n"
    "class Sim {\n"
    "  public:\n"
    "    Sim(Param *ps, const std::string &vcd) : ps_(ps) {\n"
    "        ctx_.reset(new VerilatedContext);\n"
    "        ctx_->fatalOnError(false);  // $stop/$fatal set gotError instead of aborting\n"
    "        ctx_->randReset(0);\n"
    "        if (!vcd.empty()) ctx_->traceEverOn(true);\n"
    "        m_.reset(new Vtop{ctx_.get(), \"TOP\"});\n"
    "        bind_ports(m_.get(), &c_, ps_);\n"
    "        if (!vcd.empty()) {\n"
    "            tfp_.reset(new VerilatedVcdC(&wave_));\n"
    "            m_->trace(tfp_.get(), 99);\n"
    "            tfp_->open(vcd.c_str());\n"
    "        }\n"
    "    }\n"
    "    ~Sim() {\n"
    "        m_->final();\n"
    "        if (tfp_) tfp_->close();\n"
    "    }\n"
    "    void run(Outcome *o);\n"
    "    // Closes the waveform; a failed write of it goes into o.\n"
    "    void close_wave(Outcome *o) {\n"
    "        if (!tfp_) return;\n"
    "        tfp_->close();\n"
    "        o->wave_error = wave_.error();\n"
    "    }\n"
    "\n"
    "  private:\n"
    "    void eval() {\n"
    "        m_->eval();\n"
    "        if (tfp_) tfp_->dump(ctx_->time());\n"
    "        ctx_->timeInc(5);\n"
    "    }\n"
    "    void edge() {\n"
    "        set(c_.clk, 1);\n"
    "        eval();\n"
    "        set(c_.clk, 0);\n"
    "    }\n"
    "    void drive_streams();\n"
    "    bool sample(Outcome *o, std::vector<uint64_t> *ops);\n"
    "    void commit(const std::vector<uint64_t> &ops);\n"
    "\n"
    "    Param *ps_;\n"
    "    Ctl c_;\n"
    "    std::unique_ptr<VerilatedContext> ctx_;\n"
    "    std::unique_ptr<Vtop> m_;\n"
    "    WaveFile wave_;  // before tfp_, which writes to it until destroyed\n"
    "    std::unique_ptr<VerilatedVcdC> tfp_;\n"
    "};\n"
    "\n"
    "// Stream handshakes seen by the model during the coming cycle.\n"
    "void Sim::drive_streams() {\n"
    "    for (int i = 0; i < kParams; i++) {\n"
    "        Param &p = ps_[i];\n"
    "        if (p.kind == K_FIFO_IN) {\n"
    "            bool avail = p.pos < p.mem.size();\n"
    "            set(p.flag, avail);\n"
    "            set(p.data, avail ? p.mem[p.pos] : 0);\n"
    "        } else if (p.kind == K_FIFO_OUT) {\n"
    "            set(p.flag, p.mem.size() < p.depth);\n"
    "        }\n"
    "    }\n"
    "}\n"
    "\n"
    "// Samples the outputs of the settled cycle; RAM operations go to ops as\n"
    "// (param, port, address, is_write, data). False on an out-of-range address.\n"
    "bool Sim::sample(Outcome *o, std::vector<uint64_t> *ops) {\n"
    "    for (int i = 0; i < kParams; i++) {\n"
    "        Param &p = ps_[i];\n"
    "        if (p.kind == K_MEM) {\n"
    "            for (int k = 0; k < 2; k++) {\n"
    "                if (!p.ce[k].p || !get(p.ce[k])) continue;\n"
    "                uint64_t a = get(p.addr[k]);\n"
    "                if (a >= p.depth) {\n"
    "                    o->status = ST_OOB;\n"
    "                    o->oob_param = static_cast<uint64_t>(i);\n"
    "                    o->oob_addr = a;\n"
    "                    o->detail = \"port \" + std::to_string(k) + \" address \" + std::to_string(a) +\n"
    "                                \" >= depth \" + std::to_string(p.depth) + \" at cycle \" +\n"
    "                                std::to_string(o->cycles);\n"
    "                    return false;\n"
    "                }\n"
    "                bool w = p.we[k].p && get(p.we[k]);\n"
    "                ops->insert(ops->end(), {static_cast<uint64_t>(i), static_cast<uint64_t>(k), a,\n"
    "                                         w, w ? get(p.d[k]) : 0});\n"
    "            }\n"
    "        } else if (p.kind == K_FIFO_IN) {\n"
    "            if (get(p.strobe) && p.pos < p.mem.size()) p.pos++;\n"
    "        } else if (p.kind == K_FIFO_OUT) {\n"
    "            if (get(p.strobe) && p.mem.size() < p.depth) p.mem.push_back(get(p.data));\n"
    "        } else if (p.kind == K_SCALAR_VLD) {\n"
    "            if (get(p.vld)) {\n"
    "                p.value = get(p.data);\n"
    "                p.valid = 1;\n"
    "            }\n"
    "        }\n"
    "    }\n"
    "    return true;\n"
    "}\n"
    "\n"
    "// The RAM side of a clock edge: every read of the cycle sees the contents\n"
    "// before any write of the same edge (so a swap through both ports works).\n"
    "void Sim::commit(const std::vector<uint64_t> &ops) {\n"
    "    for (size_t j = 0; j < ops.size(); j += 5) {\n"
    "        Param &p = ps_[ops[j]];\n"
    "        if (!ops[j + 3]) set(p.q[ops[j + 1]], p.mem[ops[j + 2]]);\n"
    "    }\n"
    "    for (size_t j = 0; j < ops.size(); j += 5) {\n"
    "        Param &p = ps_[ops[j]];\n"
    "        if (ops[j + 3]) p.mem[ops[j + 2]] = ops[j + 4] & width_mask(p.d[ops[j + 1]].bits);\n"
    "    }\n"
    "}\n"
    "\n"
    "void Sim::run(Outcome *o) {\n"
    "    for (int i = 0; i < kParams; i++)\n"
    "        if (ps_[i].kind == K_SCALAR_IN) set(ps_[i].data, ps_[i].value);\n"
    "    set(c_.start, 0);\n"
    "    set(c_.rst, c_.rst_low ? 0 : 1);\n"
    "    for (int k = 0; k < 3; k++) {\n"
    "        eval();\n"
    "        edge();\n"
    "    }\n"
    "    set(c_.rst, c_.rst_low ? 1 : 0);\n"
    "    set(c_.start, 1);\n"
    "    std::vector<uint64_t> ops;\n"
    "    for (;;) {\n"
    "        drive_streams();\n"
    "        eval();\n"
    "        if (ctx_->gotError()) break;\n"
    "        bool done = get(c_.done) != 0;\n"
    "        if (done) o->ret = get(c_.ret);\n"
    "        bool ready = get(c_.ready) != 0 || done;\n"
    "        ops.clear();\n"
    "        if (!sample(o, &ops)) return;\n"
    "        edge();\n"
    "        commit(ops);\n"
    "        if (ready) set(c_.start, 0);\n"
    "        o->cycles++;\n"
    "        if (ctx_->gotError() || done) break;\n"
    "        if (o->cycles >= kMaxCycles) {\n"
    "            o->status = ST_HANG;\n"
    "            o->detail = \"no ap_done within max_cycles \" + std::to_string(kMaxCycles);\n"
    "            return;\n"
    "        }\n"
    "    }\n"
    "    if (ctx_->gotError()) {\n"
    "        o->status = ST_ASSERT;\n"
    "        o->detail = \"$stop/$fatal at cycle \" + std::to_string(o->cycles);\n"
    "    }\n"
    "}\n"
    "\n"
    "bool read_request(Param *ps, std::string *vcd) {\n"
    "    uint64_t magic, flags, len;\n"
    "    if (!read_u64(&magic) || magic != kReqMagic || !read_u64(&flags) || !read_u64(&len))\n"
    "        return false;\n"
    "    vcd->assign(len, '\\0');\n"
    "    if (len && !read_all(&(*vcd)[0], len)) return false;\n"
    "    for (int i = 0; i < kParams; i++) {\n"
    "        Param &p = ps[i];\n"
    "        p.pos = 0;\n"
    "        p.valid = 0;\n"
    "        p.value = 0;\n"
    "        p.mem.clear();\n"
    "        uint64_t n = 0;\n"
    "        if (p.kind == K_SCALAR_IN) {\n"
    "            if (!read_u64(&p.value)) return false;\n"
    "            continue;\n"
    "        }\n"
    "        if (p.kind == K_MEM) n = p.depth;\n"
    "        else if (p.kind == K_FIFO_IN && !read_u64(&n)) return false;\n"
    "        if (n > p.depth) return false;\n"
    "        p.mem.resize(n);\n"
    "        if (n && !read_all(p.mem.data(), n * sizeof(uint64_t))) return false;\n"
    "    }\n"
    "    return true;\n"
    "}\n"
    "\n"
    "bool write_response(const Param *ps, const Outcome &o) {\n"
    "    std::vector<uint64_t> w;\n"
    "    put(&w, kRespMagic);\n"
    "    put(&w, o.status);\n"
    "    put(&w, o.cycles);\n"
    "    put(&w, o.oob_param);\n"
    "    put(&w, o.oob_addr);\n"
    "    put(&w, o.ret);\n"
    "    for (int i = 0; i < kParams; i++) {\n"
    "        const Param &p = ps[i];\n"
    "        if (p.kind == K_SCALAR_VLD) {\n"
    "            put(&w, p.valid);\n"
    "            put(&w, p.value);\n"
    "        } else if (p.kind == K_FIFO_OUT || (p.kind == K_MEM && p.is_out)) {\n"
    "            put(&w, p.mem.size());\n"
    "            w.insert(w.end(), p.mem.begin(), p.mem.end());\n"
    "        }\n"
    "    }\n"
    "    put(&w, o.detail.size());\n"
    "    std::string bytes(reinterpret_cast<const char *>(w.data()), w.size() * sizeof(uint64_t));\n"
    "    bytes += o.detail;\n"
    "    uint64_t wlen = o.wave_error.size();\n"
    "    bytes.append(reinterpret_cast<const char *>(&wlen), sizeof wlen);\n"
    "    bytes += o.wave_error;\n"
    "    const char *b = bytes.data();\n"
    "    size_t n = bytes.size();\n"
    "    while (n) {\n"
    "        ssize_t r = write(kFd, b, n);\n"
    "        if (r <= 0) return false;\n"
    "        b += r;\n"
    "        n -= static_cast<size_t>(r);\n"
    "    }\n"
    "    return true;\n"
    "}\n"
    "\n"
    "}  // namespace\n"
    "\n"
    "int main() {\n"
    "    Param ps[kParams + 1];\n"
    "    describe(ps);\n"
    "    std::string vcd;\n"
    "    while (read_request(ps, &vcd)) {\n"
    "        Outcome o;\n"
    "        {\n"
    "            Sim sim(ps, vcd);\n"
    "            sim.run(&o);\n"
    "            sim.close_wave(&o);\n"
    "        }\n"
    "        std::fflush(stdout);\n"
    "        if (!write_response(ps, o)) return 1;\n"
    "    }\n"
    "    return 0;\n"
    "}\n";

static const char *const kind_name[] = {"K_SCALAR_IN", "K_SCALAR_VLD", "K_MEM", "K_FIFO_IN",
                                        "K_FIFO_OUT"};

/* C++ member of Param for each role (see engine_head). */
static const char *const role_member[ROLE_COUNT] = {
    "addr[0]", "ce[0]", "q[0]", "we[0]", "d[0]", "addr[1]", "ce[1]", "q[1]", "we[1]", "d[1]",
    "data", "vld", "flag", "strobe"};

static const char *const ctl_member[CTL_COUNT] = {"clk", "rst", "start", "done",
                                                  "idle", "ready", "ret"};

static void gen_table(sbuf_t *b, const spec_t *spec, const omodel_t *m)
{
    sb_printf(b, "using Vtop = V%s;\n", spec->rtl_top);
    sb_printf(b, "const uint64_t kMaxCycles = %lluULL;\n", (unsigned long long)spec->max_cycles);
    sb_printf(b, "const int kParams = %zu;\n\n", m->n);
    sb_printf(b, "// Static shape of each spec param, in spec order.\n"
                 "void describe(Param *ps) {\n");
    for (size_t i = 0; i < m->n; i++) {
        const obind_t *bd = &m->binds[i];
        sb_printf(b, "    ps[%zu].kind = %s;  // %s\n", i, kind_name[bd->kind],
                  spec->params[i].name);
        sb_printf(b, "    ps[%zu].is_out = %s;\n", i, bd->is_out ? "true" : "false");
        sb_printf(b, "    ps[%zu].depth = %lluULL;\n", i, (unsigned long long)bd->depth);
    }
    sb_printf(b, "}\n\n"
                 "// Where each port lives in the model (widths from V%s.h).\n"
                 "void bind_ports(Vtop *m, Ctl *c, Param *ps) {\n",
              spec->rtl_top);
    for (int k = 0; k < CTL_COUNT; k++)
        if (m->ctl[k])
            sb_printf(b, "    c->%s = Port{&m->%s, %d};\n", ctl_member[k], m->ctl[k],
                      m->ctl_bits[k]);
    sb_printf(b, "    c->rst_low = %s;\n", m->rst_active_low ? "true" : "false");
    for (size_t i = 0; i < m->n; i++)
        for (int r = 0; r < ROLE_COUNT; r++)
            if (m->binds[i].port[r])
                sb_printf(b, "    ps[%zu].%s = Port{&m->%s, %d};\n", i, role_member[r],
                          m->binds[i].port[r], m->binds[i].bits[r]);
    sb_printf(b, "    (void)ps;\n}\n");
}

char *orh_generate(const spec_t *spec, const omodel_t *m)
{
    sbuf_t b = {0};
    sb_printf(&b,
              "// Harness for RTL top %s (kernel %s), generated by lgfuzz's rtl-oracle\n"
              "// (harness version %d): runs one input per request from lgfuzz on fd 3\n"
              "// and answers on the same socket. Do not edit; it is regenerated.\n",
              spec->rtl_top, spec->kernel, ORACLE_HARNESS_VERSION);
    sb_printf(&b, "#include \"V%s.h\"\n", spec->rtl_top);
    sb_printf(&b, "%s", engine_head);
    gen_table(&b, spec, m);
    sb_printf(&b, "%s", engine_tail);
    return b.s;
}
