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
    uint32_t rest = (uint32_t)value;
    while (count > 0) {
        rest = _mm_crc32_u8(rest, *bytes);
        bytes += 1;
        count -= 1;
    }
    return rest;
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
    while (count > 0) {
        crc = __builtin_arm_crc32cb(crc, *bytes);
        bytes += 1;
        count -= 1;
    }
    return crc;
}

#else

int peach_crc32c_hardware_available(void) { return 0; }

uint32_t peach_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}

#endif
