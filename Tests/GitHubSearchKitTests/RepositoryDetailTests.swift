import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct RepositoryDetailTests {
  let valid = """
    {"id": 44838949, "full_name": "apple/swift", "description": "The Swift language",
     "stargazers_count": 67000, "forks_count": 10300, "open_issues_count": 512,
     "default_branch": "main", "url": "https://api.github.com/repos/apple/swift",
     "html_url": "https://github.com/apple/swift", "watchers_count": 67000}
    """

  @Test func decodesWhatThePaneShowsFromGitHubsAnswer() throws {
    let detail = try JSONDecoder().decode(RepositoryDetail.self, from: Data(valid.utf8))
    #expect(
      detail
        == RepositoryDetail(
          fullName: "apple/swift", description: "The Swift language", stargazersCount: 67000,
          forksCount: 10300, openIssuesCount: 512, defaultBranch: "main",
          htmlURL: URL(string: "https://github.com/apple/swift")!))
  }

  @Test func acceptsAMissingDescription() throws {
    let json = valid.replacingOccurrences(of: #""The Swift language""#, with: "null")
    let detail = try JSONDecoder().decode(RepositoryDetail.self, from: Data(json.utf8))
    #expect(detail.description == nil)
  }

  @Test(arguments: [
    (#""full_name": "apple/swift""#, #""full_name": """#),
    (#""default_branch": "main""#, #""default_branch": """#),
    (#""forks_count": 10300"#, #""forks_count": -1"#),
    (#""open_issues_count": 512"#, #""open_issues_count": -5"#),
    (#""html_url": "https://github.com/apple/swift""#, #""html_url": "javascript:alert(1)""#),
    (#""html_url": "https://github.com/apple/swift""#, #""html_url": "https:///apple/swift""#),
  ])
  func refusesARepositoryThePaneCouldNotShow(field: String, replacement: String) {
    let json = valid.replacingOccurrences(of: field, with: replacement)
    #expect(throws: SearchError.invalidResponse("the answer is not a repository that can be shown"))
    {
      try JSONDecoder().decode(RepositoryDetail.self, from: Data(json.utf8))
    }
  }

  @Test func refusesAnAnswerWithoutTheCounts() {
    let json = valid.replacingOccurrences(of: #""forks_count": 10300,"#, with: "")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RepositoryDetail.self, from: Data(json.utf8))
    }
  }
}
