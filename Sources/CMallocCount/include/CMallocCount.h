#ifndef URLROUTER_CMALLOCCOUNT_H
#define URLROUTER_CMALLOCCOUNT_H

/// How many times this thread has called malloc, calloc, realloc, memalign, posix_memalign or
/// aligned_alloc since it started, when the counting wrappers are linked in (the `urlrouter`
/// executable, not under a sanitizer); -1 otherwise.
long urlrouter_thread_malloc_count(void);

#endif
