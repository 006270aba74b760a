#ifndef REACTORS_LOCK_H
#define REACTORS_LOCK_H

// The lock of every reactor and of its small shared boxes.
//
// What it guards is bookkeeping: a few dozen instructions, never user code. Most of the time
// nobody else wants it, and then what a lock costs is its atomic instructions, which on x86
// cost more than the bookkeeping itself (`perf`: `sync-action` spent most of its time on the
// three lock trips of a step). So taking it is one compare-and-swap, and releasing it is a
// plain store; only a thread that had to go to sleep makes the next release wake it.
//
// On Apple platforms it is `os_unfair_lock`, which already works this way.

#include <stdint.h>

#if defined(__APPLE__)
#include <os/lock.h>

typedef struct {
  os_unfair_lock lock;
} reactors_lock_t;

static inline void reactors_lock_init(reactors_lock_t *lock) { lock->lock = OS_UNFAIR_LOCK_INIT; }
static inline void reactors_lock_lock(reactors_lock_t *lock) { os_unfair_lock_lock(&lock->lock); }
static inline void reactors_lock_unlock(reactors_lock_t *lock) {
  os_unfair_lock_unlock(&lock->lock);
}
static inline void reactors_lock_assert_not_owner(reactors_lock_t *lock) {
  os_unfair_lock_assert_not_owner(&lock->lock);
}
static inline void reactors_lock_set_owner(reactors_lock_t *lock, int held) {}

#else
#include <stdatomic.h>

typedef struct {
  /// 0: free. 1: held. 2: held, and a thread may be asleep waiting for it.
  _Atomic uint32_t word;
  /// Debug builds: the number of the thread holding the lock (0: none), so taking it twice traps
  /// instead of hanging. 32 bits, so that the lock takes 8 bytes in every reactor.
  _Atomic uint32_t owner;
} reactors_lock_t;

/// The slow paths: spin, then sleep until the lock is free; wake a sleeper.
void reactors_lock_wait(reactors_lock_t *lock);
void reactors_lock_wake(reactors_lock_t *lock);
/// Traps if the calling thread holds `lock`; records it as the holder once it has taken it.
void reactors_lock_assert_not_owner(reactors_lock_t *lock);
void reactors_lock_set_owner(reactors_lock_t *lock, int held);

static inline void reactors_lock_init(reactors_lock_t *lock) {
  atomic_init(&lock->word, 0);
  atomic_init(&lock->owner, 0);
}

static inline void reactors_lock_lock(reactors_lock_t *lock) {
  uint32_t expected = 0;
  if (__builtin_expect(atomic_compare_exchange_strong_explicit(&lock->word, &expected, 1,
                                                               memory_order_acquire,
                                                               memory_order_relaxed),
                       1)) {
    return;
  }
  reactors_lock_wait(lock);
}

/// Whether a thread went to sleep waiting for `lock` (or is about to): for tests.
static inline int reactors_lock_has_sleeper(reactors_lock_t *lock) {
  return atomic_load_explicit(&lock->word, memory_order_relaxed) == 2;
}

static inline void reactors_lock_unlock(reactors_lock_t *lock) {
  // Nobody asleep: a plain store releases it. A thread that marks the lock (2) between the load
  // and the store may go to sleep unwoken; it sleeps with a short timeout for that reason.
  if (__builtin_expect(atomic_load_explicit(&lock->word, memory_order_relaxed) == 1, 1)) {
    atomic_store_explicit(&lock->word, 0, memory_order_release);
    return;
  }
  atomic_store_explicit(&lock->word, 0, memory_order_release);
  reactors_lock_wake(lock);
}
#endif

#endif
