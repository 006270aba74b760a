#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stddef.h>
#include <stdint.h>

/// Whether allocations are counted on this platform (glibc); elsewhere every count reads zero.
int malloc_counter_is_supported(void);

/// Starts counting heap allocations (malloc, calloc, realloc, the aligned variants) on every
/// thread, from zero.
void malloc_counter_start(void);

/// Stops counting and returns the number of allocations since `malloc_counter_start`.
uint64_t malloc_counter_stop(void);

/// The bytes currently allocated from the main arena, chunk overhead included (mallinfo2).
size_t malloc_counter_bytes_in_use(void);

#endif
