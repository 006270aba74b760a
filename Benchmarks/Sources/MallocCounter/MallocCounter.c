// Counts heap allocations without any preloading: the executable defines `malloc` and its
// siblings, the dynamic linker binds every library's calls (the Swift runtime, Foundation, libc++)
// to these definitions, and they forward to glibc's own implementation (`__libc_*`).
//
// Counting is off by default; when off, the cost is one relaxed load per allocation.

#define _GNU_SOURCE
#include "MallocCounter.h"

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_bool counting;
static atomic_uint_fast64_t allocations;

static inline void note_allocation(void) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  }
}

void *malloc(size_t size) {
  note_allocation();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  note_allocation();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  note_allocation();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  note_allocation();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  note_allocation();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  note_allocation();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) {
    return ENOMEM;
  }
  *result = pointer;
  return 0;
}

int malloc_counter_is_supported(void) { return 1; }

void malloc_counter_start(void) {
  atomic_store(&allocations, 0);
  atomic_store(&counting, 1);
}

uint64_t malloc_counter_stop(void) {
  atomic_store(&counting, 0);
  return atomic_load(&allocations);
}

size_t malloc_counter_bytes_in_use(void) {
  return mallinfo2().uordblks;
}

#else

// Elsewhere nothing is interposed: the harness reports allocation counts and memory as unknown.
int malloc_counter_is_supported(void) { return 0; }
void malloc_counter_start(void) {}
uint64_t malloc_counter_stop(void) { return 0; }
size_t malloc_counter_bytes_in_use(void) { return 0; }

#endif
