import Foundation
import Reactors
import ReactorsTesting
import Testing

/// Seed 002's `GitHubSearchViewReactor` (ReactorKit + RxSwift), ported to Reactors to show that
/// `Observable.concat([.just(...), search(...).takeUntil(...)])` translates line for line.
@Suite(.timeLimit(.minutes(2))) struct GitHubSearchSeedPortTests {
  @Test func aQueryIsSetAtOnceAndItsResultsLandWhenTheSearchReturns() async {
    let search = FakeSearch()
    let reactor = GitHubSearchViewReactor(search: search.run)
    reactor.send(.updateQuery("swift"))
    #expect(reactor.currentState.query == "swift")
    await search.respond(to: "swift", page: 1, with: ["apple/swift"], nextPage: 2)
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.repos == ["apple/swift"])
    #expect(reactor.currentState.nextPage == 2)
  }

  @Test func aNewQueryCancelsTheSearchInFlightAndItsResultsNeverLand() async {
    let search = FakeSearch()
    let store = TestStore(GitHubSearchViewReactor(search: search.run))
    await store.send(.updateQuery("swi")) { $0.query = "swi" }
    await search.waitForRequest("swi", page: 1)
    await store.send(.updateQuery("swift")) { $0.query = "swift" }
    await search.respond(to: "swi", page: 1, with: ["stale/result"], nextPage: 2)
    await search.respond(to: "swift", page: 1, with: ["apple/swift"], nextPage: nil)
    // Exhaustive: the stale page, had it landed, would be an unreceived mutation.
    await store.receive(where: {
      if case .setRepos(["apple/swift"], nil) = $0 { true } else { false }
    }) {
      $0.repos = ["apple/swift"]
    }
    await store.finish()
    #expect(search.cancelled.values == ["swi"])
  }

  @Test func loadNextPageAppendsAndIsIgnoredWhileAPageLoads() async {
    let search = FakeSearch()
    let reactor = GitHubSearchViewReactor(search: search.run)
    reactor.send(.updateQuery("swift"))
    await search.respond(to: "swift", page: 1, with: ["a"], nextPage: 2)
    await reactor.waitUntilIdle()
    reactor.send(.loadNextPage)
    #expect(reactor.currentState.isLoadingNextPage)
    reactor.send(.loadNextPage)  // Ignored: a page is loading.
    await search.respond(to: "swift", page: 2, with: ["b"], nextPage: nil)
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.repos == ["a", "b"])
    #expect(!reactor.currentState.isLoadingNextPage)
    #expect(search.requests.values.filter { $0 == "swift 2" }.count == 1)
    reactor.send(.loadNextPage)  // Ignored: no next page.
    await reactor.waitUntilIdle()
    #expect(search.requests.values.count == 2)
  }

  @Test func aNewQueryAlsoCancelsALoadingNextPageWhichStillEndsItsLoadingState() async {
    let search = FakeSearch()
    let reactor = GitHubSearchViewReactor(search: search.run)
    reactor.send(.updateQuery("swift"))
    await search.respond(to: "swift", page: 1, with: ["a"], nextPage: 2)
    await reactor.waitUntilIdle()
    reactor.send(.loadNextPage)
    await search.waitForRequest("swift", page: 2)
    reactor.send(.updateQuery("rust"))
    await search.respond(to: "swift", page: 2, with: ["stale"], nextPage: 3)
    await search.respond(to: "rust", page: 1, with: ["rust-lang/rust"], nextPage: nil)
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.repos == ["rust-lang/rust"])
    #expect(!reactor.currentState.isLoadingNextPage)
  }
}

// MARK: - The port

final class GitHubSearchViewReactor: Reactor {
  enum Action {
    case updateQuery(String?)
    case loadNextPage
  }

  enum Mutation {
    case setQuery(String?)
    case setRepos([String], nextPage: Int?)
    case appendRepos([String], nextPage: Int?)
    case setLoadingNextPage(Bool)
  }

  struct State: Equatable {
    var query: String?
    var repos: [String] = []
    var nextPage: Int?
    var isLoadingNextPage: Bool = false
  }

  typealias Search = @Sendable (String?, Int) async throws -> (repos: [String], nextPage: Int?)

  let initialState = State()
  let runtime = Runtime()
  private let search: Search

  init(search: @escaping Search) {
    self.search = search
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(
        // 1) set current state's query (.setQuery)
        .just(.setQuery(query)),

        // 2) call API and set repos (.setRepos)
        .run { [search] send in
          let (repos, nextPage) = try await search(query, 1)
          send(.setRepos(repos, nextPage: nextPage))
        }
        // cancel previous request when the new `.updateQuery` action is fired
        .take(until: self.action.filter(Self.isUpdateQueryAction))
      )

    case .loadNextPage:
      guard !currentState.isLoadingNextPage else { return .none }  // prevent from multiple requests
      guard let page = currentState.nextPage else { return .none }
      return .concat(
        // 1) set loading status to true
        .just(.setLoadingNextPage(true)),

        // 2) call API and append repos
        .run { [search, query = currentState.query] send in
          let (repos, nextPage) = try await search(query, page)
          send(.appendRepos(repos, nextPage: nextPage))
        }
        .take(until: self.action.filter(Self.isUpdateQueryAction)),

        // 3) set loading status to false
        .just(.setLoadingNextPage(false))
      )
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setQuery(let query):
      var newState = state
      newState.query = query
      return newState

    case .setRepos(let repos, let nextPage):
      var newState = state
      newState.repos = repos
      newState.nextPage = nextPage
      return newState

    case .appendRepos(let repos, let nextPage):
      var newState = state
      newState.repos.append(contentsOf: repos)
      newState.nextPage = nextPage
      return newState

    case .setLoadingNextPage(let isLoadingNextPage):
      var newState = state
      newState.isLoadingNextPage = isLoadingNextPage
      return newState
    }
  }

  // Static, so the predicate does not capture the reactor.
  private static func isUpdateQueryAction(_ action: Action) -> Bool {
    if case .updateQuery = action { true } else { false }
  }
}

// MARK: - Fixtures

/// A search whose requests wait until the test answers them.
final class FakeSearch: Sendable {
  let requests = Recorder<String>()
  let cancelled = Recorder<String>()
  private let answers = AnswerBook()

  var run: GitHubSearchViewReactor.Search {
    { [self] query, page in
      let key = "\(query ?? "") \(page)"
      requests.record(key)
      do {
        return try await answers.answer(for: key)
      } catch {
        cancelled.record(query ?? "")
        throw error
      }
    }
  }

  func waitForRequest(_ query: String, page: Int) async {
    await answers.waitForRequest("\(query) \(page)")
  }

  func respond(to query: String, page: Int, with repos: [String], nextPage: Int?) async {
    await answers.waitForRequest("\(query) \(page)")
    answers.give((repos, nextPage), to: "\(query) \(page)")
  }
}

/// One gate per request key, holding the answer the test gives.
final class AnswerBook: @unchecked Sendable {
  // Safe: `gates` and `answers` are guarded by `lock`.
  private let lock = NSLock()
  private var gates: [String: Gate] = [:]
  private var answers: [String: ([String], Int?)] = [:]

  private func gate(_ key: String) -> Gate {
    lock.withLock {
      if let gate = gates[key] { return gate }
      let gate = Gate()
      gates[key] = gate
      return gate
    }
  }

  func answer(for key: String) async throws -> ([String], Int?) {
    try await gate(key).wait()
    return lock.withLock { answers[key] ?? ([], nil) }
  }

  func waitForRequest(_ key: String) async {
    await gate(key).waitForArrivals(1)
  }

  func give(_ answer: ([String], Int?), to key: String) {
    lock.withLock { answers[key] = answer }
    gate(key).open()
  }
}
