import Foundation
import GitHubSearchKit
import Reactors
import ReactorsRecording
import TerminalUI
import Testing

@testable import GitHubSearchApp

/// What `github-search --replay` lists for each event of a recording, without a terminal. (The
/// binary's own tests are in ``GitHubSearchTimelineEndToEndTests``.)
@Suite(.timeLimit(.minutes(1)))
struct SearchTimelineTests {
  typealias Event = SearchTimeline.Event

  @Test func eachEventIsLabelledWithItsKindAndAPageOrADetailSummedUp() {
    let timeline = Self.timeline([
      Event(.action(.updateQuery("swift")), at: .milliseconds(100)),
      Event(.mutation(.setQuery("swift"), source: .immediate), at: .milliseconds(100)),
      Event(.mutation(.setRepos(Self.page(30)), source: .effect), at: .milliseconds(400)),
      Event(.action(.loadNextPage), at: .seconds(1)),
      Event(.mutation(.appendRepos(Self.page(1)), source: .effect), at: .seconds(2)),
      Event(.mutation(.setDetail(nil), source: .immediate), at: .seconds(3)),
    ])
    let entries = (0..<timeline.timeline.count).map { timeline.entry($0, withDiff: false) }
    #expect(
      entries.map(\.label) == [
        #"action updateQuery("swift")"#, #"mutation setQuery("swift")"#,
        "mutation setRepos(30 repositories)", "action loadNextPage",
        "mutation appendRepos(1 repository)", "mutation setDetail(nil)",
      ])
    #expect(entries.map(\.isAction) == [true, false, false, true, false, false])
    #expect(entries[2].offset == .milliseconds(400))
    #expect(entries.allSatisfy { $0.diff.isEmpty })
    #expect(timeline.entry(2).diff.contains("+ "))
  }

  @Test func aReplayNamesTheServerItsRepositoriesCameFrom() {
    let catalog = RepositoryCatalog.standard.repositories
    func server(_ pages: [[Repository]]) -> SearchScreen.Server {
      let events = pages.enumerated().map { index, repositories in
        let page = SearchPage(repositories: repositories, totalCount: 1_000)
        return Event(
          .mutation(index == 0 ? .setRepos(page) : .appendRepos(page), source: .effect),
          at: .seconds(index))
      }
      return .replay(of: Recording(events: events))
    }
    // Every repository the offline catalog's: the offline server, whose addresses were made up.
    let offline = server([Array(catalog[0..<30]), Array(catalog[30..<60])])
    #expect(offline.name == "the offline server")
    #expect(offline.isOffline)
    #expect(offline.label == "replay · offline")
    // One repository from elsewhere: GitHub.
    let github = server([Array(catalog[0..<30]), Self.page(1).repositories])
    #expect(github.name == "GitHub")
    #expect(!github.isOffline)
    // None listed: either could have answered.
    #expect(server([]).name == "the server")
    #expect(server([[]]).name == "the server")
    #expect(offline.prompts == ["Search"] && github.prompts == ["Search"])
  }

  // MARK: Fixture

  static func timeline(_ events: [Event]) -> SearchTimeline {
    let unused = GitHubClient(
      search: { _ in throw CancellationError() }, repository: { _ in throw CancellationError() })
    return SearchTimeline(
      Recording(events: events), reactor: GitHubSearchReactor(client: unused))
  }

  /// A page of `count` repositories.
  static func page(_ count: Int) -> SearchPage {
    let repositories = (0..<count).map { index in
      Repository(
        id: index, fullName: "owner/repository-\(index)",
        description: "A library for things, number \(index)", stargazersCount: index * 10,
        language: "Swift", htmlURL: URL(string: "https://github.com/owner/repository-\(index)")!)
    }
    return SearchPage(repositories: repositories, totalCount: 1_000)
  }
}
