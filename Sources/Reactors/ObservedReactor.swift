import Observation

/// A reactor's state as an `@Observable` model on the main actor, for SwiftUI, where a view
/// re-renders only for the members it reads.
///
/// ```swift
/// struct SearchView: View {
///   @State private var search = ObservedReactor(SearchReactor())
///
///   var body: some View {
///     VStack {
///       if search.isLoading { ProgressView() }  // Re-renders when `isLoading` changes,
///       List(search.results, id: \.self) { Text($0) }  // or when `results` does.
///     }
///   }
/// }
/// ```
///
/// Reading a member through the model, `search.query` (any key path of the state: a nested
/// member, a computed property, `search.rows[3]`), makes the view depend on that member alone: a
/// new state re-renders it only if the member's value changed (an `Equatable` member is compared;
/// any other counts as changed by every new state). Reading ``state`` makes it depend on every
/// new state.
///
/// States reach the model on the main actor, whichever thread reduced them. A state reduced on
/// the main actor — an action sent from it, or a mutation its effect sent there — is applied at
/// once, before the step goes on; one reduced elsewhere is applied when the main actor next runs,
/// and when several arrive before it does, only the newest: a view renders the present, not each
/// step. Use ``Reactor/state`` where every step matters.
///
/// > Note: Available from macOS 14, iOS 17, tvOS 17 and watchOS 10, which have `Observation`;
/// > the rest of the package runs from macOS 13, iOS 16, tvOS 16 and watchOS 9. On those, observe
/// > ``Reactor/state`` from the view's model instead.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservedReactor<R: Reactor>: Observable {
  /// The reactor observed.
  public let reactor: R

  /// The newest state delivered to the main actor; reading it makes the reader depend on every
  /// new state.
  public var state: R.State {
    registrar.access(self, keyPath: \.state)
    return storedState
  }

  private var storedState: R.State
  private let registrar = ObservationRegistrar()
  private let mailbox: Locked<R.State?>
  private var observation: StateObservation?
  /// The members read so far, keyed by their key path in the state.
  ///
  /// Observation tells dependencies apart by key paths of the model, and the model stores only
  /// the whole state; so each member read gets a key path of its own, `\.[member: keyPath]`,
  /// and the comparison that tells, when a state arrives, whether its readers must hear of it.
  /// Members stay once read: the registrar does not say when a member's last reader is gone.
  private var members: [PartialKeyPath<R.State>: Member] = [:]

  /// Observes `reactor` from now on.
  public init(_ reactor: R) {
    self.reactor = reactor
    storedState = reactor.currentState
    let mailbox = Locked<R.State?>.make(nil)
    self.mailbox = mailbox
    observation = reactor.observe { [weak self, weak reactor] state in
      // Called by the step's owner, which alone reads where it runs.
      if reactor?.runtime.storage.isStepOnMainActor == true {
        // A state from another thread still waiting in the mailbox is older: this one wins.
        let older = mailbox.withLock { $0.take() }
        _ = older  // Released here, with the mailbox unlocked.
        return MainActor.assumeIsolated { self?.apply(state) }
      }
      let isFirst = mailbox.withLock { pending in
        defer { pending = state }
        return pending == nil
      }
      guard isFirst else { return }
      Task { @MainActor [weak self] in self?.applyPendingState() }
    }
  }

  /// A member of the newest state; reading it makes the reader depend on this member alone,
  /// told of a new state only when the member's value changed.
  public subscript<Value: Equatable>(dynamicMember member: KeyPath<R.State, Value>) -> Value {
    access(member) { { $0[keyPath: member] == $1[keyPath: member] } }
    return storedState[keyPath: member]
  }

  /// A member of the newest state that is not `Equatable`; reading it makes the reader depend
  /// on this member, told of every new state, since a change cannot be told from a repeat.
  public subscript<Value>(dynamicMember member: KeyPath<R.State, Value>) -> Value {
    access(member) { nil }
    return storedState[keyPath: member]
  }

  /// Sends an action to the reactor.
  public func send(_ action: R.Action) {
    reactor.send(action)
  }

  /// Registers the reading of `member`; on its first read, remembers it with the comparison
  /// `isUnchanged` makes (made only then, so a read allocates nothing).
  private func access(
    _ member: PartialKeyPath<R.State>,
    isUnchanged: () -> ((R.State, R.State) -> Bool)?
  ) {
    let key: KeyPath<ObservedReactor, Void>
    if let known = members[member] {
      key = known.key
    } else {
      key = \.[member: member]
      members[member] = Member(key: key, isUnchanged: isUnchanged())
    }
    registrar.access(self, keyPath: key)
  }

  /// The identity of a member's readers for the registrar, which never reads through it.
  private nonisolated subscript(member member: PartialKeyPath<R.State>) -> Void { () }

  private func applyPendingState() {
    guard let newState = mailbox.withLock({ $0.take() }) else { return }
    apply(newState)
  }

  /// Makes `newState` the model's, telling the readers of each member it changed.
  private func apply(_ newState: R.State) {
    let oldState = storedState
    let changed = members.values.filter { !($0.isUnchanged?(oldState, newState) ?? false) }
    for member in changed { registrar.willSet(self, keyPath: member.key) }
    registrar.withMutation(of: self, keyPath: \.state) {
      storedState = newState
    }
    for member in changed { registrar.didSet(self, keyPath: member.key) }
  }

  /// A member read through the model: the key path its readers depend on, and how to tell
  /// whether a new state changed it (`nil`: every new state does).
  private struct Member {
    let key: KeyPath<ObservedReactor, Void>
    let isUnchanged: ((R.State, R.State) -> Bool)?
  }
}
