/// A one-shot value in a state, such as an alert or a toast: observers see it once per
/// assignment, even when the same value is assigned twice.
///
/// ```swift
/// struct State {
///   @Pulse var alertMessage: String?
/// }
///
/// for await message in reactor.pulse(\.$alertMessage) {
///   showAlert(message)
/// }
/// ```
///
/// Every assignment increments ``updateCount``; ``Reactor/pulse(_:)`` yields the value whenever
/// the count changes. A late subscriber is not handed the value assigned before it subscribed:
/// a one-shot event is delivered to whoever listens when it happens, and an alert is not shown
/// again when a screen re-subscribes.
@propertyWrapper
public struct Pulse<Value> {
  /// The latest value assigned; assigning counts as an update, even with an equal value.
  public var value: Value {
    didSet { updateCount &+= 1 }
  }

  /// How many times a value was assigned since the state was created.
  public private(set) var updateCount: UInt = 0

  /// Makes a pulse holding `wrappedValue`; the initial value is not an update.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// The latest value; assigning it counts as an update.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The pulse itself, for ``Reactor/pulse(_:)``: `reactor.pulse(\.$alertMessage)`.
  public var projectedValue: Pulse<Value> { self }
}

extension Pulse: Sendable where Value: Sendable {}
extension Pulse: Equatable where Value: Equatable {}
extension Pulse: Hashable where Value: Hashable {}
