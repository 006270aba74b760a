#include "ReactorsLock.h"

#if !defined(__APPLE__)
#include <linux/futex.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// How many times a waiter looks again before it sleeps. The lock is held for bookkeeping only,
/// so it is usually free again well within this.
enum { reactors_lock_spins = 64 };

static inline void reactors_lock_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

void reactors_lock_wait(reactors_lock_t *lock) {
  for (int spin = 0; spin < reactors_lock_spins; spin++) {
    reactors_lock_pause();
    uint32_t expected = 0;
    if (atomic_load_explicit(&lock->word, memory_order_relaxed) == 0 &&
        atomic_compare_exchange_weak_explicit(&lock->word, &expected, 1, memory_order_acquire,
                                              memory_order_relaxed)) {
      return;
    }
  }
  // Mark the lock so that its release wakes a sleeper, then sleep while it is held. A release
  // that read the word just before it was marked wakes nobody: the timeout covers that.
  const struct timespec timeout = {.tv_sec = 0, .tv_nsec = 100 * 1000};
  while (atomic_exchange_explicit(&lock->word, 2, memory_order_acquire) != 0) {
    syscall(SYS_futex, &lock->word, FUTEX_WAIT_PRIVATE, 2, &timeout, NULL, 0);
  }
}

void reactors_lock_wake(reactors_lock_t *lock) {
  syscall(SYS_futex, &lock->word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/// A number for the calling thread, unique among the process's threads, never 0.
static uint32_t reactors_lock_thread_number(void) {
  static _Atomic uint32_t next = 1;
  static _Thread_local uint32_t number = 0;
  if (number == 0) number = atomic_fetch_add_explicit(&next, 1, memory_order_relaxed);
  return number;
}

void reactors_lock_assert_not_owner(reactors_lock_t *lock) {
  if (atomic_load_explicit(&lock->owner, memory_order_relaxed) == reactors_lock_thread_number()) {
    // The runtime never nests its own lock; taking it again would wait forever.
    abort();
  }
}

void reactors_lock_set_owner(reactors_lock_t *lock, int held) {
  atomic_store_explicit(&lock->owner, held ? reactors_lock_thread_number() : 0,
                        memory_order_relaxed);
}
#endif
