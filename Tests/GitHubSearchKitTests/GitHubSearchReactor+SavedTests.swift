import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubSearchReactorSavedTests {
  typealias State = GitHubSearchReactor.State

  @Test func onlyTheHistoryIsSavedNotTheResults() throws {
    var state = State(history: QueryHistory(restoring: ["swift", "rust"]))
    state.query = "swift"
    state.repositories = [.fixture(1)]
    let saved = GitHubSearchReactor.saved(from: state)
    #expect(saved == GitHubSearchReactor.Saved(queries: ["swift", "rust"]))
    let json = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
    #expect(json == #"{"queries":["swift","rust"]}"#)
  }

  @Test func theSavedHistoryIsPutBackCleanedAndNothingElseChanges() {
    let saved = GitHubSearchReactor.Saved(queries: [" go ", "", "go", "rust", "a\u{1B}b"])
    let state = GitHubSearchReactor.restoring(saved, into: State())
    #expect(state == State(history: QueryHistory(restoring: ["go", "rust"])))
    #expect(GitHubSearchReactor.saved(from: state).queries == ["go", "rust"])
  }
}
