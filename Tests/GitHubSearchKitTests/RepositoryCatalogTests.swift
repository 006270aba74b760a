import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct RepositoryCatalogTests {
  let catalog = RepositoryCatalog.standard

  @Test func holdsThousandsOfDistinctRepositories() {
    #expect(catalog.repositories.count == 5000)
    #expect(Set(catalog.repositories.map(\.id)).count == 5000)
    #expect(Set(catalog.repositories.map { $0.fullName.lowercased() }).count == 5000)
  }

  @Test func isTheSameOnEveryRun() {
    let again = RepositoryCatalog(seed: 2017, count: 5000)
    #expect(again.repositories == catalog.repositories)
    #expect(
      RepositoryCatalog(seed: 1, count: 50).repositories != Array(catalog.repositories.prefix(50)))
  }

  @Test func knowsItsOwnRepositoriesByIdAndNameAndNoOther() {
    #expect(catalog.repositories.allSatisfy { catalog.contains($0) })
    var renamed = catalog.repositories[7]
    renamed.fullName = "apple/swift"
    #expect(!catalog.contains(renamed))
    // Ids from a file outside the catalog's range, the extremes included, are simply not in it.
    for id in [Int.min, -1, 0, 99_999, 105_000, Int.max] {
      var stranger = catalog.repositories[0]
      stranger.id = id
      #expect(!catalog.contains(stranger), "\(id)")
    }
  }

  @Test func pointsEveryRepositoryAtItsPageOnGitHub() {
    for repository in catalog.repositories {
      #expect(repository.htmlURL.absoluteString == "https://github.com/\(repository.fullName)")
    }
  }

  @Test func hasALongTailOfStarsAndSomeMissingDescriptions() {
    let stars = catalog.repositories.map(\.stargazersCount)
    #expect(stars.min()! >= 0)
    #expect(stars.max()! > 10_000)
    #expect(stars.filter { $0 < 1000 }.count > 1500)  // More than a third.
    #expect(catalog.repositories.contains { $0.description == nil })
    #expect(catalog.repositories.contains { $0.language == nil })
  }

  @Test func mentionsLanguagesWhoseNamesNeedEncoding() {
    #expect(catalog.repositories.contains { $0.description?.contains("C++") == true })
    #expect(catalog.repositories.contains { $0.description?.contains("C#") == true })
  }
}
