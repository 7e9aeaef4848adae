// allocation_counter.h: counts the heap allocations and mutex locks of one thread, for PeachBenchmarks.
#ifndef PEACH_ALLOCATION_COUNTER_H
#define PEACH_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Starts (true) or stops (false) counting on the calling thread.
void peach_counting(bool on);
/// Heap allocations (malloc, calloc, realloc, the aligned ones) the calling thread made while counting.
uint64_t peach_allocation_count(void);
/// Mutex locks (pthread_mutex_lock, pthread_mutex_trylock) the calling thread took while counting.
uint64_t peach_lock_count(void);

#endif
