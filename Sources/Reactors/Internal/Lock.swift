#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
import Synchronization
#endif

/// A value guarded by a lock, in one allocation: `os_unfair_lock` on Apple platforms (older than
/// `Mutex`, macOS 15); `pthread_mutex_t` where the C library has it, as ThreadSanitizer sees its
/// every hand-over (not `Mutex`'s contended path on Linux, through the kernel); `Mutex` elsewhere
/// (Windows, WASI). Not recursive: never call out to user code from inside ``withLock(_:)``.
@usableFromInline struct Locked<Value>: @unchecked Sendable {
  // Safe: the value is reached only through `withLock`, which holds the lock for the whole
  // access. (`ManagedBuffer` is marked non-`Sendable`, so the promise is made here.)
  @usableFromInline let buffer: LockedBuffer<Value>

  /// Makes a box holding `value`.
  static func make(_ value: Value) -> Locked<Value> {
    let buffer = LockedBuffer.create(minimumCapacity: 1) { _ in value }
    buffer.withUnsafeMutablePointerToElements { lock in
      #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
      lock.initialize(to: PlatformLock())
      #else
      lock.initialize(to: Mutex(()))
      #endif
      lock.readyLockInPlace()
    }
    return Locked(buffer: unsafeDowncast(buffer, to: LockedBuffer.self))
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { value, lock in
      try lock.whileLocked { try body(&value.pointee) }
    }
  }
}

/// The storage of ``Locked``: the value is the buffer's header, the lock its tail, never moved.
@usableFromInline final class LockedBuffer<Value>: ManagedBuffer<Value, PlatformLock> {
  deinit {
    withUnsafeMutablePointerToElements { lock in
      lock.tearDownLockInPlace()
      lock.deinitialize(count: 1)
    }
  }
}

#if canImport(Darwin)
@usableFromInline typealias PlatformLock = os_unfair_lock
#elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
@usableFromInline typealias PlatformLock = pthread_mutex_t
#else
@usableFromInline typealias PlatformLock = Mutex<Void>
#endif

extension UnsafeMutablePointer where Pointee == PlatformLock {
  /// Readies a lock already in the memory it stays in (`LockedBuffer`'s tail, `StepLock`).
  func readyLockInPlace() {
    #if canImport(Glibc) || canImport(Musl) || canImport(Android)
    precondition(pthread_mutex_init(self, nil) == 0, "pthread_mutex_init failed")
    #endif
  }

  /// Tears the lock down before its memory is deinitialized.
  func tearDownLockInPlace() {
    #if canImport(Glibc) || canImport(Musl) || canImport(Android)
    pthread_mutex_destroy(self)
    #endif
  }

  /// Runs `body` with the lock held.
  @inlinable func whileLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
    os_unfair_lock_lock(self)
    defer { os_unfair_lock_unlock(self) }
    return try body()
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
    pthread_mutex_lock(self)
    defer { pthread_mutex_unlock(self) }
    return try body()
    #else
    return try pointee.withLock { _ in try body() }
    #endif
  }
}
