/// One line of a recorded session: an action as sent, or a mutation as reduced, and when.
public struct RecordedEvent<Action: Sendable, Mutation: Sendable>: Sendable {
  /// What happened.
  public enum Kind: Sendable {
    /// An action was sent, as the caller sent it (before `transform(action:)`).
    case action(Action)
    /// A loaded recording's action whose secret was redacted along with its case: it cannot be
    /// decoded, so action replay skips it. A recorder never hands one to its sink.
    case redactedAction
    /// A mutation was reduced (after `transform(mutation:)`).
    case mutation(Mutation, source: MutationSource)
  }

  /// What happened.
  public var kind: Kind
  /// When, from the start of the recording (the recorder's creation), on the recorder's clock.
  public var offset: Duration

  /// Makes an event.
  public init(_ kind: Kind, at offset: Duration) {
    self.kind = kind
    self.offset = offset
  }

  /// The action, if the event is an action that can be replayed.
  public var action: Action? {
    if case .action(let action) = kind { action } else { nil }
  }

  /// The mutation, if the event is a mutation.
  public var mutation: Mutation? {
    if case .mutation(let mutation, _) = kind { mutation } else { nil }
  }
}
