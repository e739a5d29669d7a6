// The register map of vadd.v built with SIZE_AT_40, as the driver header
// a Vitis build writes (x<top>_hw.h) gives it.
// 0x00 : Control signals
// 0x10 : Data signal of ap_return
#define XVADD_CONTROL_ADDR_AP_CTRL 0x00
#define XVADD_CONTROL_ADDR_GIE 0x04
#define XVADD_CONTROL_ADDR_IER 0x08
#define XVADD_CONTROL_ADDR_ISR 0x0c
#define XVADD_CONTROL_ADDR_AP_RETURN 0x10
#define XVADD_CONTROL_BITS_AP_RETURN 32
#define XVADD_CONTROL_ADDR_IN1_DATA 0x18
#define XVADD_CONTROL_BITS_IN1_DATA 64
#define XVADD_CONTROL_ADDR_IN2_DATA 0x24
#define XVADD_CONTROL_BITS_IN2_DATA 64
#define XVADD_CONTROL_ADDR_OUT_R_DATA 0x30
#define XVADD_CONTROL_BITS_OUT_R_DATA 64
#define XVADD_CONTROL_ADDR_SIZE_DATA 0x40
#define XVADD_CONTROL_BITS_SIZE_DATA 32
