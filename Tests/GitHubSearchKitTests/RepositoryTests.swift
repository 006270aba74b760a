import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct RepositoryTests {
  @Test func decodesTheWebAddressNotTheAPIAddress() throws {
    let json = """
      {"id": 44838949, "full_name": "apple/swift", "description": "The Swift language",
       "stargazers_count": 67000, "language": "C++",
       "url": "https://api.github.com/repos/apple/swift",
       "html_url": "https://github.com/apple/swift"}
      """
    let repository = try JSONDecoder().decode(Repository.self, from: Data(json.utf8))
    #expect(repository.fullName == "apple/swift")
    #expect(repository.htmlURL.absoluteString == "https://github.com/apple/swift")
    #expect(repository.stargazersCount == 67000)
    #expect(repository.language == "C++")
  }

  @Test func acceptsMissingDescriptionAndLanguage() throws {
    let json = """
      {"id": 1, "full_name": "a/b", "description": null, "stargazers_count": 0,
       "html_url": "https://github.com/a/b"}
      """
    let repository = try JSONDecoder().decode(Repository.self, from: Data(json.utf8))
    #expect(repository.description == nil)
    #expect(repository.language == nil)
  }

  @Test(arguments: [
    #"{"full_name": "a/b", "stargazers_count": 1, "html_url": "https://github.com/a/b"}"#,
    #"{"id": 1, "full_name": "", "stargazers_count": 1, "html_url": "https://github.com/a/b"}"#,
    #"{"id": 1, "full_name": "a/b", "stargazers_count": -3, "html_url": "https://github.com/a/b"}"#,
    #"{"id": 1, "full_name": "a/b", "stargazers_count": "many", "html_url": "https://x.y/a"}"#,
    #"{"id": 1, "full_name": "a/b", "stargazers_count": 1, "html_url": "javascript:alert(1)"}"#,
    #"{"id": 1, "full_name": "a/b", "stargazers_count": 1}"#,
  ])
  func refusesAnItemAListCouldNotShow(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Repository.self, from: Data(json.utf8))
    }
  }

  @Test func encodesNullsForMissingFields() throws {
    let repository = Repository(
      id: 7, fullName: "a/b", description: nil, stargazersCount: 2, language: nil,
      htmlURL: URL(string: "https://github.com/a/b")!)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(repository), as: UTF8.self)
    #expect(
      json == #"{"description":null,"full_name":"a/b","html_url":"https://github.com/a/b","#
        + #""id":7,"language":null,"stargazers_count":2}"#)
    #expect(try JSONDecoder().decode(Repository.self, from: Data(json.utf8)) == repository)
  }
}
