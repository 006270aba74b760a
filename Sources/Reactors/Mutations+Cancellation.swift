extension Mutations {
  /// Stops this work when a later action matches `predicate` (ReactorKit's `take(until:)`).
  ///
  /// The check runs when the later action is sent, before its own `mutate`. From then on, no
  /// mutation of this work reaches `reduce`, and its task is cancelled. The enclosing
  /// ``concat(_:)-(Mutations...)`` goes on with its next part, as `takeUntil` completes in RxSwift.
  ///
  /// ```swift
  /// .run { send in ... }
  ///   .take(until: self.action.filter { if case .updateQuery = $0 { true } else { false } })
  /// ```
  ///
  /// Inside `mutate(action:)` the parameter hides the reactor's ``Reactor/action`` property:
  /// write `self.action`, as ReactorKit code does.
  public func take<Action>(until predicate: ActionPredicate<Action>) -> Mutations {
    Mutations(.scoped(.takeUntil(predicate), node))
  }

  /// Gives this work an identity and a policy for what happens when it starts again while a
  /// previous run with the same `id` is still in flight.
  ///
  /// ```swift
  /// .run { send in ... }.cancellable(id: SearchID.self, policy: .latest)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable value; runs with equal ids share the policy.
  ///   - policy: ``CancellationPolicy/merge`` (the default) lets runs overlap.
  @inlinable public func cancellable(
    id: some Hashable & Sendable, policy: CancellationPolicy = .merge
  )
    -> Mutations
  {
    Mutations(.scoped(.cancellable(.id(EffectID(id)), policy), node))
  }

  /// Like ``cancellable(id:policy:)``, keyed by the case of the action that produced this work.
  ///
  /// Two `.loadNextPage` actions share a key; `.updateQuery("a")` and `.updateQuery("b")` share
  /// one too (payloads are ignored).
  public func cancellable(policy: CancellationPolicy) -> Mutations {
    Mutations(.scoped(.cancellable(.actionCase, policy), node))
  }

  /// Cancels every run started with ``cancellable(id:policy:)`` under `id`; emits nothing.
  public static func cancel(id: some Hashable & Sendable) -> Mutations {
    Mutations(.cancel(EffectID(id)))
  }
}
