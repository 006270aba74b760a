import Foundation

/// What the detail pane shows of one repository: GitHub's `GET /repos/{owner}/{repo}`.
public struct RepositoryDetail: Sendable, Hashable {
  /// The owner and the name, as in `apple/swift`.
  public var fullName: String
  /// The one-line description, if the owner wrote one.
  public var description: String?
  /// How many people starred it.
  public var stargazersCount: Int
  /// How many forks it has.
  public var forksCount: Int
  /// How many issues and pull requests are open.
  public var openIssuesCount: Int
  /// The branch a clone checks out, such as `main`.
  public var defaultBranch: String
  /// The repository's page on the web.
  public var htmlURL: URL

  /// Makes a detail from its parts.
  public init(
    fullName: String, description: String?, stargazersCount: Int, forksCount: Int,
    openIssuesCount: Int, defaultBranch: String, htmlURL: URL
  ) {
    self.fullName = fullName
    self.description = description
    self.stargazersCount = stargazersCount
    self.forksCount = forksCount
    self.openIssuesCount = openIssuesCount
    self.defaultBranch = defaultBranch
    self.htmlURL = htmlURL
  }
}

extension RepositoryDetail: Decodable {
  enum CodingKeys: String, CodingKey {
    case fullName = "full_name"
    case description
    case stargazersCount = "stargazers_count"
    case forksCount = "forks_count"
    case openIssuesCount = "open_issues_count"
    case defaultBranch = "default_branch"
    case htmlURL = "html_url"
  }

  /// Decodes GitHub's answer, refusing one a pane could not show — an empty name or branch, a
  /// negative count, or a `html_url` that is not an `http(s)` address with a host — with a
  /// ``SearchError/invalidResponse(_:)`` that says so.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    fullName = try container.decode(String.self, forKey: .fullName)
    description = try container.decodeIfPresent(String.self, forKey: .description)
    stargazersCount = try container.decode(Int.self, forKey: .stargazersCount)
    forksCount = try container.decode(Int.self, forKey: .forksCount)
    openIssuesCount = try container.decode(Int.self, forKey: .openIssuesCount)
    defaultBranch = try container.decode(String.self, forKey: .defaultBranch)
    htmlURL = try container.decode(URL.self, forKey: .htmlURL)
    let counts = [stargazersCount, forksCount, openIssuesCount]
    guard !fullName.isEmpty, !defaultBranch.isEmpty, counts.allSatisfy({ $0 >= 0 }),
      htmlURL.isWebPage
    else {
      throw SearchError.invalidResponse("the answer is not a repository that can be shown")
    }
  }
}
