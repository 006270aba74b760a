import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct RepositoryOutputTests {
  let repository = Repository(
    id: 1, fullName: "apple/swift", description: "The Swift\nProgramming   Language",
    stargazersCount: 67_000, language: "C++",
    htmlURL: URL(string: "https://github.com/apple/swift")!)

  @Test func theTableAlignsNameStarsLanguageAndDescriptionInColumns() {
    var short = repository
    short.fullName = "a/b"
    short.stargazersCount = 7
    short.language = "Objective-C"
    short.description = nil
    var bare = repository
    bare.language = nil
    bare.description = ""

    #expect(
      Repository.outputTable([repository, short, bare]) == [
        "apple/swift  ★67000  C++          The Swift Programming Language",
        "a/b              ★7  Objective-C",
        "apple/swift  ★67000  -",
      ])
  }

  @Test func serverTextCannotActOnTheTerminal() {
    var hostile = repository
    hostile.fullName = "evil/\u{1B}]0;title\u{7}"
    hostile.language = "\u{9B}2J"
    hostile.description = "clear\u{1B}[2J now\u{202E}txt.exe"

    let line = Repository.outputTable([hostile])[0]

    #expect(!line.unicodeScalars.contains { $0.isTerminalControlForTest })
    #expect(line.hasPrefix(#"evil/\u{1B}]0;title\u{7}  ★67000  \u{9B}2J  clear\u{1B}[2J now"#))
  }

  @Test func aLongDescriptionIsCutToThreeHundredCharacters() {
    var long = repository
    long.description = String(repeating: "x", count: 400)

    #expect(Repository.outputTable([long])[0].hasSuffix(String(repeating: "x", count: 299) + "…"))
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

extension Unicode.Scalar {
  /// Control characters and bidirectional overrides, spelled out here rather than taken from
  /// the code under test.
  fileprivate var isTerminalControlForTest: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
  }
}
