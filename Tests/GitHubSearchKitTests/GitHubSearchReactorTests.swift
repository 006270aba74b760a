import Foundation
import GitHubSearchKit
import LoopbackHTTP
@_spi(Testing) import Reactors
import ReactorsRecording
import ReactorsTesting
import Testing

// MARK: - Reducers, one by one

@Suite(.timeLimit(.minutes(2))) struct GitHubSearchReactorReduceTests {
  typealias State = GitHubSearchReactor.State
  let reactor = GitHubSearchReactor(client: GitHubClient { _ in throw CancellationError() })
  let link = PageLink.fixture("swift", page: 2)

  /// A state with two pages loaded, a next page and an error.
  var loaded: State {
    var state = State()
    state.query = "swift"
    state.repositories = [.fixture(1), .fixture(2)]
    state.nextPage = link
    state.totalCount = 90
    state.isIncomplete = true
    state.skippedItemCount = 1
    state.error = .unavailable(status: 503)
    state.failedPage = .nextPage(link)
    return state
  }

  @Test func setQueryStartsOverKeepingOnlyTheShownResultsAsStale() {
    let state = reactor.reduce(state: loaded, mutation: .setQuery("rust"))
    var expected = State()
    expected.query = "rust"
    expected.isLoadingFirstPage = true
    expected.staleRepositories = loaded.repositories
    #expect(state == expected)
  }

  @Test func setQueryWhileStillSearchingKeepsTheSameStaleResults() {
    let typing = reactor.reduce(state: loaded, mutation: .setQuery("r"))
    let state = reactor.reduce(state: typing, mutation: .setQuery("ru"))
    #expect(state.staleRepositories == loaded.repositories)
    #expect(state.repositories.isEmpty)
    #expect(state.nextPage == nil)
  }

  @Test func setQueryToEmptyClearsEverythingAndLoadsNothing() {
    let typing = reactor.reduce(state: loaded, mutation: .setQuery("r"))
    #expect(reactor.reduce(state: loaded, mutation: .setQuery("")) == State())
    #expect(reactor.reduce(state: typing, mutation: .setQuery("")) == State())
  }

  @Test func theFirstPageOrItsFailureReplacesTheStaleResults() {
    let typing = reactor.reduce(state: loaded, mutation: .setQuery("rust"))
    let arrived = reactor.reduce(state: typing, mutation: .setRepos(.fixture(5...6)))
    #expect(arrived.staleRepositories.isEmpty)
    #expect(arrived.repositories.map(\.id) == [5, 6])
    let failed = reactor.reduce(
      state: typing,
      mutation: .setError(.offline("could not connect"), failedPage: .firstPage(query: "rust")))
    #expect(failed.staleRepositories.isEmpty)
    #expect(failed.repositories.isEmpty)
  }

  @Test func rememberQueryPutsTheQueryFirstInTheHistoryAndChangesNothingElse() {
    var start = loaded
    start.history = QueryHistory(restoring: ["go", "swift"])
    let state = reactor.reduce(state: start, mutation: .rememberQuery("swift"))
    var expected = start
    expected.history = QueryHistory(restoring: ["swift", "go"])
    #expect(state == expected)
  }

  @Test func aNewOrEmptyQueryStartsOverButKeepsTheHistory() {
    var start = loaded
    start.history = QueryHistory(restoring: ["swift"])
    #expect(reactor.reduce(state: start, mutation: .setQuery("rust")).history == start.history)
    #expect(reactor.reduce(state: start, mutation: .setQuery("")) == State(history: start.history))
  }

  @Test func retryIsOfferedOnlyWhenAskingAgainCanHelpNow() {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    #expect(loaded.canRetry(at: now))  // 503 on page 2.
    var state = loaded
    state.error = .invalidQuery("bad")
    #expect(!state.canRetry(at: now))
    state.error = .rateLimited(until: now.addingTimeInterval(1))
    #expect(!state.canRetry(at: now))
    #expect(state.canRetry(at: now.addingTimeInterval(1)))
    state.failedPage = nil
    #expect(!state.canRetry(at: now.addingTimeInterval(1)))
    #expect(!State().canRetry(at: now))
  }

  @Test func setReposReplacesTheListAndTakesThePagesLinkAndTotals() {
    var start = loaded
    start.isLoadingFirstPage = true
    let next = PageLink.fixture("swift", page: 9)
    let page = SearchPage(
      repositories: [.fixture(7), .fixture(8), .fixture(7)], totalCount: 3, isIncomplete: false,
      nextPage: next, skippedItemCount: 2)
    let state = reactor.reduce(state: start, mutation: .setRepos(page))
    #expect(state.repositories.map(\.id) == [7, 8])
    #expect(state.nextPage == next)
    #expect(state.totalCount == 3)
    #expect(!state.isIncomplete)
    #expect(state.skippedItemCount == 3)
    #expect(!state.isLoadingFirstPage)
  }

  @Test func appendReposExtendsTheListWithoutRepeats() {
    var start = loaded
    start.isLoadingNextPage = true
    let page = SearchPage.fixture(2...4, total: 95, next: nil)
    let state = reactor.reduce(state: start, mutation: .appendRepos(page))
    #expect(state.repositories.map(\.id) == [1, 2, 3, 4])
    #expect(state.nextPage == nil)
    #expect(state.totalCount == 95)
    #expect(state.isIncomplete)  // One incomplete page makes the list incomplete.
    #expect(!state.isLoadingNextPage)
  }

  @Test func setLoadingNextPageClearsTheFailureItRetries() {
    let loading = reactor.reduce(state: loaded, mutation: .setLoadingNextPage(true))
    #expect(loading.isLoadingNextPage)
    #expect(loading.error == nil)
    #expect(loading.failedPage == nil)
    #expect(loading.repositories == loaded.repositories)
    let stopped = reactor.reduce(state: loading, mutation: .setLoadingNextPage(false))
    #expect(!stopped.isLoadingNextPage)
  }

  @Test func setLoadingFirstPageClearsTheFailureItRetries() {
    let loading = reactor.reduce(state: loaded, mutation: .setLoadingFirstPage(true))
    #expect(loading.isLoadingFirstPage)
    #expect(loading.error == nil)
    #expect(loading.failedPage == nil)
    #expect(
      !reactor.reduce(state: loading, mutation: .setLoadingFirstPage(false)).isLoadingFirstPage)
  }

  @Test func setErrorKeepsTheLoadedPagesAndRemembersTheFailedOne() {
    var start = loaded
    start.error = nil
    start.failedPage = nil
    start.isLoadingNextPage = true
    let until = Date(timeIntervalSince1970: 1_700_000_060)
    let state = reactor.reduce(
      state: start, mutation: .setError(.rateLimited(until: until), failedPage: .nextPage(link)))
    #expect(state.error == .rateLimited(until: until))
    #expect(state.failedPage == .nextPage(link))
    #expect(state.repositories == start.repositories)
    #expect(state.nextPage == link)
    #expect(!state.isLoadingNextPage)
  }

  @Test func endOfResultsEndsThePaginationWithoutAnError() {
    var start = loaded
    start.error = nil
    start.failedPage = nil
    start.isLoadingNextPage = true
    let state = reactor.reduce(
      state: start, mutation: .setError(.endOfResults, failedPage: .nextPage(link)))
    #expect(state.nextPage == nil)
    #expect(state.error == nil)
    #expect(state.failedPage == nil)
    #expect(!state.isLoadingNextPage)
    #expect(state.repositories == start.repositories)
  }
}

// MARK: - Actions, through the running reactor

@Suite(.timeLimit(.minutes(1))) struct GitHubSearchReactorTests {
  let clock = TestClock()
  let server: ScriptedGitHubClient
  let date = TestDate()
  let reactor: GitHubSearchReactor

  init() {
    self.init(server: ScriptedGitHubClient())
  }

  init(server: ScriptedGitHubClient) {
    self.server = server
    let date = date
    reactor = GitHubSearchReactor(client: server.client, clock: clock, now: { date.now })
  }

  /// Types `query`, lets the debounce pass, and returns the request it made.
  func search(_ query: String) async -> ScriptedGitHubClient.Call {
    reactor.send(.updateQuery(query))
    await clock.advance(by: .milliseconds(300))
    return await server.nextCall()
  }

  /// Searches `query` and answers with `page`.
  func load(_ query: String, _ page: SearchPage) async {
    server.respond(await search(query), with: page)
    await settle()
  }

  /// Runs the clock out, answers what is left, and waits for the reactor to settle.
  func settle() async {
    await clock.run()
    // A request the reactor should not have made gets an empty page rather than hanging the
    // test; the expectations on `server.requests` and the state then fail.
    for _ in 0..<10_000 where reactor._runningEffectCount > 0 {
      server.answerEverything()
      await Task.yield()
    }
    await reactor.waitUntilIdle()
  }

  /// Waits until the debounce of the last query is asleep on the test clock.
  func debounceIsWaiting() async -> Bool {
    for _ in 0..<10_000 where clock.sleeperCount == 0 { await Task.yield() }
    return clock.sleeperCount == 1
  }

  // MARK: updateQuery

  @Test func setsTheTrimmedQueryAtOnceAndSearchesAfterTheDebounce() async {
    reactor.send(.updateQuery("  swift \n"))
    #expect(reactor.currentState.query == "swift")
    #expect(reactor.currentState.isLoadingFirstPage)

    await clock.advance(by: .milliseconds(299))
    #expect(await debounceIsWaiting())
    #expect(server.requests.isEmpty)

    await clock.advance(by: .milliseconds(1))
    let call = await server.nextCall()
    #expect(call.request == .firstPage(query: "swift"))
    let next = PageLink.fixture("swift", page: 2)
    server.respond(call, with: .fixture(1...30, total: 95, next: next))
    await settle()

    #expect(reactor.currentState.repositories.map(\.id) == Array(1...30))
    #expect(reactor.currentState.nextPage == next)
    #expect(reactor.currentState.totalCount == 95)
    #expect(!reactor.currentState.isLoadingFirstPage)
  }

  @Test func searchesOnlyOnceTypingPauses() async {
    for prefix in ["s", "sw", "swi", "swif", "swift"] {
      reactor.send(.updateQuery(prefix))
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(200))
    let call = await server.nextCall()
    #expect(call.request == .firstPage(query: "swift"))
    server.respond(call, with: .fixture(1...3))
    await settle()
    #expect(server.requests == [.firstPage(query: "swift")])
  }

  @Test func ignoresTheSameQueryAgainAndKeepsItsRequest() async {
    let call = await search("swift")
    reactor.send(.updateQuery("swift "))
    reactor.send(.updateQuery("swift"))
    await clock.run()
    server.respond(call, with: .fixture(1...3))
    await settle()
    #expect(server.requests == [.firstPage(query: "swift")])
    #expect(server.cancelledRequests.isEmpty)
    #expect(reactor.currentState.repositories.count == 3)
  }

  @Test func anEmptyQueryClearsTheResultsAndCancelsTheRequestWithoutANewOne() async {
    await load("swift", .fixture(1...30, next: .fixture("swift", page: 2)))
    reactor.send(.loadNextPage)
    _ = await server.nextCall()

    reactor.send(.updateQuery("   "))
    // Cancelling runs the request's cancellation handler before `send` returns.
    #expect(server.cancelledRequests == [.nextPage(.fixture("swift", page: 2))])
    await settle()

    // Everything goes but the history: "swift" was searched.
    #expect(reactor.currentState == GitHubSearchReactor.State(history: .init(restoring: ["swift"])))
    #expect(server.requests.count == 2)
  }

  @Test func anEmptyQueryDropsAPendingDebounce() async {
    reactor.send(.updateQuery("swift"))
    reactor.send(.updateQuery(""))
    await clock.run()
    await settle()
    #expect(server.requests.isEmpty)
    // Never searched, so never remembered either.
    #expect(reactor.currentState == GitHubSearchReactor.State())
  }

  @Test func aQueryEntersTheHistoryWhenItsSearchStartsNotAtEachKeystroke() async {
    for prefix in ["s", "sw", "swi", "swif", "swift"] {
      reactor.send(.updateQuery(prefix))
      await clock.advance(by: .milliseconds(100))
    }
    #expect(reactor.currentState.history.entries.isEmpty)
    await clock.advance(by: .milliseconds(200))
    server.respond(await server.nextCall(), with: .fixture(1...3))
    await settle()
    #expect(reactor.currentState.history.entries == ["swift"])

    await load("rust", .fixture(4...5))
    await load("  swift ", .fixture(1...3))
    #expect(reactor.currentState.history.entries == ["swift", "rust"])
  }

  @Test func aNewQueryCancelsTheFirstPageInFlight() async {
    let first = await search("swift")
    let second = await search("rust")
    #expect(server.cancelledRequests == [.firstPage(query: "swift")])
    server.respond(first, with: .fixture(1...3, owner: "stale"))  // Too late: already cancelled.
    server.respond(second, with: .fixture(4...6, owner: "rust"))
    await settle()
    #expect(reactor.currentState.query == "rust")
    #expect(reactor.currentState.repositories.map(\.fullName) == (4...6).map { "rust/repo\($0)" })
  }

  @Test func aStaleAnswerNeverLandsEvenFromAServerThatIgnoresCancellation() async {
    let tests = GitHubSearchReactorTests(server: ScriptedGitHubClient(ignoringCancellation: true))
    let first = await tests.search("swift")
    let second = await tests.search("rust")
    tests.server.respond(first, with: .fixture(1...3, owner: "stale"))  // Answered after `rust`.
    for _ in 0..<100 { await Task.yield() }
    #expect(tests.reactor.currentState.repositories.isEmpty)
    #expect(tests.reactor.currentState.isLoadingFirstPage)
    tests.server.respond(second, with: .fixture(4...6, owner: "rust"))
    await tests.settle()
    #expect(
      tests.reactor.currentState.repositories.map(\.fullName) == (4...6).map { "rust/repo\($0)" })
  }

  @Test func aNewQueryCancelsTheNextPageInFlight() async {
    await load("swift", .fixture(1...30, next: .fixture("swift", page: 2)))
    reactor.send(.loadNextPage)
    let nextPage = await server.nextCall()

    let rust = await search("rust")
    #expect(server.cancelledRequests == [.nextPage(.fixture("swift", page: 2))])
    server.respond(rust, with: .fixture(1...2, owner: "rust"))
    await settle()
    server.respond(nextPage, with: .fixture(31...60, owner: "stale"))  // After the new results.
    await settle()
    #expect(reactor.currentState.repositories.map(\.fullName) == ["rust/repo1", "rust/repo2"])
    #expect(!reactor.currentState.isLoadingNextPage)
  }

  // MARK: loadNextPage

  @Test func loadsTheServersNextLinkNotPagePlusOne() async {
    // The server skips ahead and uses its own parameters: only its link is right.
    let link = PageLink(
      url: URL(string: "https://api.github.com/search/repositories?q=swift&cursor=abc")!)
    await load("swift", .fixture(1...30, next: link))
    reactor.send(.loadNextPage)
    #expect(reactor.currentState.isLoadingNextPage)
    let call = await server.nextCall()
    #expect(call.request == .nextPage(link))
    server.respond(call, with: .fixture(31...40, next: nil))
    await settle()
    #expect(reactor.currentState.repositories.map(\.id) == Array(1...40))
    #expect(!reactor.currentState.hasNextPage)
    #expect(!reactor.currentState.isLoadingNextPage)
  }

  @Test func rapidRepeatedNextLoadsOnePageAtATime() async {
    await load("swift", .fixture(1...30, next: .fixture("swift", page: 2)))
    for _ in 0..<20 { reactor.send(.loadNextPage) }
    let second = await server.nextCall()
    for _ in 0..<20 { reactor.send(.loadNextPage) }
    server.respond(second, with: .fixture(31...60, next: .fixture("swift", page: 3)))
    await settle()
    #expect(server.requests == [.firstPage(query: "swift"), .nextPage(.fixture("swift", page: 2))])

    for _ in 0..<20 { reactor.send(.loadNextPage) }
    server.respond(await server.nextCall(), with: .fixture(61...90))
    await settle()
    #expect(server.requests.count == 3)
    #expect(reactor.currentState.repositories.map(\.id) == Array(1...90))
  }

  @Test func ignoresLoadNextPageWithoutANextPage() async {
    await load("swift", .fixture(1...3, next: nil))
    reactor.send(.loadNextPage)
    await settle()
    #expect(server.requests.count == 1)
    #expect(!reactor.currentState.isLoadingNextPage)
  }

  @Test func aLoadMoreDuringANewQueryNeverAsksForTheOldQuerysPage() async {
    await load("swift", .fixture(1...30, next: .fixture("swift", page: 2)))
    reactor.send(.updateQuery("rust"))
    reactor.send(.loadNextPage)  // The seed sent page 2 of "rust" here.
    #expect(!reactor.currentState.isLoadingNextPage)
    await clock.advance(by: .milliseconds(300))
    server.respond(await server.nextCall(), with: .fixture(1...2, owner: "rust"))
    await settle()
    #expect(server.requests == [.firstPage(query: "swift"), .firstPage(query: "rust")])
  }

  // MARK: Errors and retry

  @Test func aFailedFirstPageIsAnErrorStateThatRetryFetchesAgain() async {
    server.fail(await search("swift"), with: .unavailable(status: 503))
    await settle()
    #expect(reactor.currentState.error == .unavailable(status: 503))
    #expect(reactor.currentState.failedPage == .firstPage(query: "swift"))
    #expect(!reactor.currentState.isLoadingFirstPage)

    reactor.send(.retry)
    #expect(reactor.currentState.isLoadingFirstPage)
    #expect(reactor.currentState.error == nil)
    reactor.send(.retry)  // Nothing failed any more: ignored.
    server.respond(await server.nextCall(), with: .fixture(1...5))
    await settle()
    #expect(server.requests == [.firstPage(query: "swift"), .firstPage(query: "swift")])
    #expect(reactor.currentState.repositories.count == 5)
  }

  @Test func aFailedNextPageKeepsTheLoadedPagesAndRetriesThatPage() async {
    let page2 = PageLink.fixture("swift", page: 2)
    await load("swift", .fixture(1...30, next: page2))
    reactor.send(.loadNextPage)
    server.fail(await server.nextCall(), with: .offline("could not connect"))
    await settle()
    #expect(reactor.currentState.repositories.count == 30)
    #expect(reactor.currentState.error == .offline("could not connect"))

    reactor.send(.loadNextPage)  // A failed page is retried on purpose, not by scrolling.
    await settle()
    #expect(server.requests.count == 2)

    reactor.send(.retry)
    let retried = await server.nextCall()
    #expect(retried.request == .nextPage(page2))
    server.respond(retried, with: .fixture(31...60))
    await settle()
    #expect(reactor.currentState.repositories.map(\.id) == Array(1...60))
    #expect(reactor.currentState.error == nil)
  }

  @Test func waitsOutARateLimitBeforeLoadingOrRetrying() async {
    await load("swift", .fixture(1...30, next: .fixture("swift", page: 2)))
    reactor.send(.loadNextPage)
    let until = date.now.addingTimeInterval(60)
    server.fail(await server.nextCall(), with: .rateLimited(until: until))
    await settle()
    #expect(reactor.currentState.error == .rateLimited(until: until))

    reactor.send(.loadNextPage)
    reactor.send(.retry)
    date.advance(by: 59)
    reactor.send(.retry)
    await settle()
    #expect(server.requests.count == 2)
    #expect(reactor.currentState.error == .rateLimited(until: until))

    date.advance(by: 1)
    reactor.send(.retry)
    server.respond(await server.nextCall(), with: .fixture(31...60))
    await settle()
    #expect(reactor.currentState.repositories.count == 60)
  }

  @Test func theEndOfResultsStopsPagingQuietly() async {
    await load("a", .fixture(1...100, total: 50_000, next: .fixture("a", page: 11)))
    reactor.send(.loadNextPage)
    server.fail(await server.nextCall(), with: .endOfResults)
    await settle()
    #expect(reactor.currentState.error == nil)
    #expect(!reactor.currentState.hasNextPage)
    #expect(reactor.currentState.repositories.count == 100)
  }

  @Test func anInvalidQueryIsShownWithTheServersReason() async {
    server.fail(await search("stars:many"), with: .invalidQuery("Validation Failed"))
    await settle()
    #expect(reactor.currentState.error == .invalidQuery("Validation Failed"))
    #expect(reactor.currentState.repositories.isEmpty)

    reactor.send(.retry)  // The same query would be refused again: ignored.
    await settle()
    #expect(server.requests.count == 1)
    #expect(reactor.currentState.error == .invalidQuery("Validation Failed"))
  }

  // MARK: Lifetime

  @Test func releasingTheReactorCancelsItsRequestAndLeavesNothingRunning() async {
    let server = ScriptedGitHubClient()
    let clock = TestClock()
    await withLeakCheck(GitHubSearchReactor(client: server.client, clock: clock)) { reactor in
      reactor.send(.updateQuery("swift"))
      await clock.advance(by: .milliseconds(300))
      _ = await server.nextCall()  // In flight when the reactor goes.
    }
    #expect(server.cancelledRequests == [.firstPage(query: "swift")])
  }
}

// MARK: - Exhaustively, with a TestStore: every mutation an effect reduces is accounted for

@Suite(.timeLimit(.minutes(2))) struct GitHubSearchReactorStoreTests {
  let clock = TestClock()
  let server = ScriptedGitHubClient()
  let date = TestDate()
  let store: TestStore<GitHubSearchReactor>

  init() {
    let date = date
    store = TestStore(GitHubSearchReactor(client: server.client, clock: clock, now: { date.now }))
  }

  @Test func searchesThenLoadsTheLinkedPage() async {
    await store.send(.updateQuery("  swift ")) {
      $0.query = "swift"
      $0.isLoadingFirstPage = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("swift")) { $0.history = QueryHistory(restoring: ["swift"]) }
    let page2 = PageLink.fixture("swift", page: 2)
    let first = SearchPage.fixture(1...30, total: 45, next: page2)
    server.respond(await server.nextCall(), with: first)
    await store.receive(.setRepos(first)) {
      $0.repositories = first.repositories
      $0.nextPage = page2
      $0.totalCount = 45
      $0.isLoadingFirstPage = false
    }

    await store.send(.loadNextPage) { $0.isLoadingNextPage = true }
    await store.send(.loadNextPage)  // Ignored: the state does not change, nothing is fetched.
    let call = await server.nextCall()
    #expect(call.request == .nextPage(page2))
    let second = SearchPage.fixture(31...45, total: 45, next: nil)
    server.respond(call, with: second)
    await store.receive(.appendRepos(second)) {
      $0.repositories += second.repositories
      $0.nextPage = nil
      $0.isLoadingNextPage = false
    }
    await store.send(.loadNextPage)  // The last page: ignored.
    await store.finish()
  }

  @Test func aCancelledSearchNeverReducesAnything() async {
    await store.send(.updateQuery("swift")) {
      $0.query = "swift"
      $0.isLoadingFirstPage = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("swift")) { $0.history = QueryHistory(restoring: ["swift"]) }
    let stale = await server.nextCall()
    await store.send(.updateQuery("rust")) { $0.query = "rust" }
    server.respond(stale, with: .fixture(1...3, owner: "stale"))  // Already cancelled.
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("rust")) {
      $0.history = QueryHistory(restoring: ["rust", "swift"])
    }
    let rust = SearchPage.fixture(7...8, total: 2, owner: "rust")
    server.respond(await server.nextCall(), with: rust)
    // Exhaustive: a stale `.setRepos` would arrive first and fail this line.
    await store.receive(.setRepos(rust)) {
      $0.repositories = rust.repositories
      $0.totalCount = 2
      $0.isLoadingFirstPage = false
    }
    await store.finish()
  }

  @Test func aNewQueryShowsThePreviousResultsAsStaleUntilItsFirstPageArrives() async {
    await store.send(.updateQuery("swift")) {
      $0.query = "swift"
      $0.isLoadingFirstPage = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("swift")) { $0.history = QueryHistory(restoring: ["swift"]) }
    let swift = SearchPage.fixture(1...2, total: 2)
    server.respond(await server.nextCall(), with: swift)
    await store.receive(.setRepos(swift)) {
      $0.repositories = swift.repositories
      $0.totalCount = 2
      $0.isLoadingFirstPage = false
    }
    await store.send(.updateQuery("swiftui")) {
      $0.query = "swiftui"
      $0.repositories = []
      $0.totalCount = nil
      $0.staleRepositories = swift.repositories
      $0.isLoadingFirstPage = true
    }
    await store.send(.loadNextPage)  // Stale results have no next page: ignored.
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("swiftui")) {
      $0.history = QueryHistory(restoring: ["swiftui", "swift"])
    }
    let swiftUI = SearchPage.fixture(7...9, total: 3, owner: "ui")
    server.respond(await server.nextCall(), with: swiftUI)
    await store.receive(.setRepos(swiftUI)) {
      $0.repositories = swiftUI.repositories
      $0.staleRepositories = []
      $0.totalCount = 3
      $0.isLoadingFirstPage = false
    }
    await store.finish()
  }

  @Test func aFailedPageBecomesAnErrorStateAndRetryFetchesItAgain() async {
    await store.send(.updateQuery("swift")) {
      $0.query = "swift"
      $0.isLoadingFirstPage = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("swift")) { $0.history = QueryHistory(restoring: ["swift"]) }
    server.fail(await server.nextCall(), with: .unavailable(status: 503))
    await store.receive(
      .setError(.unavailable(status: 503), failedPage: .firstPage(query: "swift"))
    ) {
      $0.error = .unavailable(status: 503)
      $0.failedPage = .firstPage(query: "swift")
      $0.isLoadingFirstPage = false
    }
    await store.send(.loadNextPage)  // Ignored after a failure.
    await store.send(.retry) {
      $0.error = nil
      $0.failedPage = nil
      $0.isLoadingFirstPage = true
    }
    let page = SearchPage.fixture(1...2, total: 2)
    server.respond(await server.nextCall(), with: page)
    await store.receive(.setRepos(page)) {
      $0.repositories = page.repositories
      $0.totalCount = 2
      $0.isLoadingFirstPage = false
    }
    await store.finish()
  }

  @Test func threeSearchedQueriesAreRememberedNewestFirstAndTheWordsOnTheWayAreNot() async {
    for query in ["swift", "rust", "go"] {
      let before = store.state
      await store.send(.updateQuery(String(query.prefix(1)))) {
        $0 = GitHubSearchReactor.State(history: before.history)
        $0.query = String(query.prefix(1))
        $0.isLoadingFirstPage = true
        $0.staleRepositories = before.repositories
      }
      await store.send(.updateQuery(query)) { $0.query = query }
      await clock.advance(by: .milliseconds(300))
      await store.receive(.rememberQuery(query)) { $0.history.remember(query) }
      let page = SearchPage.fixture(1...2, total: 2, owner: query)
      server.respond(await server.nextCall(), with: page)
      await store.receive(.setRepos(page)) {
        $0.repositories = page.repositories
        $0.staleRepositories = []
        $0.totalCount = 2
        $0.isLoadingFirstPage = false
      }
    }
    #expect(store.state.history.entries == ["go", "rust", "swift"])
    await store.finish()
  }

  @Test func anEmptyQueryClearsEverythingWithoutARequest() async {
    await store.send(.updateQuery("swift")) {
      $0.query = "swift"
      $0.isLoadingFirstPage = true
    }
    await store.send(.updateQuery(" ")) {
      $0.query = ""
      $0.isLoadingFirstPage = false
    }
    await clock.run()
    await store.finish()
    #expect(server.requests.isEmpty)
  }
}

// MARK: - The reactor, the live client and the offline server together

@Suite(.timeLimit(.minutes(1))) struct GitHubSearchReactorOfflineTests {
  let clock = TestClock()
  let server: OfflineGitHubServer
  let reactor: GitHubSearchReactor

  init() throws {
    // "slow" never gets an answer: the first search hangs until someone gives up on it.
    server = try OfflineGitHubServer(fault: { request in
      request.queryValue(for: "q") == "slow" ? .stall : nil
    })
    reactor = GitHubSearchReactor(
      client: .live(configuration: GitHubConfiguration(apiURL: server.baseURL)), clock: clock)
  }

  func expectedFirstPage(_ query: String) throws -> [Repository] {
    Array(RepositoryCatalog.standard.search(try CatalogQuery(parsing: query)).prefix(30))
  }

  @Test func aSlowFirstQueryOvertakenByANewOneIsDroppedOnTheWire() async throws {
    defer { server.stop() }
    reactor.send(.updateQuery("slow"))
    await clock.advance(by: .milliseconds(300))
    await server.server.waitUntil { $0.count == 1 }

    reactor.send(.updateQuery("swift"))
    await clock.advance(by: .milliseconds(300))
    await server.server.waitUntil { records in
      records.count == 2 && records[0].outcome == .clientDisconnected
        && records[1].outcome == .responded(status: 200)
    }
    await reactor.waitUntilIdle()

    #expect(server.requests.map { $0.request.queryValue(for: "q") } == ["slow", "swift"])
    #expect(server.requests.map(\.outcome) == [.clientDisconnected, .responded(status: 200)])
    #expect(reactor.currentState.query == "swift")
    #expect(reactor.currentState.repositories == (try expectedFirstPage("swift")))
    #expect(reactor.currentState.error == nil)
  }

  @Test func rapidRepeatedNextAsksTheServerForEachPageOnce() async throws {
    server.stop()
    // Every answer takes 250 ms on a clock of its own, so the repeats surely arrive while the
    // page is on its way.
    let serverClock = TestClock()
    let server = try OfflineGitHubServer(latency: .milliseconds(250), clock: serverClock)
    defer { server.stop() }
    let reactor = GitHubSearchReactor(
      client: .live(configuration: GitHubConfiguration(apiURL: server.baseURL)), clock: clock)

    /// Lets the one request in flight through.
    func answer() async {
      for _ in 0..<100_000 where serverClock.sleeperCount == 0 { await Task.yield() }
      await serverClock.advance(by: .milliseconds(250))
      await reactor.waitUntilIdle()
    }

    reactor.send(.updateQuery("swift"))
    await clock.advance(by: .milliseconds(300))
    await answer()
    for _ in 0..<3 {
      for _ in 0..<10 { reactor.send(.loadNextPage) }
      await server.server.waitUntil { records in
        records.allSatisfy { $0.outcome != .pending } == false
      }
      for _ in 0..<10 { reactor.send(.loadNextPage) }
      await answer()
    }
    let pages = server.requests.map { $0.request.queryValue(for: "page") }
    #expect(pages == [nil, "2", "3", "4"])
    let ids = reactor.currentState.repositories.map(\.id)
    #expect(ids.count == 120)
    #expect(Set(ids).count == 120)
    let expected = RepositoryCatalog.standard.search(try CatalogQuery(parsing: "swift"))
    #expect(reactor.currentState.repositories == Array(expected.prefix(120)))
  }
}

// MARK: - The detail pane: a child reactor, attached, mirrored, detached

@Suite(.timeLimit(.minutes(1))) struct GitHubSearchReactorDetailTests {
  let clock = TestClock()
  let search = ScriptedGitHubClient()
  /// Answers repository requests: each arrives as the first page of a query that is the name.
  let details = ScriptedGitHubClient()
  let store: TestStore<GitHubSearchReactor>

  init() {
    let client = GitHubClient(
      search: search.client.search,
      repository: { [details] name in
        _ = try await details.client.search(.firstPage(query: name))
        return .fixture(Int(name.dropFirst("owner/repo".count))!)
      })
    store = TestStore(GitHubSearchReactor(client: client, clock: clock))
  }

  /// Searches "swift" and gets three repositories.
  func searchSwift() async {
    await store.send(.updateQuery("swift")) {
      $0.query = "swift"
      $0.isLoadingFirstPage = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("swift")) { $0.history = QueryHistory(restoring: ["swift"]) }
    let page = SearchPage.fixture(1...3, total: 3)
    search.respond(await search.nextCall(), with: page)
    await store.receive(.setRepos(page)) {
      $0.repositories = page.repositories
      $0.totalCount = 3
      $0.isLoadingFirstPage = false
    }
  }

  /// Opens the repository at `index`, and checks that its detail appears, loading.
  func open(_ index: Int) async -> ScriptedGitHubClient.Call {
    await store.send(.openRepository(at: index))
    let loading = RepositoryDetailReactor.State(repository: .fixture(index + 1))
    await store.receive(.setDetail(loading)) { $0.detail = loading }
    let call = await details.nextCall()
    #expect(call.request == .firstPage(query: "owner/repo\(index + 1)"))
    return call
  }

  @Test func openingARepositoryMirrorsItsDetailFromLoadingToLoadedAndClosingRemovesIt() async {
    await searchSwift()
    let call = await open(1)
    details.respond(call, with: .fixture(1...1))
    await store.receive(.setDetail(.loaded(2))) { $0.detail = .loaded(2) }
    await store.send(.closeRepository)
    await store.receive(.setDetail(nil)) { $0.detail = nil }
    await store.finish()
    #expect(details.cancelledRequests.isEmpty)
  }

  @Test func openingAnotherRepositoryCancelsTheFirstOnesLoad() async {
    await searchSwift()
    _ = await open(0)
    let second = await open(2)
    #expect(details.cancelledRequests == [.firstPage(query: "owner/repo1")])
    details.respond(second, with: .fixture(1...1))
    await store.receive(.setDetail(.loaded(3))) { $0.detail = .loaded(3) }
    await store.finish()
  }

  @Test func closingThePaneCancelsItsLoad() async {
    await searchSwift()
    _ = await open(0)
    await store.send(.closeRepository)
    await store.receive(.setDetail(nil)) { $0.detail = nil }
    await store.finish()
    #expect(details.cancelledRequests == [.firstPage(query: "owner/repo1")])
  }

  @Test func aNewQueryRemovesTheDetailAndCancelsItsLoad() async {
    await searchSwift()
    _ = await open(0)
    let swift = store.state.repositories
    await store.send(.updateQuery("rust")) {
      $0 = GitHubSearchReactor.State(history: $0.history)
      $0.query = "rust"
      $0.staleRepositories = swift
      $0.isLoadingFirstPage = true
    }
    await store.receive(.setDetail(nil))  // The child's removal: the new query cleared it already.
    #expect(details.cancelledRequests == [.firstPage(query: "owner/repo1")])
    await clock.advance(by: .milliseconds(300))
    await store.receive(.rememberQuery("rust")) {
      $0.history = QueryHistory(restoring: ["rust", "swift"])
    }
    search.respond(await search.nextCall(), with: .fixture(1...1, total: 1))
    await store.receive(.setRepos(.fixture(1...1, total: 1))) {
      $0.repositories = [.fixture(1)]
      $0.staleRepositories = []
      $0.totalCount = 1
      $0.isLoadingFirstPage = false
    }
    await store.finish()
  }

  @Test func openingPastTheEndOfTheListOrClosingNothingDoesNothing() async {
    await searchSwift()
    await store.send(.openRepository(at: 3))
    await store.send(.openRepository(at: -1))
    await store.send(.closeRepository)
    await store.finish()
    #expect(details.requests.isEmpty)
  }
}

// MARK: - The detail pane against the offline server: cancelled on the wire

@Suite(.timeLimit(.minutes(1))) struct GitHubSearchReactorDetailOfflineTests {
  let server: OfflineGitHubServer
  let reactor: GitHubSearchReactor
  let first = RepositoryCatalog.standard.repositories[0]

  init() throws {
    // Every repository request stalls until the client gives up on it.
    server = try OfflineGitHubServer(fault: { request in
      request.path.hasPrefix("/repos/") ? .stall : nil
    })
    reactor = GitHubSearchReactor(
      client: .live(configuration: GitHubConfiguration(apiURL: server.baseURL)),
      debounce: .zero)
  }

  /// The outcome of the repository's request, the second one the server received.
  var detailOutcome: RequestRecord.Outcome? {
    server.requests.dropFirst().first?.outcome
  }

  /// Searches, opens the first repository, and waits until its request is on the wire.
  func openTheFirstRepository() async throws {
    reactor.send(.updateQuery(first.fullName))
    await reactor.waitUntilIdle()
    try #require(reactor.currentState.repositories.first == first)
    reactor.send(.openRepository(at: 0))
    await server.server.waitUntil { $0.count == 2 }
    let request = try #require(server.requests.dropFirst().first).request
    #expect(request.path == "/repos/\(first.fullName)")
    #expect(reactor.currentState.detail?.isLoading == true)
  }

  @Test(arguments: ["open another", "close", "new query"])
  func theDetailsRequestIsDroppedOnTheWire(how: String) async throws {
    defer { server.stop() }
    try await openTheFirstRepository()
    switch how {
    case "open another": reactor.send(.openRepository(at: 0))
    case "close": reactor.send(.closeRepository)
    default: reactor.send(.updateQuery("swift"))
    }
    await server.server.waitUntil { $0.dropFirst().first?.outcome == .clientDisconnected }
    #expect(detailOutcome == .clientDisconnected)
    #expect((reactor.currentState.detail != nil) == (how == "open another"))
  }
}

// MARK: - Recording

@Suite(.timeLimit(.minutes(1))) struct GitHubSearchReactorRecordingTests {
  typealias Mutation = GitHubSearchReactor.Mutation

  @Test func everyKindOfMutationLoadsBackFromARecordingAsItWas() throws {
    // Given one mutation of each kind, errors and a detail included
    let link = PageLink.fixture("c++ #1", page: 3)
    var detail = RepositoryDetailReactor.State(repository: .fixture(7))
    detail.isLoading = false
    detail.forks = 3
    detail.error = .offline("The Internet connection appears to be offline.")
    let mutations: [Mutation] = [
      .setQuery("c++ #1"), .setLoadingFirstPage(true), .setRepos(.fixture(1...3, next: link)),
      .appendRepos(SearchPage(repositories: [], totalCount: 3, isIncomplete: true)),
      .setLoadingNextPage(false),
      .setError(
        .rateLimited(until: Date(timeIntervalSince1970: 1_700_000_000.25)),
        failedPage: .nextPage(link)),
      .setError(.invalidQuery("bad"), failedPage: .firstPage(query: "c++")),
      .setDetail(detail), .setDetail(nil), .rememberQuery("c++ #1"),
    ]
    // When they are written as a recording's lines and loaded back
    var lines = [#"{"format":"reactors-recording","reactor":"GitHubSearchReactor","version":1}"#]
    for mutation in mutations {
      let json = String(decoding: try JSONEncoder().encode(mutation), as: UTF8.self)
      lines.append(#"{"mutation":\#(json),"source":"effect","t":0.5}"#)
    }
    let recording = try Recording<GitHubSearchReactor>(jsonLines: lines.joined(separator: "\n"))
    // Then they are the same mutations
    #expect(recording.mutations == mutations)
  }

  @Test func aRecordedSessionHoldsTheActionsAndTheMutationsInOrder() async throws {
    let lines = LineCollector()
    let reactor = GitHubSearchReactor(
      client: GitHubClient { _ in .fixture(1...2) }, clock: ImmediateClock(), debounce: .zero,
      recorder: .jsonLines(for: GitHubSearchReactor.self, writeLine: lines.append))
    reactor.send(.updateQuery("swift"))
    await reactor.waitUntilIdle()
    let recording = try Recording<GitHubSearchReactor>(jsonLines: lines.text)
    #expect(recording.events.compactMap(\.action) == [.updateQuery("swift")])
    #expect(
      recording.mutations == [
        .setQuery("swift"), .rememberQuery("swift"), .setRepos(.fixture(1...2)),
      ])
    #expect(reactor.replay(recording.mutations).last == reactor.currentState)
  }
}

/// Lines collected from any thread.
private final class LineCollector: @unchecked Sendable {
  // Safe: `lines` is touched only with `lock` held.
  private let lock = NSLock()
  private var lines: [String] = []

  var text: String { lock.withLock { lines.joined(separator: "\n") } }

  func append(_ line: String) { lock.withLock { lines.append(line) } }
}
