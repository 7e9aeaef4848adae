// allocation_counter.c: malloc and pthread_mutex_lock, interposed in the benchmark executable only, counting a
// thread's calls while it asks (the render path's "no allocation, no lock" rule, checked in a benchmark run
// and its test). Every call goes on to glibc's own implementation (__libc_malloc and friends).
#define _GNU_SOURCE
#include "allocation_counter.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

// glibc's own mutex functions, found once at load (before any thread but the main one exists).
static int (*next_lock)(pthread_mutex_t *);
static int (*next_trylock)(pthread_mutex_t *);

__attribute__((constructor)) static void find_mutex_functions(void) {
    next_lock = (int (*)(pthread_mutex_t *))dlsym(RTLD_NEXT, "pthread_mutex_lock");
    next_trylock = (int (*)(pthread_mutex_t *))dlsym(RTLD_NEXT, "pthread_mutex_trylock");
}

static __thread bool counting;
static __thread uint64_t allocations;
static __thread uint64_t locks;

void peach_counting(bool on) { counting = on; }
uint64_t peach_allocation_count(void) { return allocations; }
uint64_t peach_lock_count(void) { return locks; }

void *malloc(size_t size) {
    if (counting) allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (counting) allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) allocations++;
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    if (counting) allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (counting) allocations++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

int pthread_mutex_lock(pthread_mutex_t *mutex) {
    if (counting) locks++;
    if (next_lock == NULL) find_mutex_functions();
    return next_lock(mutex);
}

int pthread_mutex_trylock(pthread_mutex_t *mutex) {
    if (counting) locks++;
    if (next_trylock == NULL) find_mutex_functions();
    return next_trylock(mutex);
}
