#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import Synchronization
#elseif canImport(Musl)
import Musl
import Synchronization
#elseif canImport(Android)
import Android
import Synchronization
#else
import Synchronization
#endif

/// The tail of a runtime's storage: its lock, and the step word beside it.
///
/// The step word says who owns the reactor's step, without the lock: a thread takes a free step
/// with one compare-exchange and ends it with another, so a plain step holds the lock only for
/// its commit. The lock is taken to queue work for the owner, to hand the queue over, and for
/// everything in the machine.
///
/// Where `Synchronization.Atomic` is part of every supported system (Linux, Windows, WASI), the
/// word is one. Apple systems get it only from macOS 15 and iOS 18, later than this package's
/// minimums, so there the word is a plain integer read and written under the lock, an
/// `os_unfair_lock`, whose uncontended hold costs about as much as an atomic operation.
@usableFromInline struct StepLock: ~Copyable {
  /// A thread owns the step: it runs the user's code, and others queue their work for it.
  @usableFromInline static var owned: Int { 1 }
  /// Work waits in the machine's queue; only set while the step is owned.
  @usableFromInline static var queued: Int { 2 }
  /// Listeners wait to be removed by the owner; only set while the step is owned.
  @usableFromInline static var removals: Int { 4 }
  /// Steps take the general path: the reactor is not started, or has hooks, a recorder,
  /// `take(until:)` work, or has ended (`RuntimeMachine.needsGeneralPath`).
  @usableFromInline static var general: Int { 8 }

  @usableFromInline var lock: PlatformLock
  #if canImport(Darwin)
  @usableFromInline var word: Int
  #else
  @usableFromInline let word: Atomic<Int>
  #endif

  init(lock: PlatformLock) {
    self.lock = lock
    #if canImport(Darwin)
    word = StepLock.general
    #else
    word = Atomic(StepLock.general)
    #endif
  }
}

extension UnsafeMutablePointer where Pointee == StepLock {
  /// The lock of the runtime.
  @inlinable var lock: UnsafeMutablePointer<PlatformLock> {
    // The lock is the first field of `StepLock`, so the tail starts with it.
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: PlatformLock.self)
  }

  /// Takes the step if it is free and plain: one compare-exchange, which acquires what the last
  /// owner released.
  @inlinable func takeFree() -> Bool {
    #if canImport(Darwin)
    lock.whileLocked { exchangeWordLocked(0, StepLock.owned) }
    #else
    pointee.word.compareExchange(expected: 0, desired: StepLock.owned, ordering: .acquiring)
      .exchanged
    #endif
  }

  /// Ends the step unless work or removals wait for its owner: one compare-exchange, which
  /// releases what the owner wrote to the next one.
  @inlinable func tryEnd() -> Bool {
    #if canImport(Darwin)
    return lock.whileLocked {
      let word = pointee.word
      guard word & (StepLock.queued | StepLock.removals) == 0 else { return false }
      pointee.word = word & ~StepLock.owned
      return true
    }
    #else
    var word = pointee.word.load(ordering: .relaxed)
    while word & (StepLock.queued | StepLock.removals) == 0 {
      let (exchanged, found) = pointee.word.compareExchange(
        expected: word, desired: word & ~StepLock.owned, ordering: .releasing)
      if exchanged { return true }
      word = found
    }
    return false
    #endif
  }

  /// The word as it is now, for the step's owner: whether flags wait for it, or which path to
  /// take. A flag set by another thread a moment ago may be missed; the owner's own are not.
  @inlinable func loadWord() -> Int {
    #if canImport(Darwin)
    lock.whileLocked { pointee.word }
    #else
    pointee.word.load(ordering: .relaxed)
    #endif
  }

  /// The word, with the lock held.
  @inlinable func loadWordLocked() -> Int {
    #if canImport(Darwin)
    pointee.word
    #else
    pointee.word.load(ordering: .acquiring)
    #endif
  }

  /// Replaces the word if it is `expected`, with the lock held; whether it was.
  @inlinable func exchangeWordLocked(_ expected: Int, _ desired: Int) -> Bool {
    #if canImport(Darwin)
    guard pointee.word == expected else { return false }
    pointee.word = desired
    return true
    #else
    pointee.word.compareExchange(
      expected: expected, desired: desired, ordering: .acquiringAndReleasing
    ).exchanged
    #endif
  }

  /// Clears `flags`, with the lock held.
  @inlinable func clearLocked(_ flags: Int) {
    #if canImport(Darwin)
    pointee.word &= ~flags
    #else
    pointee.word.bitwiseAnd(~flags, ordering: .acquiringAndReleasing)
    #endif
  }
}
