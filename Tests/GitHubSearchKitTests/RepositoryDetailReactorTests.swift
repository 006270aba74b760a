import Foundation
import GitHubSearchKit
import ReactorsTesting
import Testing

// MARK: - Reducers, one by one

@Suite(.timeLimit(.minutes(1))) struct RepositoryDetailReactorReduceTests {
  typealias State = RepositoryDetailReactor.State
  let reactor = RepositoryDetailReactor(
    repository: .fixture(1),
    client: GitHubClient { _ in
      throw CancellationError()
    })

  @Test func startsWithWhatTheSearchResultToldLoading() {
    let state = State(repository: .fixture(1))
    #expect(state.fullName == "owner/repo1")
    #expect(state.description == "Repository 1")
    #expect(state.stars == 10)
    #expect(state.isLoading)
    #expect(state.forks == nil && state.openIssues == nil && state.defaultBranch == nil)
    #expect(state.error == nil)
  }

  @Test func setDetailFillsEverythingIn() {
    var start = State(repository: .fixture(1))
    start.error = .unavailable(status: 503)
    let state = reactor.reduce(state: start, mutation: .setDetail(.fixture(1)))
    var expected = State.loaded(1)
    expected.error = .unavailable(status: 503)  // Only `setLoading` forgets an error.
    #expect(state == expected)
  }

  @Test func setErrorKeepsWhatIsKnownAndSetLoadingForgetsTheError() {
    let failed = reactor.reduce(
      state: State(repository: .fixture(1)), mutation: .setError(.unavailable(status: 502)))
    #expect(!failed.isLoading)
    #expect(failed.error == .unavailable(status: 502))
    #expect(failed.stars == 10)
    let retrying = reactor.reduce(state: failed, mutation: .setLoading)
    #expect(retrying.isLoading)
    #expect(retrying.error == nil)
  }
}

// MARK: - The child alone, driven by a test store

@Suite(.timeLimit(.minutes(1))) struct RepositoryDetailReactorTests {
  @Test func loadingFetchesTheRepositoryByItsFullName() async {
    let names = LockedNames()
    let client = GitHubClient(
      search: { _ in throw CancellationError() },
      repository: { name in
        names.append(name)
        return .fixture(1)
      })
    let store = TestStore(RepositoryDetailReactor(repository: .fixture(1), client: client))
    await store.send(.load)
    await store.receive(.setDetail(.fixture(1))) { $0 = .loaded(1) }
    await store.finish()
    #expect(names.values == ["owner/repo1"])
  }

  @Test func aFailureIsAStateAndLoadingAgainRetries() async {
    let attempts = LockedNames()
    let client = GitHubClient(
      search: { _ in throw CancellationError() },
      repository: { name in
        attempts.append(name)
        if attempts.values.count == 1 { throw SearchError.unavailable(status: 503) }
        return .fixture(1)
      })
    let store = TestStore(RepositoryDetailReactor(repository: .fixture(1), client: client))
    await store.send(.load)
    await store.receive(.setError(.unavailable(status: 503))) {
      $0.isLoading = false
      $0.error = .unavailable(status: 503)
    }
    await store.send(.load) {
      $0.isLoading = true
      $0.error = nil
    }
    await store.receive(where: { if case .setDetail = $0 { true } else { false } }) {
      $0 = .loaded(1)
    }
    await store.finish()
  }

  @Test func aSecondLoadWhileOneIsOnItsWayAsksNothingMore() async {
    let github = ScriptedGitHubClient()
    let attempts = LockedNames()
    let client = GitHubClient(
      search: { _ in throw CancellationError() },
      repository: { name in
        attempts.append(name)
        _ = try await github.client.search(.firstPage(query: name))
        return .fixture(1)
      })
    let store = TestStore(RepositoryDetailReactor(repository: .fixture(1), client: client))
    await store.send(.load)
    let call = await github.nextCall()
    await store.send(.load)
    github.respond(call, with: .fixture(1...1))
    await store.receive(where: { if case .setDetail = $0 { true } else { false } }) {
      $0 = .loaded(1)
    }
    await store.finish()
    #expect(attempts.values == ["owner/repo1"])
  }
}

extension RepositoryDetail {
  /// The detail of `Repository.fixture(id)`, with one more star and its description expanded.
  static func fixture(_ id: Int) -> RepositoryDetail {
    let repository = Repository.fixture(id)
    return RepositoryDetail(
      fullName: repository.fullName, description: "Repository \(id), in detail",
      stargazersCount: repository.stargazersCount + 1, forksCount: 2 * id, openIssuesCount: 3 * id,
      defaultBranch: "main", htmlURL: repository.htmlURL)
  }
}

extension RepositoryDetailReactor.State {
  /// The state once `RepositoryDetail.fixture(id)` arrived.
  static func loaded(_ id: Int) -> Self {
    var state = Self(repository: .fixture(id))
    state.isLoading = false
    state.stars = id * 10 + 1
    state.forks = 2 * id
    state.openIssues = 3 * id
    state.defaultBranch = "main"
    state.description = "Repository \(id), in detail"
    return state
  }
}

/// A thread-safe list of names the client was asked for.
final class LockedNames: @unchecked Sendable {
  // Safe: `names` is only touched with `lock` held.
  private let lock = NSLock()
  private var names: [String] = []

  var values: [String] { lock.withLock { names } }

  func append(_ name: String) {
    lock.withLock { names.append(name) }
  }
}
