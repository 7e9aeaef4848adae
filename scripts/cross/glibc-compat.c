// glibc-compat.c: C library functions that Debian's arm64 Swift runtime (built against glibc 2.42) calls and
// Debian 12's glibc 2.36 lacks, defined here on their older equivalents. Linked only into the arm64 package's
// static peach (scripts/cross-arm64), so the binary needs nothing newer than bookworm's glibc.
//
// The __isoc23_ functions are glibc 2.38's C23 versions of strtol & co.; they differ from the C89 ones only in
// accepting a "0b" binary prefix for base 0 or 2, which these do not: such text parses as 0 here. The package's
// checks (scripts/arm64-check) compare its output with amd64's. strlcpy and strlcat arrived in glibc 2.38;
// these follow the BSD definitions.
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long __isoc23_strtol(const char *text, char **end, int base) { return strtol(text, end, base); }

long long __isoc23_strtoll(const char *text, char **end, int base) { return strtoll(text, end, base); }

unsigned long __isoc23_strtoul(const char *text, char **end, int base) { return strtoul(text, end, base); }

unsigned long long __isoc23_strtoull(const char *text, char **end, int base) { return strtoull(text, end, base); }

int __isoc23_sscanf(const char *text, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int result = vsscanf(text, format, arguments);
    va_end(arguments);
    return result;
}

int __isoc23_vsscanf(const char *text, const char *format, va_list arguments) {
    return vsscanf(text, format, arguments);
}

size_t strlcpy(char *destination, const char *source, size_t size) {
    size_t length = strlen(source);
    if (size > 0) {
        size_t copied = length < size - 1 ? length : size - 1;
        memcpy(destination, source, copied);
        destination[copied] = '\0';
    }
    return length;
}

size_t strlcat(char *destination, const char *source, size_t size) {
    size_t used = strnlen(destination, size);
    if (used == size) return size + strlen(source);
    return used + strlcpy(destination + used, source, size - used);
}
