import Foundation

/// One repository in the search results: what the list shows and where Enter leads.
///
/// Decoded from an item of GitHub's `GET /search/repositories` answer. The item's `url` field is
/// the API address of the repository; people want ``htmlURL`` (`html_url`), the page on the web.
public struct Repository: Sendable, Hashable, Identifiable {
  /// GitHub's numeric id; stable across renames, used to drop a repeat when pages shift.
  public var id: Int
  /// The owner and the name, as in `apple/swift`.
  public var fullName: String
  /// The one-line description, if the owner wrote one.
  public var description: String?
  /// How many people starred it.
  public var stargazersCount: Int
  /// The main language GitHub detected, if any.
  public var language: String?
  /// The repository's page on the web (`html_url`), not its API address (`url`).
  public var htmlURL: URL

  /// Makes a repository from its parts.
  public init(
    id: Int, fullName: String, description: String?, stargazersCount: Int, language: String?,
    htmlURL: URL
  ) {
    self.id = id
    self.fullName = fullName
    self.description = description
    self.stargazersCount = stargazersCount
    self.language = language
    self.htmlURL = htmlURL
  }
}

extension Repository: Codable {
  enum CodingKeys: String, CodingKey {
    case id
    case fullName = "full_name"
    case description
    case stargazersCount = "stargazers_count"
    case language
    case htmlURL = "html_url"
  }

  /// Decodes an item of a search answer, refusing one a list could not show.
  ///
  /// An item without a name, with a negative star count or with a `html_url` that is not an
  /// `http(s)` address is malformed; the page decoder skips it and keeps the others.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    fullName = try container.decode(String.self, forKey: .fullName)
    description = try container.decodeIfPresent(String.self, forKey: .description)
    stargazersCount = try container.decode(Int.self, forKey: .stargazersCount)
    language = try container.decodeIfPresent(String.self, forKey: .language)
    htmlURL = try container.decode(URL.self, forKey: .htmlURL)
    guard !fullName.isEmpty, stargazersCount >= 0, htmlURL.isWebPage else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "Not a showable repository"))
    }
  }

  /// Encodes the fields GitHub uses, with `null` for a missing description or language.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(fullName, forKey: .fullName)
    try container.encode(description, forKey: .description)
    try container.encode(stargazersCount, forKey: .stargazersCount)
    try container.encode(language, forKey: .language)
    try container.encode(htmlURL, forKey: .htmlURL)
  }
}
