/// A repository search query in GitHub's syntax, as the offline server understands it.
///
/// Free words and `"quoted phrases"` must all appear (case-insensitively) in the full name or
/// the description; qualifiers narrow further: `language:swift`, `user:octo` (or `org:`),
/// `stars:>100` (also `>=`, `<`, `<=`, `10..50`, and plain numbers), `in:name`,
/// `in:description`. Anything else GitHub would refuse is refused here too, with GitHub's kind of
/// explanation, so the client's 422 path can be seen offline.
public struct CatalogQuery: Sendable, Equatable {
  /// The words and phrases to look for, lowercased.
  public var terms: [String] = []
  /// `language:`, lowercased.
  public var language: String?
  /// `user:` or `org:`, lowercased.
  public var owner: String?
  /// `stars:`, as a range of star counts.
  public var stars: ClosedRange<Int>?
  /// Where the terms are looked for; both when `nil`.
  public var field: Field?

  /// The parts of a repository `in:` can restrict terms to.
  public enum Field: String, Sendable {
    /// The full name, `owner/name`.
    case name
    /// The description.
    case description
  }

  /// Why a query was refused: GitHub's 422 explanation.
  public struct Invalid: Error, Equatable, Sendable {
    /// The explanation, as GitHub words it.
    public var message: String

    /// Makes an error with GitHub's `message`.
    public init(message: String) {
      self.message = message
    }
  }

  /// The longest query GitHub accepts, in characters.
  public static let maximumLength = 256

  /// Parses `q`.
  ///
  /// - Throws: ``Invalid`` for an empty or too long query, or a malformed qualifier.
  public init(parsing query: String) throws(Invalid) {
    guard query.count <= Self.maximumLength else {
      throw Invalid(message: "The search is longer than 256 characters.")
    }
    for token in Self.tokens(of: query) {
      if !token.isPhrase, let colon = token.text.firstIndex(of: ":"), colon != token.text.startIndex
      {
        let key = token.text[..<colon].lowercased()
        let value = String(token.text[token.text.index(after: colon)...])
        try apply(key: key, value: value)
      } else if !token.text.isEmpty {
        terms.append(token.text.lowercased())
      }
    }
    if terms.isEmpty, language == nil, owner == nil, stars == nil {
      throw Invalid(message: "The search needs some text or a qualifier.")
    }
  }

  /// Whether `repository` matches.
  public func matches(_ repository: Repository) -> Bool {
    matches(RepositoryCatalog.Entry(repository))
  }

  /// Whether the repository of `entry` matches, with its text already lowercased.
  func matches(_ entry: RepositoryCatalog.Entry) -> Bool {
    if let language, entry.language != language { return false }
    if let owner, entry.owner != owner { return false }
    if let stars, !stars.contains(entry.repository.stargazersCount) { return false }
    let name = entry.name
    let description = entry.description
    return terms.allSatisfy { term in
      switch field {
      case .name: name.contains(term)
      case .description: description.contains(term)
      case nil: name.contains(term) || description.contains(term)
      }
    }
  }

  private mutating func apply(key: String, value: String) throws(Invalid) {
    guard !value.isEmpty else {
      throw Invalid(message: "The qualifier `\(key):` has no value.")
    }
    switch key {
    case "language": language = value.lowercased()
    case "user", "org": owner = value.lowercased()
    case "stars":
      guard let range = Self.range(value) else {
        throw Invalid(message: "`stars:\(value)` is not a number or a range.")
      }
      stars = range
    case "in":
      guard let field = Field(rawValue: value.lowercased()) else {
        throw Invalid(message: "`in:\(value)` is not name or description.")
      }
      self.field = field
    default:
      // Not a qualifier this server knows: GitHub searches such words as text.
      terms.append("\(key):\(value)".lowercased())
    }
  }

  /// `10`, `>10`, `>=10`, `<10`, `<=10` or `10..50`.
  private static func range(_ value: String) -> ClosedRange<Int>? {
    if let dots = value.range(of: "..") {
      guard let low = Int(value[..<dots.lowerBound]), let high = Int(value[dots.upperBound...]),
        low <= high
      else { return nil }
      return low...high
    }
    // Saturating bounds: `stars:>9223372036854775807` must not overflow the server.
    let bound: (String) -> Int? = { Int(value.dropFirst($0.count)) }
    if value.hasPrefix(">=") { return bound(">=").map { $0...Int.max } }
    if value.hasPrefix("<=") { return bound("<=").map { min(0, $0)...$0 } }
    if value.hasPrefix(">") { return bound(">").map { ($0 == Int.max ? $0 : $0 + 1)...Int.max } }
    if value.hasPrefix("<") {
      return bound("<").map { $0 == Int.min ? $0 : $0 - 1 }.map { min(0, $0)...$0 }
    }
    return Int(value).map { $0...$0 }
  }

  /// Splits on whitespace, keeping `"quoted phrases"` whole.
  private static func tokens(of query: String) -> [(text: String, isPhrase: Bool)] {
    var tokens: [(String, Bool)] = []
    var current = ""
    var inQuotes = false
    for character in query {
      if character == "\"" {
        if inQuotes || !current.isEmpty { tokens.append((current, inQuotes)) }
        current = ""
        inQuotes.toggle()
      } else if character.isWhitespace, !inQuotes {
        if !current.isEmpty { tokens.append((current, false)) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append((current, inQuotes)) }
    return tokens
  }
}
