import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct RepositoryCatalogSearchTests {
  let catalog = RepositoryCatalog.standard

  @Test func findsHundredsOfSwiftRepositoriesNameMatchesFirst() throws {
    let results = catalog.search(try CatalogQuery(parsing: "swift"))
    #expect(results.count > 300)
    let nameMatches = results.prefix { $0.fullName.lowercased().contains("swift") }
    #expect(nameMatches.count > 100)
    #expect(
      results.dropFirst(nameMatches.count).allSatisfy {
        !$0.fullName.lowercased().contains("swift")
      })
    // Within the name matches, more stars first.
    let stars = nameMatches.map(\.stargazersCount)
    #expect(stars == stars.sorted(by: >))
  }

  @Test func sortsByStarsWhenAsked() throws {
    let query = try CatalogQuery(parsing: "language:rust")
    let descending = catalog.search(query, sort: "stars").map(\.stargazersCount)
    #expect(descending == descending.sorted(by: >))
    let ascending = catalog.search(query, sort: "stars", ascending: true).map(\.stargazersCount)
    #expect(ascending == ascending.sorted())
    #expect(!descending.isEmpty)
  }

  @Test func findsNothingForAnUnknownWord() throws {
    #expect(catalog.search(try CatalogQuery(parsing: "zzzqqq")).isEmpty)
  }

  @Test func findsCPlusPlusOnlyWithThePluses() throws {
    let results = catalog.search(try CatalogQuery(parsing: "c++"))
    #expect(!results.isEmpty)
    #expect(
      results.allSatisfy { "\($0.fullName) \($0.description ?? "")".lowercased().contains("c++") })
  }
}
