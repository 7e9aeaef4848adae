// CPeachCRC: CRC-32C with the processor's own instruction (SSE 4.2 on x86-64, the CRC extension on arm64).

#ifndef PEACH_CRC_H
#define PEACH_CRC_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this processor has a CRC-32C instruction (checked once, at run time), else 0.
int peach_crc32c_hardware_available(void);

/// Continues the raw (not inverted) CRC-32C `crc` over `count` bytes at `bytes` with the processor's
/// instruction. Call only when peach_crc32c_hardware_available() returned 1.
uint32_t peach_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t count);

/// peach_crc32c_hardware() over `count` bytes at `bytes`, then over the one byte `last` (a journal line's
/// closing brace, which its checksum covers though the `crc` field stands before it).
uint32_t peach_crc32c_hardware_closed(uint32_t crc, const uint8_t *bytes, size_t count, uint8_t last);

#endif
