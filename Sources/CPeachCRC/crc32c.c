// crc32c.c: CRC-32C with the processor's instruction, chosen at run time (a Pi without it, or an old x86,
// falls back to Swift's table-driven code).

#include "CPeachCRC.h"

#include <string.h>

#if defined(__x86_64__)
#include <nmmintrin.h>

int peach_crc32c_hardware_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

__attribute__((target("sse4.2"))) uint32_t peach_crc32c_hardware(uint32_t crc, const uint8_t *bytes,
                                                                  size_t count) {
    uint64_t value = crc;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        value = _mm_crc32_u64(value, word);
        bytes += 8;
        count -= 8;
    }
    // The last 0–7 bytes as at most one word of four, one of two and a byte (a byte at a time, up to seven
    // turns of a loop: a sixth of the instructions checking a journal line's checksum took here).
    uint32_t rest = (uint32_t)value;
    if (count & 4) {
        uint32_t word;
        memcpy(&word, bytes, 4);
        rest = _mm_crc32_u32(rest, word);
        bytes += 4;
    }
    if (count & 2) {
        uint16_t half;
        memcpy(&half, bytes, 2);
        rest = _mm_crc32_u16(rest, half);
        bytes += 2;
    }
    if (count & 1) rest = _mm_crc32_u8(rest, *bytes);
    return rest;
}

__attribute__((target("sse4.2"))) uint32_t peach_crc32c_hardware_closed(uint32_t crc, const uint8_t *bytes,
                                                                         size_t count, uint8_t last) {
    return _mm_crc32_u8(peach_crc32c_hardware(crc, bytes, count), last);
}

#elif defined(__aarch64__)
#include <sys/auxv.h>

#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif

int peach_crc32c_hardware_available(void) { return (getauxval(AT_HWCAP) & HWCAP_CRC32) ? 1 : 0; }

__attribute__((target("crc"))) uint32_t peach_crc32c_hardware(uint32_t crc, const uint8_t *bytes,
                                                               size_t count) {
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        crc = __builtin_arm_crc32cd(crc, word);
        bytes += 8;
        count -= 8;
    }
    if (count & 4) {
        uint32_t word;
        memcpy(&word, bytes, 4);
        crc = __builtin_arm_crc32cw(crc, word);
        bytes += 4;
    }
    if (count & 2) {
        uint16_t half;
        memcpy(&half, bytes, 2);
        crc = __builtin_arm_crc32ch(crc, half);
        bytes += 2;
    }
    if (count & 1) crc = __builtin_arm_crc32cb(crc, *bytes);
    return crc;
}

__attribute__((target("crc"))) uint32_t peach_crc32c_hardware_closed(uint32_t crc, const uint8_t *bytes,
                                                                      size_t count, uint8_t last) {
    return __builtin_arm_crc32cb(peach_crc32c_hardware(crc, bytes, count), last);
}

#else

int peach_crc32c_hardware_available(void) { return 0; }

uint32_t peach_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}

uint32_t peach_crc32c_hardware_closed(uint32_t crc, const uint8_t *bytes, size_t count, uint8_t last) {
    (void)bytes;
    (void)count;
    (void)last;
    return crc;
}

#endif
