import Foundation
import GitHubSearchKit
import Testing

@testable import GitHubSearchApp

/// The timeline's diff of an event that changed a list of repositories: a row per repository,
/// and a row compared only with the same repository's.
@Suite(.timeLimit(.minutes(1)))
struct SearchTimelineListDiffTests {
  @Test func aListReplacedByAnotherReadsAsRowsRemovedAndAddedAroundTheRowsTheyShare() {
    let old = Self.repositories(["a/one", "b/two", "c/three"])
    let new = Self.repositories(["x/ten", "b/two", "y/eleven"])
    #expect(
      SearchTimeline.rowChanges(from: old, to: new)
        == [
          "-     a/one  ★10  Swift  About a/one", "+     x/ten  ★10  Swift  About x/ten",
          "      b/two  ★10  —  About b/two",
          "-     c/three  ★10  Swift  About c/three", "+     y/eleven  ★10  Swift  About y/eleven",
        ])
  }

  @Test func theSameRepositoryChangedReadsAsItsOldRowRightAboveItsNewOne() {
    let old = Self.repositories(["a/one", "b/two", "c/three"])
    var new = old
    new[1].stargazersCount = 11
    #expect(
      SearchTimeline.rowChanges(from: old, to: new)
        == [
          "      a/one  ★10  Swift  About a/one",
          "-     b/two  ★10  —  About b/two", "+     b/two  ★11  —  About b/two",
          "      c/three  ★10  Swift  About c/three",
        ])
  }

  @Test func aNextPageKeepsTheRowsBeforeIt() {
    let old = Self.repositories(["a/one", "b/two"])
    let new = old + Self.repositories(["c/three"])
    #expect(
      SearchTimeline.rowChanges(from: old, to: new)
        == [
          "      a/one  ★10  Swift  About a/one", "      b/two  ★10  —  About b/two",
          "+     c/three  ★10  Swift  About c/three",
        ])
  }

  @Test func aNewQuerysFirstPageReplacesThePreviousResultsRowByRow() {
    // After `setQuery`, the previous results wait in `staleRepositories`; the first page then
    // replaces them. The recording's own diff paired their lines up as edits.
    var old = GitHubSearchReactor.State()
    old.query = "rust"
    old.staleRepositories = Self.repositories(["a/one", "b/two"])
    old.isLoadingFirstPage = true
    var new = old
    new.staleRepositories = []
    new.repositories = Self.repositories(["x/ten", "y/eleven"])
    new.isLoadingFirstPage = false
    new.totalCount = 2
    new.nextPage = PageLink(url: URL(string: "https://api.github.com/search?page=2")!)
    new.error = .offline("a \"quoted\" reason")

    let lines = SearchTimeline.listDiff(from: old, to: new).split(separator: "\n")

    #expect(
      Array(lines.prefix(13))
        == [
          "  State(", #"    query: "rust","#,
          "-   repositories: [],", "+   repositories: [",
          "+     x/ten  ★10  Swift  About x/ten", "+     y/eleven  ★10  —  About y/eleven",
          "+   ],",
          "-   staleRepositories: [",
          "-     a/one  ★10  Swift  About a/one", "-     b/two  ★10  —  About b/two",
          "-   ],", "+   staleRepositories: [],",
          "-   nextPage: nil,",
        ])
    #expect(
      lines.contains(
        "+   nextPage: PageLink(url: https://api.github.com/search?page=2, number: 2, pageSize: nil),"
      ))
    #expect(lines.contains(#"+   error: offline("a \"quoted\" reason"),"#))
    #expect(lines.contains("    detail: nil,"))
    #expect(lines.contains("    history: QueryHistory(entries: [])"))
    #expect(lines.last == "  )")
  }

  @Test func listsTooLongToMatchAreListedAsRemovedAndAddedWithoutHanging() {
    let count = 1_001
    let old = Self.repositories((0..<count).map { "old/\($0)" })
    let new = Self.repositories((0..<count).map { "new/\($0)" })
    #expect((count + 1) * (count + 1) > SearchTimeline.matchingLimit)
    let lines = SearchTimeline.rowChanges(from: old, to: new)
    #expect(lines.count == 2 * count)
    #expect(lines.prefix(count).allSatisfy { $0.hasPrefix("-     old/") })
    #expect(lines.suffix(count).allSatisfy { $0.hasPrefix("+     new/") })
  }

  @Test func textFromTheServerIsEscapedInARow() {
    var repository = Self.repositories(["evil/name"])[0]
    repository.description = "clears\u{1B}[2Jthe screen"
    #expect(SearchTimeline.row(repository) == #"evil/name  ★10  Swift  clears\u{1B}[2Jthe screen"#)
  }

  /// Repositories named `names`, ten stars each, every second one without a language.
  static func repositories(_ names: [String]) -> [Repository] {
    names.enumerated().map { index, name in
      Repository(
        id: index, fullName: name, description: "About \(name)", stargazersCount: 10,
        language: index.isMultiple(of: 2) ? "Swift" : nil,
        htmlURL: URL(string: "https://github.com/\(name)")!)
    }
  }
}
