#if os(Linux)
import Synchronization
#elseif canImport(Darwin)
import Darwin
#endif

/// A yes/no that signal handlers read and change, with one winner per change: only one caller
/// clears it, so the normal path and a signal handler never both act. A lock-free atomic on
/// Linux; on Apple platforms (`Atomic` needs macOS 15) a `sig_atomic_t`, as in C.
struct SignalSafeFlag: ~Copyable, Sendable {
  /// Whether the terminal is in interactive mode (raw, on the alternate screen).
  static let isInteractive = SignalSafeFlag()
  /// Whether standard error is captured, so it still has to be put back and replayed.
  static let isCapturingStandardError = SignalSafeFlag()

  #if os(Linux)
  private let value = Atomic<Int32>(0)

  /// Raises the flag, after everything its readers need is in place.
  func set() { value.store(1, ordering: .releasing) }

  /// Whether the flag is raised.
  var isSet: Bool { value.load(ordering: .acquiring) != 0 }

  /// Lowers the flag; returns whether it was raised (so this caller acts).
  func clear() -> Bool { value.exchange(0, ordering: .acquiringAndReleasing) != 0 }
  #else
  // Allocated once per flag, never freed: the flags are process-wide statics.
  nonisolated(unsafe) private let value: UnsafeMutablePointer<sig_atomic_t> = {
    let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return pointer
  }()

  /// Raises the flag, after everything its readers need is in place.
  func set() { value.pointee = 1 }

  /// Whether the flag is raised.
  var isSet: Bool { value.pointee != 0 }

  /// Lowers the flag; returns whether it was raised (so this caller acts).
  func clear() -> Bool {
    defer { value.pointee = 0 }
    return value.pointee != 0
  }
  #endif
}
