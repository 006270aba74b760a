/// Why a ``StateFile`` refuses to open: a mistake in the reactor's ``PersistentReactor/Saved``,
/// found before anything is read or written.
public enum PersistenceError: Error, Equatable, CustomStringConvertible {
  /// A member of the saved state has a name that `Redaction` calls secret (`password`, `token`,
  /// …), and the reactor did not allow it in ``PersistentReactor/allowedSecretMembers``.
  ///
  /// `member` is its path from the saved state, `"account.password"`.
  case secretMember(String, reactor: String)

  /// A one-line message for a person.
  public var description: String {
    switch self {
    case .secretMember(let member, let reactor):
      "\(reactor).Saved's member `\(member)` names a secret, so it is not written to disk; "
        + "leave it out of Saved, or list it in \(reactor).allowedSecretMembers"
    }
  }
}
