#if canImport(Darwin)
import Darwin
#else
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif
#endif

/// A value guarded by a lock, in one allocation: `os_unfair_lock` on Apple systems (`Mutex` needs
/// macOS 15), ``PlatformLock`` elsewhere. Not recursive: no user code in ``withLock(_:)``.
@usableFromInline struct Locked<Value>: @unchecked Sendable {
  // Safe: the value is reached only through `withLock`, which holds the lock for the whole
  // access. (`ManagedBuffer` is marked non-`Sendable`, so the promise is made here.)
  @usableFromInline let buffer: LockedBuffer<Value>
  @usableFromInline init(buffer: LockedBuffer<Value>) { self.buffer = buffer }

  /// Makes a box holding `value`.
  static func make(_ value: Value) -> Locked<Value> {
    let buffer = LockedBuffer.create(minimumCapacity: 1) { _ in value }
    buffer.withUnsafeMutablePointerToElements { $0.initialize(to: PlatformLock()) }
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
  deinit { _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) } }
}

#if canImport(Darwin)
@usableFromInline typealias PlatformLock = os_unfair_lock
#else
/// A lock in one atomic word, for holds of a few dozen nanoseconds that never run user code:
/// taken with a compare-exchange, released with a store. A thread that finds it held spins, then
/// yields the processor between tries; nobody parks in the kernel, so nobody is woken there (a
/// `pthread_mutex_t` parks at the first collision, and its 40 bytes took an idle reactor's
/// storage to a larger size class). ThreadSanitizer sees each hand-over through the atomic.
@usableFromInline struct PlatformLock: ~Copyable {
  @usableFromInline let word = Atomic<UInt32>(0)

  @usableFromInline init() {}
}
#endif

extension UnsafeMutablePointer where Pointee == PlatformLock {
  /// Runs `body` with the lock held.
  @inlinable func whileLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
    os_unfair_lock_lock(self)
    defer { os_unfair_lock_unlock(self) }
    #else
    if !pointee.word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      lockHeld()
    }
    defer { pointee.word.store(0, ordering: .releasing) }
    #endif
    return try body()
  }

  #if !canImport(Darwin)
  /// Takes the lock another thread holds: loads until it looks free (a failed compare-exchange
  /// takes the word's cache line from the holder), yielding after a while in case the holder
  /// waits for this processor.
  @usableFromInline func lockHeld() {
    var tries = 0
    while pointee.word.load(ordering: .relaxed) != 0
      || !pointee.word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
    {
      tries += 1
      #if canImport(Glibc) || canImport(Musl) || canImport(Android)
      if tries >= 100 { sched_yield() }
      #endif
    }
  }
  #endif
}
