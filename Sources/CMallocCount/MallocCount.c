// Counting wrappers around glibc's allocator, linked only into the `urlrouter` executable so that
// `urlrouter bench` can count the allocations of a timed loop (`borrowed_mallocs_per_lookup`).
// Defined weak: a sanitizer runtime's own allocator wins, and the count then reports -1.
#include "CMallocCount.h"

#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define URLROUTER_NO_MALLOC_COUNT 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(URLROUTER_NO_MALLOC_COUNT)

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

// Not static: calls into libc (which calls back into the wrappers) may change it.
__thread long urlrouter_malloc_thread_count_storage;
#define thread_count (*(volatile long *)&urlrouter_malloc_thread_count_storage)

__attribute__((weak)) void *malloc(size_t size) {
    thread_count++;
    return __libc_malloc(size);
}

__attribute__((weak)) void *calloc(size_t count, size_t size) {
    thread_count++;
    return __libc_calloc(count, size);
}

__attribute__((weak)) void *realloc(void *pointer, size_t size) {
    thread_count++;
    return __libc_realloc(pointer, size);
}

__attribute__((weak)) void *memalign(size_t alignment, size_t size) {
    thread_count++;
    return __libc_memalign(alignment, size);
}

__attribute__((weak)) void *aligned_alloc(size_t alignment, size_t size) {
    thread_count++;
    return __libc_memalign(alignment, size);
}

__attribute__((weak)) int posix_memalign(void **result, size_t alignment, size_t size) {
    thread_count++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

long urlrouter_thread_malloc_count(void) {
    // The wrappers count only when the dynamic linker bound the process's malloc to them: probe
    // with an allocation made inside libc, through its own call to malloc.
    long before = thread_count;
    char *volatile probe = strdup("x");
    free(probe);
    return thread_count == before ? -1 : thread_count - 1;
}

long urlrouter_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (long)(info.uordblks + info.hblkhd);
}

#else

long urlrouter_thread_malloc_count(void) { return -1; }

long urlrouter_heap_bytes_in_use(void) { return -1; }

#endif
