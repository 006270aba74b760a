import Foundation
import GitHubSearchKit
import ReactorsPersistence
import ReactorsTesting
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

// MARK: - Through a state file, as the app keeps it

@Suite(.timeLimit(.minutes(1)))
struct GitHubSearchReactorStateFileTests {
  let clock = TestClock()
  let server = ScriptedGitHubClient()
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("GitHubSearchKitTests-\(UUID().uuidString)", isDirectory: true)
  var url: URL { directory.appendingPathComponent("github-search.json") }

  /// A reactor on the state file at `url`, opened afresh as a new run opens it.
  func reactor() throws -> (GitHubSearchReactor, StateFile<GitHubSearchReactor>) {
    let file = try StateFile<GitHubSearchReactor>(at: url)
    return (GitHubSearchReactor(client: server.client, clock: clock, stateFile: file), file)
  }

  @Test func aSearchedQueryIsSavedAndTheNextRunStartsWithItBeforeItsFirstStep() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    // Given a run that searched "swift", then "rust", and flushed
    do {
      let (first, file) = try reactor()
      for query in ["swift", "rust"] {
        first.send(.updateQuery(query))
        await clock.advance(by: .milliseconds(300))
        server.respond(await server.nextCall(), with: .fixture(1...2))
        await first.waitUntilIdle()
      }
      await file.flush()
      #expect(file.diagnostics.isEmpty)
    }

    // When the next run opens the file
    let (second, file) = try reactor()
    let store = TestStore(second)

    // Then the history is there from the start, newest first, and nothing else is
    #expect(file.restored == GitHubSearchReactor.Saved(queries: ["rust", "swift"]))
    #expect(store.state == GitHubSearchReactor.State(history: .init(restoring: ["rust", "swift"])))
    await store.send(.updateQuery("rust")) {
      $0.query = "rust"
      $0.isLoadingFirstPage = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("rust"))  // Already the newest: the state stays.
    server.respond(await server.nextCall(), with: .fixture(1...2, total: 2))
    await store.receive(.setRepos(.fixture(1...2, total: 2))) {
      $0.repositories = [.fixture(1), .fixture(2)]
      $0.totalCount = 2
      $0.isLoadingFirstPage = false
    }
    await store.finish()
    await file.flush()
    #expect(file.writeCount == 0)  // The history did not change: nothing was written.
  }
}
