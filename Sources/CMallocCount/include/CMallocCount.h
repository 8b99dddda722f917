#ifndef URLROUTER_CMALLOCCOUNT_H
#define URLROUTER_CMALLOCCOUNT_H

/// How many times this thread has called malloc, calloc, realloc, memalign, posix_memalign or
/// aligned_alloc since it started, when the counting wrappers are linked in (the `urlrouter`
/// executable, not under a sanitizer); -1 otherwise.
long urlrouter_thread_malloc_count(void);

/// The bytes of heap this process holds now, as glibc's allocator counts them (`mallinfo2`: the
/// blocks in use, and the blocks it mapped for large requests); -1 where it cannot tell (another
/// C library, or a sanitizer's allocator).
long urlrouter_heap_bytes_in_use(void);

#endif
