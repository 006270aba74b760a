import Foundation
import GitHubSearchKit
import Testing

@Suite struct RepositoryOutputTests {
  let repository = Repository(
    id: 1, fullName: "apple/swift", description: "The Swift\nProgramming Language\u{1B}[2J",
    stargazersCount: 67_000, language: "C++",
    htmlURL: URL(string: "https://github.com/apple/swift")!)

  @Test func printsNameStarsLanguageAndDescriptionOnOneLine() {
    #expect(repository.outputLine == "apple/swift  ★67000  C++  The Swift Programming Language [2J")
  }

  @Test func marksAMissingLanguageAndDropsAMissingDescription() {
    var bare = repository
    bare.language = nil
    bare.description = nil
    #expect(bare.outputLine == "apple/swift  ★67000  -")
  }

  @Test func printsJSONWithTheDocumentedKeysInOrder() {
    var bare = repository
    bare.description = "Swift & \"C\""
    bare.language = nil
    #expect(
      bare.outputJSON
        == #"{"full_name":"apple/swift","html_url":"https://github.com/apple/swift","#
        + #""description":"Swift & \"C\"","stargazers_count":67000,"language":null}"#)
  }
}
