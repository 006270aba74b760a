/// A push-based stream of values that the `transform` hooks of a ``Reactor`` rewrite.
///
/// A signal describes how to deliver values; nothing runs until the reactor subscribes to what
/// your transform returns. Operators without time (``map(_:)``, ``filter(_:)``, ``onEach(_:)``,
/// ``merge(with:)-(Signal)``) deliver synchronously, on the sender's thread, so an action that
/// passes through them is still reduced before `send` returns. Time-based ones (``debounce(for:clock:)``)
/// deliver later, from a task.
///
/// ```swift
/// func transform(action: Signal<Action>) -> Signal<Action> {
///   action
///     .onEach { print("action", $0) }
///     .prepend(.refresh)
/// }
///
/// func transform(mutation: Signal<Mutation>) -> Signal<Mutation> {
///   mutation.merge(with: userEvents.map { Mutation.setUser($0) })
/// }
/// ```
public struct Signal<Element: Sendable>: Sendable {
  /// Receives each value with its origin: the scope of the effect that sent it, if any. Every
  /// operator passes the origin along with the value (a debounce keeps it with the value it
  /// holds), so a mutation of an effect cancelled meanwhile is still recognised when it comes out
  /// of the hook, and dropped.
  typealias Receiver = @Sendable (Element, _ origin: EffectScope?) -> Void

  /// The relay this signal delivers unchanged, if it is one; how the runtime spots an identity
  /// transform.
  let source: ObjectIdentifier?
  /// Starts delivering values to a receiver; they stop when the subscription is cancelled.
  let subscribe: @Sendable (@escaping Receiver) -> SignalSubscription

  init(
    source: ObjectIdentifier? = nil,
    subscribe: @escaping @Sendable (@escaping Receiver) -> SignalSubscription
  ) {
    self.source = source
    self.subscribe = subscribe
  }

  /// A signal that never delivers anything.
  public static var empty: Signal {
    Signal { _ in SignalSubscription() }
  }
}

/// Stops a subscription to a ``Signal``: cancels its tasks and timers.
struct SignalSubscription: Sendable {
  private let cancellation: (@Sendable () -> Void)?

  init(_ cancellation: (@Sendable () -> Void)? = nil) {
    self.cancellation = cancellation
  }

  /// Stops delivery.
  func cancel() {
    cancellation?()
  }

  /// A subscription that cancels both.
  func and(_ other: SignalSubscription) -> SignalSubscription {
    SignalSubscription {
      cancel()
      other.cancel()
    }
  }
}

/// The source of a reactor's action, mutation or state signal: what it emits reaches every
/// subscriber, synchronously.
@usableFromInline final class SignalRelay<Element: Sendable>: Sendable {
  private let receivers: Locked<Receivers>

  private struct Receivers {
    var nextID: UInt64 = 0
    var entries: [(id: UInt64, receive: Signal<Element>.Receiver)] = []
  }

  init() {
    receivers = .make(Receivers())
  }

  /// The signal given to `transform`; returning it unchanged means "no transform".
  var signal: Signal<Element> {
    Signal(source: ObjectIdentifier(self)) { [self] receive in
      let id = receivers.withLock { receivers in
        receivers.nextID += 1
        receivers.entries.append((receivers.nextID, receive))
        return receivers.nextID
      }
      return SignalSubscription { [self] in
        receivers.withLock { $0.entries.removeAll { $0.id == id } }
      }
    }
  }

  /// Delivers `element` to every subscriber, in subscription order.
  @usableFromInline func emit(_ element: Element, origin: EffectScope?) {
    let entries = receivers.withLock { $0.entries }
    for entry in entries { entry.receive(element, origin) }
  }
}
