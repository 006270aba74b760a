#if os(Linux)
import Synchronization
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the terminal is in interactive mode, published to signal handlers on any thread.
///
/// Setting it releases everything written to ``RestoreState`` before; clearing it acquires that,
/// and only one caller ever clears it, so the normal path and a signal handler never both
/// restore. On Linux this is a lock-free atomic (async-signal-safe). On Apple platforms, where
/// `Synchronization.Atomic` needs macOS 15, it is a `sig_atomic_t`, as in C: the signal's own
/// delivery orders memory there in practice, though not by the language's rules.
enum ActiveFlag {
  #if os(Linux)
  private static let value = Atomic<Int32>(0)

  /// Marks the terminal interactive, after everything a restore needs is in place.
  static func set() {
    value.store(1, ordering: .releasing)
  }

  /// Whether the terminal is interactive.
  static var isSet: Bool {
    value.load(ordering: .acquiring) != 0
  }

  /// Marks the terminal restored; returns whether it was interactive (so this caller restores).
  static func clear() -> Bool {
    value.exchange(0, ordering: .acquiringAndReleasing) != 0
  }
  #else
  nonisolated(unsafe) private static var value: sig_atomic_t = 0

  /// Marks the terminal interactive, after everything a restore needs is in place.
  static func set() {
    value = 1
  }

  /// Whether the terminal is interactive.
  static var isSet: Bool {
    value != 0
  }

  /// Marks the terminal restored; returns whether it was interactive (so this caller restores).
  static func clear() -> Bool {
    defer { value = 0 }
    return value != 0
  }
  #endif
}
