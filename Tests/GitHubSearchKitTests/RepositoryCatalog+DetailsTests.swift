import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct RepositoryCatalogDetailsTests {
  let catalog = RepositoryCatalog.standard

  @Test func findsARepositoryByItsNameWhateverTheCase() throws {
    let repository = catalog.repositories[42]
    let detail = try #require(catalog.detail(named: repository.fullName.uppercased()))
    #expect(detail.fullName == repository.fullName)
    #expect(detail.description == repository.description)
    #expect(detail.stargazersCount == repository.stargazersCount)
    #expect(detail.htmlURL == repository.htmlURL)
  }

  @Test func theDetailsAreTheSameOnEveryRunAndPlausible() throws {
    let name = catalog.repositories[7].fullName
    let fresh = RepositoryCatalog(seed: 2017, count: 5000)
    #expect(catalog.detail(named: name) == fresh.detail(named: name))
    for repository in catalog.repositories.prefix(200) {
      let detail = try #require(catalog.detail(named: repository.fullName))
      #expect(detail.forksCount >= 0 && detail.forksCount <= repository.stargazersCount)
      #expect(detail.openIssuesCount >= 0)
      #expect(["main", "master", "develop"].contains(detail.defaultBranch))
    }
  }

  @Test func anUnknownNameHasNoDetail() {
    #expect(catalog.detail(named: "nobody/nothing") == nil)
    #expect(catalog.detail(named: "") == nil)
  }
}
