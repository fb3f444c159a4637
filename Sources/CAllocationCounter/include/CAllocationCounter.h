#ifndef CALLOCATION_COUNTER_H
#define CALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, aligned) made by the process so far.
///
/// Linking this target into an executable replaces the C library's allocation entry points
/// with counting wrappers around glibc's own (`__libc_malloc` and friends), so every
/// allocation is counted: Swift's runtime, Foundation, and C libraries alike. The
/// microbenchmark and the test executable link it. Under a sanitizer, which brings its own
/// allocator, nothing is replaced and the counts stay 0.
uint64_t routebar_allocation_count(void);

/// The allocations made by the calling thread so far.
uint64_t routebar_thread_allocation_count(void);

/// 1 when allocations are being counted, 0 under a sanitizer.
int routebar_allocation_counting(void);

#endif
