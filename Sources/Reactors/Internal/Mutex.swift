import ReactorsLock

/// The lock every lock in the runtime is built on: `ReactorsLock`'s, one compare-and-swap to
/// take, a plain store to release when nobody sleeps on it.
///
/// It must never move once initialised, so it always lives in the tail of a `ManagedBuffer` and
/// is reached through a pointer.
@usableFromInline typealias PlatformMutex = reactors_lock_t

extension UnsafeMutablePointer where Pointee == PlatformMutex {
  @usableFromInline func initializeMutex() {
    reactors_lock_init(self)
  }

  /// Takes the lock. Debug builds check it: locking it twice from one thread traps at once
  /// instead of waiting forever, since the runtime never nests its own lock.
  @inlinable func lock() {
    #if DEBUG
    reactors_lock_assert_not_owner(self)
    reactors_lock_lock(self)
    reactors_lock_set_owner(self, 1)
    #else
    reactors_lock_lock(self)
    #endif
  }

  @inlinable func unlock() {
    #if DEBUG
    reactors_lock_set_owner(self, 0)
    #endif
    reactors_lock_unlock(self)
  }
}
