#if canImport(Darwin)
import Darwin
#else
import Synchronization
#endif

/// A value guarded by a lock: `os_unfair_lock` on Apple platforms, whose systems this package
/// supports from before `Synchronization.Mutex` (macOS 15), and `Mutex` everywhere else.
///
/// Never call out to user code from inside ``withLock(_:)``: the lock is not recursive. Not
/// final: `RuntimeStorage` is one, so that a reactor's lock and machine take one allocation.
@usableFromInline class Locked<Value>: @unchecked Sendable {
  // Safe: `value` is reached only through `withLock`, which holds the lock for the whole access.
  // The runtime's concurrency tests run under ThreadSanitizer in CI.
  @usableFromInline final var value: Value
  #if canImport(Darwin)
  // Allocated apart: an `os_unfair_lock` must not move while it is in use.
  @usableFromInline final let lock: UnsafeMutablePointer<os_unfair_lock>
  #else
  @usableFromInline final let lock = Mutex<Void>(())
  #endif

  @usableFromInline init(_ value: Value) {
    self.value = value
    #if canImport(Darwin)
    lock = .allocate(capacity: 1)
    lock.initialize(to: os_unfair_lock())
    #endif
  }

  #if canImport(Darwin)
  deinit {
    lock.deinitialize(count: 1)
    lock.deallocate()
  }
  #endif

  /// Makes a box holding `value`.
  static func make(_ value: Value) -> Locked<Value> {
    Locked(value)
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable final func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
    os_unfair_lock_lock(lock)
    defer { os_unfair_lock_unlock(lock) }
    return try body(&value)
    #else
    // `Mutex<Void>` beside the value rather than `Mutex<Value>`: `Mutex` hands its value out as
    // `inout sending`, which a generic caller's closure cannot promise.
    return try lock.withLock { _ in try body(&value) }
    #endif
  }
}
