#ifndef CALLOCATION_COUNTER_H
#define CALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, aligned) made by the process so far.
///
/// Linking this target into an executable replaces the C library's allocation entry points
/// with counting wrappers around glibc's own (`__libc_malloc` and friends), so every
/// allocation is counted: Swift's runtime, Foundation, and C libraries alike. Only the
/// microbenchmark links it.
uint64_t routebar_allocation_count(void);

#endif
