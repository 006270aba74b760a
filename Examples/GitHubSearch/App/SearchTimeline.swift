import Foundation
import GitHubSearchKit
import Reactors
import ReactorsRecording
import TerminalUI

/// `github-search --replay FILE` on a terminal: the recorded session in a ``TimelineBrowser``,
/// with the search drawn by the live app's own ``SearchScreen`` as it looked after each event.
///
/// The recording holds the reactor's actions and mutations, not the keys: the query field
/// shows the last query typed, and the list's selection is the repository last opened (the
/// arrow keys that moved it without opening anything were never recorded).
struct SearchTimeline {
  typealias Timeline = ReplayTimeline<GitHubSearchReactor>
  typealias Event = RecordedEvent<GitHubSearchReactor.Action, GitHubSearchReactor.Mutation>

  let timeline: Timeline
  /// The recorded events, which the event list's labels are made from.
  private let events: [Event]
  /// The query field's text after each event: the last `updateQuery`, as typed.
  private let typedQueries: [String]
  /// The list's selection after each event: the last repository opened, 0 after a new query.
  private let selections: [Int]

  /// Replays `recording` by `reduce` alone, and follows what the screen showed besides the
  /// state.
  init(_ recording: Recording<GitHubSearchReactor>, reactor: GitHubSearchReactor) {
    timeline = ReplayTimeline(recording, reactor: reactor)
    events = recording.events
    var typed = ""
    var selection = 0
    var typedQueries: [String] = []
    var selections: [Int] = []
    typedQueries.reserveCapacity(recording.events.count)
    selections.reserveCapacity(recording.events.count)
    for event in recording.events {
      switch event.kind {
      case .action(.updateQuery(let text)): (typed, selection) = (text, 0)
      case .action(.openRepository(let index)): selection = max(0, index)
      default: break
      }
      typedQueries.append(typed)
      selections.append(selection)
    }
    self.typedQueries = typedQueries
    self.selections = selections
  }

  /// Event `position` for the browser, its diff computed (the costly part) only when `withDiff`.
  func entry(_ position: Int, withDiff: Bool = true) -> TimelineEntry {
    let event = events[position]
    let isAction = if case .mutation = event.kind { false } else { true }
    // A page or a detail is summed up from the event alone: the step's own description, made
    // when the step is read, goes through every repository, and a find reads every label.
    let label = Self.summary(of: event.kind) ?? timeline[position].description
    return TimelineEntry(
      offset: event.offset, isAction: isAction,
      label: (isAction ? "action " : "mutation ") + label,
      diff: withDiff ? diff(position) : "")
  }

  /// What event `position` changed: the recording's own diff, or, when a list of repositories
  /// changed, ``listDiff(from:to:)``, which compares a repository only with itself.
  private func diff(_ position: Int) -> String {
    let step = timeline[position]
    let (old, new) = (step.stateBefore, step.state)
    let listChanged =
      old.repositories != new.repositories || old.staleRepositories != new.staleRepositories
    return listChanged ? Self.listDiff(from: old, to: new) : step.diff
  }

  /// A page of repositories or an opened repository's detail summed up:
  /// `setRepos(30 repositories)`, `setDetail(apple/swift)`; `nil` for other events, which the
  /// step's description says as they are.
  static func summary(of kind: Event.Kind) -> String? {
    guard case .mutation(let mutation, _) = kind else { return nil }
    switch mutation {
    case .setRepos(let page): return "setRepos(\(repositories(page.repositories.count)))"
    case .appendRepos(let page): return "appendRepos(\(repositories(page.repositories.count)))"
    case .setDetail(nil): return "setDetail(nil)"
    case .setDetail(let detail?):
      let loading = detail.isLoading ? ", loading" : detail.error != nil ? ", failed" : ""
      return "setDetail(\(detail.fullName)\(loading))"
    default: return nil
    }
  }

  /// `1 repository`, `30 repositories`.
  private static func repositories(_ count: Int) -> String {
    count == 1 ? "1 repository" : "\(count) repositories"
  }

  /// The search's screen after event `position` (`nil`: before the first) in `columns` ×
  /// `rows`, as the interactive search drew it but for its key hints: the timeline's keys are
  /// not the search's, and its own hints are on its status line.
  func screen(
    after position: Int?, columns: Int, rows: Int, server: SearchScreen.Server
  )
    -> Frame
  {
    let state = position.map { timeline[$0].state } ?? timeline.initialState
    var local = SearchScreen.Local()
    local.editor = LineEditor(text: position.map { typedQueries[$0] } ?? "")
    let size = TerminalSize(rows: rows, columns: columns)
    let now = Date()
    let height = SearchScreen.listHeight(
      for: size, search: state, now: now, server: server, hasHints: false)
    if let position {
      local.viewport.move(by: selections[position], count: state.repositories.count, height: height)
    }
    return SearchScreen.frame(
      search: state, local: local, size: size, now: now, server: server, hasHints: false)
  }
}

extension SearchScreen.Server {
  /// The server a replay of `recording` names: the recording holds no address, but the offline
  /// server answers from its generated catalog alone, so a session whose repositories are all
  /// the catalog's was offline, and one with any other was GitHub. A session that never listed
  /// a repository (its first search failed) could be either: its errors say "the server".
  static func replay(of recording: Recording<GitHubSearchReactor>) -> Self {
    var listedAny = false
    for event in recording.events {
      let page: SearchPage
      switch event.kind {
      case .mutation(.setRepos(let first), _): page = first
      case .mutation(.appendRepos(let next), _): page = next
      default: continue
      }
      guard page.repositories.allSatisfy(RepositoryCatalog.standard.contains) else {
        return Self(label: "replay", name: "GitHub")
      }
      listedAny = listedAny || !page.repositories.isEmpty
    }
    guard listedAny else { return Self(label: "replay", name: "the server") }
    var offline = Self(label: "replay · offline", name: "the offline server")
    offline.isOffline = true
    return offline
  }

  /// A replay's server: it searches nothing, so its field claims no search of GitHub, and no
  /// token would raise its limits.
  private init(label: String, name: String) {
    self.label = label
    self.name = name
    tokenRaisesRateLimit = false
    prompts = ["Search"]
  }
}
