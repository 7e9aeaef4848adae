// crc32c.c: CRC-32C with the processor's instruction, chosen at run time (a Pi without it, or an old x86,
// falls back to Swift's table-driven code).

#include "CPeachCRC.h"

#include <string.h>

#if defined(__x86_64__) || defined(__aarch64__)

#if defined(__x86_64__)
#include <nmmintrin.h>

#define PEACH_CRC_TARGET __attribute__((target("sse4.2")))

int peach_crc32c_hardware_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

// The instruction on 8, 4, 2 and 1 bytes (the first byte in the lowest bits); on eight, the CRC kept in 64
// bits from step to step, as the instruction has it (narrowed at each step it cost a move a word).
static inline PEACH_CRC_TARGET uint64_t crc8(uint64_t crc, uint64_t word) { return _mm_crc32_u64(crc, word); }
static inline PEACH_CRC_TARGET uint32_t crc4(uint32_t crc, uint32_t word) { return _mm_crc32_u32(crc, word); }
static inline PEACH_CRC_TARGET uint32_t crc2(uint32_t crc, uint16_t half) { return _mm_crc32_u16(crc, half); }
static inline PEACH_CRC_TARGET uint32_t crc1(uint32_t crc, uint8_t byte) { return _mm_crc32_u8(crc, byte); }

#else
#include <sys/auxv.h>

#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif

#define PEACH_CRC_TARGET __attribute__((target("crc")))

int peach_crc32c_hardware_available(void) { return (getauxval(AT_HWCAP) & HWCAP_CRC32) ? 1 : 0; }

// The instruction on 8, 4, 2 and 1 bytes (the first byte in the lowest bits).
static inline PEACH_CRC_TARGET uint64_t crc8(uint64_t crc, uint64_t word) {
    return __builtin_arm_crc32cd((uint32_t)crc, word);
}
static inline PEACH_CRC_TARGET uint32_t crc4(uint32_t crc, uint32_t word) {
    return __builtin_arm_crc32cw(crc, word);
}
static inline PEACH_CRC_TARGET uint32_t crc2(uint32_t crc, uint16_t half) {
    return __builtin_arm_crc32ch(crc, half);
}
static inline PEACH_CRC_TARGET uint32_t crc1(uint32_t crc, uint8_t byte) { return __builtin_arm_crc32cb(crc, byte); }

#endif

PEACH_CRC_TARGET uint32_t peach_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t count) {
    uint64_t value = crc;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        value = crc8(value, word);
        bytes += 8;
        count -= 8;
    }
    crc = (uint32_t)value;
    // The last 0–7 bytes as at most one word of four, one of two and a byte (a byte at a time, up to seven
    // turns of a loop: a sixth of the instructions checking a journal line's checksum took here).
    if (count & 4) {
        uint32_t word;
        memcpy(&word, bytes, 4);
        crc = crc4(crc, word);
        bytes += 4;
    }
    if (count & 2) {
        uint16_t half;
        memcpy(&half, bytes, 2);
        crc = crc2(crc, half);
        bytes += 2;
    }
    if (count & 1) crc = crc1(crc, *bytes);
    return crc;
}

PEACH_CRC_TARGET uint32_t peach_crc32c_hardware_closed(uint32_t crc, const uint8_t *bytes, size_t count,
                                                       uint8_t last) {
    return crc1(peach_crc32c_hardware(crc, bytes, count), last);
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
