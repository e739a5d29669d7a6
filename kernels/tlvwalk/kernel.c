/* tlvwalk: walks type-length-value records in a byte buffer of up to 48
 * bytes and folds their values into a checksum. A record is a type byte, a
 * length byte (at least 2) and that many value bytes, of which the first
 * two are the value (big-endian). Records before a BEGIN record are the
 * header and only counted; between BEGIN and END, FIELD values are added,
 * FLAGS values xored and other records counted; after END nothing counts.
 * A record that is too short or runs past the buffer ends the walk. */
#include <stdint.h>

#define BUF_MAX 48
#define SEC_HEAD 0
#define SEC_BODY 1
#define SEC_DONE 2
#define T_BEGIN 0x01
#define T_END 0x02
#define T_FIELD 0x10
#define T_FLAGS 0x11

int32_t tlvwalk(const uint8_t *buf, int32_t n)
{
    int32_t sec = SEC_HEAD, sum = 0, pos = 0;
    while (pos + 2 <= n) {
#pragma HLS loop_tripcount max=BUF_MAX/4
        int32_t type = buf[pos], len = buf[pos + 1];
        if (len < 2 || pos + 2 + len > n)
            break;
        int32_t v = (buf[pos + 2] << 8) | buf[pos + 3];
        if (sec == SEC_HEAD) {
            if (type == T_BEGIN)
                sec = SEC_BODY;
            else
                sum += 1;
        } else if (sec == SEC_BODY) {
            switch (type) {
            case T_END:
                sec = SEC_DONE;
                break;
            case T_FIELD:
                sum += v;
                break;
            case T_FLAGS:
                sum ^= v;
                break;
            default:
                sum += 1;
                break;
            }
        }
        pos += 2 + len;
    }
    return sum;
}
