#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The platform mutex every lock in the runtime is built on.
///
/// A `pthread_mutex_t` must never move once initialised, so it always lives in the tail of a
/// `ManagedBuffer` and is reached through a pointer.
@usableFromInline typealias PlatformMutex = pthread_mutex_t

extension UnsafeMutablePointer where Pointee == PlatformMutex {
  /// Initialises the mutex in place. Debug builds check it: locking it twice from one thread
  /// traps at once instead of deadlocking, since the runtime never nests its own lock.
  @usableFromInline func initializeMutex() {
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    defer { pthread_mutexattr_destroy(&attributes) }
    #if DEBUG
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
    #endif
    let result = pthread_mutex_init(self, &attributes)
    precondition(result == 0, "Internal inconsistency: pthread_mutex_init failed (\(result))")
  }

  @inlinable func lock() {
    let result = pthread_mutex_lock(self)
    assert(result == 0, "Internal inconsistency: pthread_mutex_lock failed (\(result))")
  }

  @inlinable func unlock() {
    let result = pthread_mutex_unlock(self)
    assert(result == 0, "Internal inconsistency: pthread_mutex_unlock failed (\(result))")
  }

  @usableFromInline func destroyMutex() {
    pthread_mutex_destroy(self)
  }
}
