/// The usernames that count as taken in offline mode, compared case-insensitively as GitHub does.
///
/// ```swift
/// TakenUsernameDirectory.offline.contains("OctoCat")  // true
/// TakenUsernameDirectory.offline.contains("octocat-2")  // false
/// ```
public struct TakenUsernameDirectory: Sendable, Hashable {
  /// The taken names, lowercased.
  public let names: Set<String>

  /// A directory of `names`, in any case.
  public init(_ names: some Sequence<String>) {
    self.names = Set(names.map { $0.lowercased() })
  }

  /// Whether `username` is taken, ignoring case.
  public func contains(_ username: String) -> Bool {
    names.contains(username.lowercased())
  }

  /// The directory embedded in the app: well-known accounts and reserved-looking names.
  public static let offline = TakenUsernameDirectory([
    "octocat", "torvalds", "apple", "swift", "swiftlang", "github", "gitster", "defunkt",
    "mojombo", "pjhyett", "wycats", "google", "microsoft", "facebook", "mozilla", "linux",
    "rust-lang", "golang", "python", "nodejs", "admin", "root", "support", "help", "security",
    "api", "login", "signup", "settings", "reactorkit", "reactivex", "pointfreeco",
  ])
}
