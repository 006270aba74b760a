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

/// A value guarded by a lock, in one allocation.
///
/// The lock is `os_unfair_lock` on Apple platforms, whose systems this package supports from
/// before `Synchronization.Mutex` (macOS 15); `pthread_mutex_t` where the C library has it, since
/// ThreadSanitizer sees every hand-over of it (it cannot see `Mutex`'s contended path on Linux,
/// which passes the lock through the kernel); and `Mutex` anywhere else (Windows, WASI). Not
/// recursive: never call out to user code from inside ``withLock(_:)``.
@usableFromInline struct Locked<Value>: @unchecked Sendable {
  // Safe: the value is reached only through `withLock`, which holds the lock for the whole
  // access. (`ManagedBuffer` is marked non-`Sendable`, so the promise is made here.)
  @usableFromInline let buffer: LockedBuffer<Value>

  /// Makes a box holding `value`.
  static func make(_ value: Value) -> Locked<Value> {
    Locked(buffer: .make(value))
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try buffer.withLock(body)
  }
}

/// The storage of ``Locked``: the value is the buffer's header, the lock its tail, where it never
/// moves. Not final: `RuntimeStorage` is one, so that a reactor takes one allocation.
@usableFromInline class LockedBuffer<Value>: ManagedBuffer<Value, PlatformLock> {
  /// Makes a buffer holding `value`.
  static func make(_ value: Value) -> Self {
    let buffer = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: Self.self)
    buffer.withUnsafeMutablePointerToElements { $0.initializeLock() }
    return buffer
  }

  deinit {
    withUnsafeMutablePointerToElements { $0.destroyLock() }
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable final func withLock<Result>(
    _ body: (inout Value) throws -> Result
  ) rethrows
    -> Result
  {
    try withUnsafeMutablePointers { value, lock in
      try lock.whileLocked { try body(&value.pointee) }
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
  func initializeLock() {
    #if canImport(Darwin)
    initialize(to: os_unfair_lock())
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
    initialize(to: pthread_mutex_t())
    #else
    initialize(to: Mutex(()))
    #endif
    readyLockInPlace()
  }

  func destroyLock() {
    tearDownLockInPlace()
    deinitialize(count: 1)
  }

  /// Readies a lock already in its memory, and tears it down before that memory is
  /// deinitialized with what holds it (`StepLock`).
  func readyLockInPlace() {
    #if canImport(Glibc) || canImport(Musl) || canImport(Android)
    precondition(pthread_mutex_init(self, nil) == 0, "pthread_mutex_init failed")
    #endif
  }

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
