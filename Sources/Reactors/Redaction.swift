/// Rules that keep secrets out of descriptions: any field, case or tuple label containing one of
/// ``keywords`` (case-insensitively) is printed as `<redacted>`.
///
/// ```swift
/// Redaction.default.describe(Credentials(user: "octocat", password: "hunter2"))
/// // Credentials(user: "octocat", password: <redacted>)
/// ```
///
/// Descriptions are built with `Mirror`, so they follow the structure of a value rather than its
/// `description`, which could print a secret.
public struct Redaction: Sendable, Hashable {
  /// Lowercase fragments of names that hold secrets.
  public var keywords: [String]

  /// What replaces a secret.
  public static let marker = "<redacted>"

  /// Passwords, tokens, secrets, authorization headers, API keys, credentials and cookies.
  public static let `default` = Redaction(keywords: [
    "password", "passwd", "passphrase", "secret", "token", "authorization", "apikey", "api_key",
    "credential", "cookie", "privatekey", "private_key",
  ])

  /// No redaction at all; for local debugging only.
  public static let disabled = Redaction(keywords: [])

  /// Makes rules from name fragments; they are compared case-insensitively.
  public init(keywords: [String]) {
    self.keywords = keywords.map { $0.lowercased() }
  }

  /// Whether a field, case or label with this name holds a secret.
  public func isSecret(_ name: String) -> Bool {
    if keywords.isEmpty { return false }
    // Byte by byte: `String.contains` resolves to Foundation's search wherever Foundation is
    // imported (it was the slowest part of a state's diff, `Performance.md`). An empty keyword
    // matches nothing.
    let name = Array(name.lowercased().utf8)
    return keywords.contains { keyword in
      let keyword = keyword.utf8
      guard !keyword.isEmpty, keyword.count <= name.count else { return false }
      return (0...(name.count - keyword.count)).contains { name[$0...].starts(with: keyword) }
    }
  }

  /// Describes `value` on one line, with its secret parts replaced by ``marker``.
  public func describe(_ value: Any) -> String {
    describe(value, depth: 0)
  }

  private static let maximumDepth = 6
  private static let maximumElements = 20

  private func describe(_ value: Any, depth: Int) -> String {
    guard depth < Self.maximumDepth else { return "…" }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return describe(wrapped.value, depth: depth)
    case .enum:
      guard let payload = mirror.children.first, let name = payload.label else {
        return "." + String(describing: value)
      }
      if isSecret(name) { return ".\(name)(\(Self.marker))" }
      let inner = describe(payload.value, depth: depth + 1)
      let isTuple = Mirror(reflecting: payload.value).displayStyle == .tuple
      return isTuple ? ".\(name)\(inner)" : ".\(name)(\(inner))"
    case .struct, .class:
      let fields = mirror.children.map { child in
        describeField(label: child.label, value: child.value, depth: depth)
      }
      return "\(mirror.subjectType)(\(fields.joined(separator: ", ")))"
    case .tuple:
      let fields = mirror.children.map { child in
        let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        return describeField(label: label, value: child.value, depth: depth)
      }
      return "(\(fields.joined(separator: ", ")))"
    case .collection, .set:
      return "[\(describeElements(mirror.children, depth: depth))]"
    case .dictionary:
      let pairs = mirror.children.prefix(Self.maximumElements).map { pair -> String in
        let parts = Array(Mirror(reflecting: pair.value).children)
        guard parts.count == 2 else { return describe(pair.value, depth: depth + 1) }
        let key = describe(parts[0].value, depth: depth + 1)
        if let name = parts[0].value as? String, isSecret(name) { return "\(key): \(Self.marker)" }
        return "\(key): \(describe(parts[1].value, depth: depth + 1))"
      }
      let more = mirror.children.count - pairs.count
      return "[\(pairs.joined(separator: ", "))\(more > 0 ? ", … \(more) more" : "")]"
    default:
      // Strings as the dumps quote them: `"don't"`, not `debugDescription`'s `"don\'t"`.
      if let string = value as? String { return ValueDump.quoted(string) }
      return String(reflecting: value)
    }
  }

  private func describeField(label: String?, value: Any, depth: Int) -> String {
    guard let label else { return describe(value, depth: depth + 1) }
    if isSecret(label) { return "\(label): \(Self.marker)" }
    return "\(label): \(describe(value, depth: depth + 1))"
  }

  private func describeElements(_ children: Mirror.Children, depth: Int) -> String {
    let shown = children.prefix(Self.maximumElements).map { describe($0.value, depth: depth + 1) }
    let more = children.count - shown.count
    return shown.joined(separator: ", ") + (more > 0 ? ", … \(more) more" : "")
  }
}
