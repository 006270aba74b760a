/// A yes/no that signal handlers read and change, with one winner per change: only one caller
/// clears it, so the normal path and a signal handler never both act.
///
/// Every access is one lock-free compare-and-exchange on a word, which a signal handler may run
/// and which no other thread can split, on every system alike: `Synchronization.Atomic` would do
/// the same but needs macOS 15, and a `sig_atomic_t` read then written is not an exchange.
struct SignalSafeFlag: ~Copyable, Sendable {
  /// Whether the terminal is in interactive mode (raw, on the alternate screen).
  static let isInteractive = SignalSafeFlag()
  /// Whether standard error is captured, so it still has to be put back and replayed.
  static let isCapturingStandardError = SignalSafeFlag()

  /// The word: `nil` while lowered, ``raised`` while raised. Never dereferenced.
  private typealias Word = UnsafeRawPointer?

  private static var raised: Word { UnsafeRawPointer(bitPattern: 1) }

  // Safe: the word is reached only through the atomic exchange below. Allocated, since an atomic
  // needs an address that never moves; freed with the flag (the process-wide statics never are).
  nonisolated(unsafe) private let word: UnsafeMutablePointer<Word>

  /// A lowered flag.
  init() {
    word = .allocate(capacity: 1)
    word.initialize(to: nil)
  }

  deinit {
    word.deallocate()
  }

  /// Raises the flag, after everything its readers need is in place.
  func set() {
    _ = exchange(ifItHolds: nil, with: Self.raised)
  }

  /// Whether the flag is raised.
  var isSet: Bool {
    // Replacing nil with nil changes nothing, and fails exactly when the flag is raised.
    !exchange(ifItHolds: nil, with: nil)
  }

  /// Lowers the flag; returns whether it was raised (so this caller, and no other, acts).
  func clear() -> Bool {
    exchange(ifItHolds: Self.raised, with: nil)
  }

  /// Writes `new` if the word holds `expected`, in one atomic step; returns whether it did.
  private func exchange(ifItHolds expected: Word, with new: Word) -> Bool {
    var expected = expected
    // The standard library's public compare-and-exchange: inlined into one instruction, it needs
    // no runtime and no newer system.
    return _stdlib_atomicCompareExchangeStrongPtr(object: word, expected: &expected, desired: new)
  }
}
