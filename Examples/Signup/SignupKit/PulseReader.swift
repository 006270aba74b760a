import Reactors

/// Reads a ``Pulse`` from successive states and reports each assignment once, for synchronous
/// observers (`reactor.observe`) that can't iterate `reactor.pulse(_:)`.
///
/// ```swift
/// var outcomes = PulseReader<SignupOutcome?>()
/// let observation = reactor.observe { state in
///   if let outcome = outcomes.read(state.$outcome) { show(outcome) }
/// }
/// ```
///
/// Like `reactor.pulse(_:)`, the first state read only sets the baseline: a value assigned
/// before reading started is not reported.
public struct PulseReader<Value>: Sendable {
  private var lastUpdateCount: UInt?

  /// Makes a reader that has read nothing yet.
  public init() {}

  /// The pulse's value if it was assigned since the previous read; `nil` otherwise.
  public mutating func read(_ pulse: Pulse<Value>) -> Value? {
    defer { lastUpdateCount = pulse.updateCount }
    guard let lastUpdateCount, lastUpdateCount != pulse.updateCount else { return nil }
    return pulse.value
  }
}
