// Counting wrappers for glibc's allocator. The executable's definitions win symbol lookup over
// libc.so's, so shared libraries (libswiftCore included) call these too.
#include "CAllocationCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define ROUTEBAR_SANITIZED 1
#endif
#endif

static _Atomic uint64_t allocations;
// initial-exec: the executable's own TLS block, read without calling anything (a TLS access
// that allocated would recurse into malloc).
static _Thread_local uint64_t thread_allocations __attribute__((tls_model("initial-exec")));

uint64_t routebar_allocation_count(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

uint64_t routebar_thread_allocation_count(void) {
    return thread_allocations;
}

#ifdef ROUTEBAR_SANITIZED

int routebar_allocation_counting(void) { return 0; }

#else

int routebar_allocation_counting(void) { return 1; }

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static inline void counted(void) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    thread_allocations += 1;
}

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    counted();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    counted();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

#endif
