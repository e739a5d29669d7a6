// Byte-vector serialisation for snapshot.h.
#include "snapshot.h"
#include <algorithm>
#include <cstring>

namespace lgh
{

SnapshotWriter::~SnapshotWriter()
{
    flush();
}

void SnapshotWriter::flush()
{
    bytes.insert(bytes.end(), m_bufp, m_cp);
    m_cp = m_bufp;
}

// Verilator calls fill() whenever fewer than its insert size of bytes are
// buffered, which for a small snapshot is every read: once everything is
// buffered there is nothing to move.
void SnapshotReader::fill()
{
    if (pos_ == bytes_->size())
        return;
    size_t keep = static_cast<size_t>(m_endp - m_cp);
    std::memmove(m_bufp, m_cp, keep);
    m_cp = m_bufp;
    m_endp = m_bufp + keep;
    size_t n = std::min(bytes_->size() - pos_, bufferSize() - keep);
    std::memcpy(m_endp, bytes_->data() + pos_, n);
    pos_ += n;
    m_endp += n;
}

void SnapshotReader::rewind()
{
    if (resident_) {
        m_cp = m_bufp;
        return;
    }
    pos_ = 0;
    m_cp = m_endp = m_bufp;
    fill();
    resident_ = pos_ == bytes_->size();
}

} // namespace lgh
