import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct CatalogQueryTests {
  let repository = Repository(
    id: 1, fullName: "octo/swift-json", description: "A fast JSON library for C++",
    stargazersCount: 120, language: "Swift",
    htmlURL: URL(string: "https://github.com/octo/swift-json")!)

  @Test func matchesEveryWordInTheNameOrDescription() throws {
    #expect(try CatalogQuery(parsing: "SWIFT json").matches(repository))
    #expect(try CatalogQuery(parsing: "c++ fast").matches(repository))
    #expect(try !CatalogQuery(parsing: "swift rust").matches(repository))
  }

  @Test func keepsQuotedPhrasesWhole() throws {
    #expect(try CatalogQuery(parsing: #""json library""#).terms == ["json library"])
    #expect(try CatalogQuery(parsing: #""json library""#).matches(repository))
    #expect(try !CatalogQuery(parsing: #""library json""#).matches(repository))
  }

  @Test func appliesQualifiers() throws {
    #expect(try CatalogQuery(parsing: "json language:SWIFT").matches(repository))
    #expect(try !CatalogQuery(parsing: "json language:rust").matches(repository))
    #expect(try CatalogQuery(parsing: "user:octo").matches(repository))
    #expect(try !CatalogQuery(parsing: "org:other json").matches(repository))
    #expect(try CatalogQuery(parsing: "json in:name").matches(repository))
    #expect(try !CatalogQuery(parsing: "fast in:name").matches(repository))
    #expect(try CatalogQuery(parsing: "fast in:description").matches(repository))
  }

  @Test(arguments: [
    ("stars:120", true), ("stars:>119", true), ("stars:>120", false), ("stars:>=120", true),
    ("stars:<120", false), ("stars:<=120", true), ("stars:100..200", true), ("stars:1..5", false),
    ("stars:<0", false), ("stars:>9223372036854775807", false),
    ("stars:<-9223372036854775808", false),
  ])
  func readsStarRanges(query: String, matches: Bool) throws {
    #expect(try CatalogQuery(parsing: query).matches(repository) == matches)
  }

  @Test(arguments: ["stars:many", "stars:5..1", "in:readme", "language:", "", "   "])
  func refusesWhatGitHubWouldRefuse(query: String) {
    #expect(throws: CatalogQuery.Invalid.self) { try CatalogQuery(parsing: query) }
  }

  @Test func refusesAQueryLongerThan256Characters() {
    #expect(throws: CatalogQuery.Invalid(message: "The search is longer than 256 characters.")) {
      try CatalogQuery(parsing: String(repeating: "a", count: 257))
    }
  }

  @Test func searchesUnknownQualifiersAsText() throws {
    #expect(try CatalogQuery(parsing: "topic:json").terms == ["topic:json"])
  }
}
