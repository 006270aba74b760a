@_spi(Testing) import Reactors

/// Puts a reactor in stub mode for view tests: actions are recorded instead of handled, and the
/// test sets the state directly.
///
/// A view test checks two things: that the view sends the right actions, and that it renders a
/// state correctly. Neither needs `mutate` or `reduce` to run, so in stub mode they do not: every
/// action sent (after `transform(action:)`) lands in ``actions``, and assigning ``state``
/// publishes it to the reactor's observers — `observe`, `state` sequences, pulses — as if
/// `reduce` had produced it.
///
/// ```swift
/// @Test func tappingSearchSendsTheQuery() {
///   let reactor = SearchReactor()
///   let stub = ReactorStub(reactor)
///   let view = SearchView(reactor: reactor)
///
///   view.type("swift")
///   #expect(stub.actions == [.updateQuery("swift")])
///
///   stub.state.isLoading = true
///   #expect(view.isSpinnerVisible)
/// }
/// ```
///
/// Stub mode lasts as long as the reactor: make a fresh reactor for each view test.
public final class ReactorStub<R: Reactor>: Sendable {
  /// The reactor in stub mode.
  public let reactor: R

  private let recorded = Protected<[R.Action]>([])

  /// Puts `reactor` in stub mode.
  public init(_ reactor: R) {
    self.reactor = reactor
    reactor._setStub { [recorded] action in
      recorded.withLock { $0.append(action) }
    }
  }

  /// Every action sent to the reactor since stub mode began, in order.
  public var actions: [R.Action] {
    recorded.withLock { $0 }
  }

  /// The action sent last, if any.
  public var lastAction: R.Action? {
    recorded.withLock { $0.last }
  }

  /// Forgets the actions recorded so far.
  public func removeAllActions() {
    recorded.withLock { $0.removeAll() }
  }

  /// The reactor's current state; assigning it replaces the state without `reduce` and publishes
  /// it to every observer.
  ///
  /// ```swift
  /// stub.state.isLoading = true
  /// stub.state = SearchReactor.State(query: "swift", results: ["swift-nio"])
  /// ```
  public var state: R.State {
    get { reactor.currentState }
    set { reactor._replaceState(with: newValue) }
  }
}
