/// The synchronous observers registered with `Reactor.observe(_:)`, in subscription order: one
/// (most reactors have one) or several.
///
/// Several form an immutable list, replaced whenever one comes or goes, so the step's owner calls
/// the list it read under the lock with the reactor unlocked, as it calls one observer. They live
/// in `RuntimeCore` either way: more observers never take the reactor off its fast path.
@usableFromInline enum StateObserver<State> {
  /// One observer, known by the observation that keeps it registered.
  case one(receive: @Sendable (State) -> Void, token: Token)
  /// Several, in subscription order.
  case several(List)

  /// The `StateObservation` that keeps an observer registered: compared, never retained.
  ///
  /// NB: an unowned reference rather than an `ObjectIdentifier`, because its spare bits hold the
  /// enum's case: one observer takes 24 bytes in the core, not 32.
  @usableFromInline typealias Token = Unmanaged<StateObservation>

  @usableFromInline init(token: Token, receive: @escaping @Sendable (State) -> Void) {
    self = .one(receive: receive, token: token)
  }

  /// Hands `state` to every observer, in subscription order.
  @inlinable func receive(_ state: State) {
    switch self {
    case .one(let receive, _): receive(state)
    case .several(let list): list.receive(state)
    }
  }

  /// These observers, then `newcomer`.
  func adding(_ newcomer: StateObserver) -> StateObserver {
    .several(List(members + newcomer.members))
  }

  /// Whether `token` registered one of these observers.
  func contains(_ token: Token) -> Bool {
    switch self {
    case .one(_, let own): own.toOpaque() == token.toOpaque()
    case .several(let list):
      list.members.contains { $0.takeUnretainedValue().token.toOpaque() == token.toOpaque() }
    }
  }

  /// These observers but the one `token` registered; `nil` if none is left.
  func removing(_ token: Token) -> StateObserver? {
    let rest = members.filter { $0.token.toOpaque() != token.toOpaque() }
    switch rest.count {
    case 0: return nil
    case 1: return .one(receive: rest[0].receive, token: rest[0].token)
    default: return .several(List(rest))
    }
  }

  private var members: [List.Member] {
    switch self {
    case .one(let receive, let token): [List.Member(receive: receive, token: token)]
    case .several(let list): list.members.map { $0.takeUnretainedValue() }
    }
  }

  /// Several observers, each in an object of its own that the list retains once, when it is made,
  /// and releases in `deinit`: it lends them out unretained, so calling one costs no reference
  /// counting (copying a closure out of an array would retain and release its context, two
  /// atomic operations per observer and state).
  @usableFromInline final class List {
    @usableFromInline let members: [Unmanaged<Member>]

    @usableFromInline final class Member {
      @usableFromInline let receive: @Sendable (State) -> Void
      let token: Token

      init(receive: @escaping @Sendable (State) -> Void, token: Token) {
        self.receive = receive
        self.token = token
      }
    }

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
}
