#if canImport(Darwin)
import Darwin
#else
import Synchronization
#endif

/// The tail of a runtime's storage: its lock, and beside it the step word, which says who owns the
/// step: a thread takes a free, plain step with one compare-exchange and ends it with another, so
/// such a step holds the lock only for its commit. The word is an `Atomic`, but on Apple systems,
/// which have that only from macOS 15 and iOS 18 (after this package's minimums), an `Int` guarded
/// by the `os_unfair_lock`, whose uncontended hold costs about as much as an atomic operation.
#if canImport(Darwin)
@usableFromInline struct StepLock {
  // Copyable here: Apple systems before macOS 15 and iOS 18 cannot make the metadata of a
  // `ManagedBuffer` whose tail is not. The lock comes first: `lock` below points at it.
  @usableFromInline var lock = PlatformLock()
  @usableFromInline var word = StepLock.general
}
#else
@usableFromInline struct StepLock: ~Copyable {
  // The lock comes first: `lock` below points at it.
  @usableFromInline let lock = PlatformLock()
  @usableFromInline let word = Atomic(StepLock.general)
}
#endif

extension StepLock {
  /// A thread owns the step: it runs the user's code, and others queue their work for it.
  @usableFromInline static var owned: Int { 1 }
  /// Work waits in the queue for the owner. Flags are set only while the step is owned.
  @usableFromInline static var queued: Int { 2 }
  /// Listeners wait to be removed by the owner.
  @usableFromInline static var removals: Int { 4 }
  /// Steps take the general path (`RuntimeMachine.needsGeneralPath`, mirrored).
  @usableFromInline static var general: Int { 8 }
  /// The step watcher waits to hear of the next step's end (`Reactor+StepWatching.swift`).
  /// Set whether or not the step is owned: a free step with it set is taken through the lock.
  @usableFromInline static var watched: Int { 16 }
  /// What keeps an owner from ending its step with one compare-exchange.
  @usableFromInline static var forOwner: Int { queued | removals | watched }
}

extension UnsafeMutablePointer where Pointee == StepLock {
  /// The lock of the runtime.
  @inlinable var lock: UnsafeMutablePointer<PlatformLock> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: PlatformLock.self)
  }

  /// Takes the step if it is free and plain; acquires what the last owner released.
  @inlinable func takeFree() -> Bool {
    #if canImport(Darwin)
    lock.whileLocked { exchangeWordLocked(0, StepLock.owned) }
    #else
    pointee.word.compareExchange(expected: 0, desired: StepLock.owned, ordering: .acquiring)
      .exchanged
    #endif
  }

  /// Ends the step unless work, removals or the watcher wait; releases what the owner wrote.
  @inlinable func tryEnd() -> Bool {
    #if canImport(Darwin)
    return lock.whileLocked {
      guard pointee.word & StepLock.forOwner == 0 else { return false }
      pointee.word &= ~StepLock.owned
      return true
    }
    #else
    var word = pointee.word.load(ordering: .relaxed)
    while word & StepLock.forOwner == 0 {
      let (exchanged, found) = pointee.word.compareExchange(
        expected: word, desired: word & ~StepLock.owned, ordering: .releasing)
      if exchanged { return true }
      word = found
    }
    return false
    #endif
  }

  /// The word, for the step's owner: a flag another thread just set may be missed, never its own.
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

  /// Sets `flags`, with the lock held.
  @inlinable func setLocked(_ flags: Int) {
    #if canImport(Darwin)
    pointee.word |= flags
    #else
    pointee.word.bitwiseOr(flags, ordering: .acquiringAndReleasing)
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
