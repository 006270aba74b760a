/// The synchronous observers registered with `Reactor.observe(_:)`, in subscription order: one
/// (most reactors have one) or several.
///
/// Several form an immutable list, replaced whenever one comes or goes, so the step's owner calls
/// the list it read under the lock with the reactor unlocked, as it calls one observer. They live
/// in `RuntimeCore` either way: more observers never take the reactor off its fast path. The
/// owner reads them `lent`, without retaining them: copying them out retained and released them,
/// two atomic instructions per state.
@usableFromInline enum StateObserver<State> {
  /// One observer.
  case one(Member)
  /// Several, in subscription order.
  case several(List)

  /// The `StateObservation` that keeps an observer registered: compared, never retained.
  @usableFromInline typealias Token = Unmanaged<StateObservation>

  @usableFromInline init(token: Token, receive: @escaping @Sendable (State) -> Void) {
    self = .one(Member(receive: receive, token: token))
  }

  /// Hands `state` to every observer, in subscription order.
  @inlinable func receive(_ state: State) {
    lent.receive(state)  // `self` holds them meanwhile.
  }

  /// The same observers, not retained: what the step's owner calls after a commit.
  ///
  /// Whoever holds the observers must keep them until the owner is done: the core does, and an
  /// observer removed during a step is kept by the step's queue (`StepWork.retire`).
  @inlinable var lent: Lent {
    switch self {
    case .one(let member): .one(.passUnretained(member))
    case .several(let list): .several(.passUnretained(list))
    }
  }

  /// These observers, then `newcomer`.
  func adding(_ newcomer: StateObserver) -> StateObserver {
    .several(List(members + newcomer.members))
  }

  /// Whether `token` registered one of these observers.
  func contains(_ token: Token) -> Bool {
    switch self {
    case .one(let member): member.token.toOpaque() == token.toOpaque()
    case .several(let list):
      list.members.contains { $0.takeUnretainedValue().token.toOpaque() == token.toOpaque() }
    }
  }

  /// These observers but the one `token` registered; `nil` if none is left.
  func removing(_ token: Token) -> StateObserver? {
    let rest = members.filter { $0.token.toOpaque() != token.toOpaque() }
    switch rest.count {
    case 0: return nil
    case 1: return .one(rest[0])
    default: return .several(List(rest))
    }
  }

  private var members: [Member] {
    switch self {
    case .one(let member): [member]
    case .several(let list): list.members.map { $0.takeUnretainedValue() }
    }
  }

  /// One observer: its closure and the observation that registered it, in an object of their
  /// own so that it can be lent out without reference counting.
  @usableFromInline final class Member {
    @usableFromInline let receive: @Sendable (State) -> Void
    let token: Token

    init(receive: @escaping @Sendable (State) -> Void, token: Token) {
      self.receive = receive
      self.token = token
    }
  }

  /// Several observers, retained once, when the list is made, and released in `deinit`: it
  /// lends them out unretained, so calling one costs no reference counting.
  @usableFromInline final class List {
    @usableFromInline let members: [Unmanaged<Member>]

    init(_ members: [Member]) {
      self.members = members.map { .passRetained($0) }
    }

    deinit {
      for member in members { member.release() }
    }

    @inlinable func receive(_ state: State) {
      for member in members {
        member._withUnsafeGuaranteedRef { $0.receive(state) }
      }
    }
  }

  /// Observers as `lent` hands them out: unretained, each call a plain load and jump.
  @usableFromInline enum Lent {
    case one(Unmanaged<Member>)
    case several(Unmanaged<List>)

    /// Hands `state` to every observer, in subscription order.
    @inlinable @inline(__always) func receive(_ state: State) {
      switch self {
      case .one(let member): member._withUnsafeGuaranteedRef { $0.receive(state) }
      case .several(let list): list._withUnsafeGuaranteedRef { $0.receive(state) }
      }
    }
  }
}
