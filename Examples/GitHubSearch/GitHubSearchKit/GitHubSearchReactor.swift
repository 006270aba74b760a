import Foundation
import Reactors
import ReactorsPersistence

/// Searches GitHub repositories as you type and loads more as you scroll: ReactorKit's
/// GitHubSearch example, on Swift Concurrency.
///
/// It reads like the original — `updateQuery` sets the query and starts a search that the next
/// query cancels (`take(until:)`), `loadNextPage` appends — and fixes what the original got
/// wrong:
///
/// - the next page is the server's `Link: rel="next"`, not `page + 1`;
/// - a new query forgets the old query's next page, so a load-more can never ask the new query
///   for the old query's page 3;
/// - failures are states with their data (``SearchError``), not "no results", and a failed page
///   can be retried without losing the pages already loaded;
/// - the loading flag is cleared by the page's outcome, not by a trailing mutation that a
///   cancelled request would deliver late;
/// - the query is trimmed, debounced (300 ms on an injected clock) and deduplicated, and an
///   empty query clears the results without a request;
/// - while a new query's first page is on its way, the previous results stay in
///   ``State/staleRepositories`` for the screen to show dimmed, instead of a blank list at each
///   keystroke.
///
/// The queries searched are kept in ``State/history`` (newest first, as a shell keeps commands),
/// each entering when its search starts, after the debounce, so the words typed on the way to a
/// query never do. Given a `StateFile`, the history outlives the run: it is restored before the
/// first step and saved, off the step's thread, whenever it changes (``Saved``).
///
/// Opening a repository shows its detail, loaded by a child reactor
/// (``RepositoryDetailReactor``) that this one attaches and mirrors into ``State/detail``; opening
/// another, closing the pane or a new query detaches it, which cancels its request.
///
/// ```swift
/// let reactor = GitHubSearchReactor(client: .live(configuration: GitHubConfiguration()))
/// reactor.send(.updateQuery("swift"))
/// await reactor.waitUntilIdle()
/// reactor.currentState.repositories  // the first page
/// reactor.send(.loadNextPage)
/// ```
public final class GitHubSearchReactor: PersistentReactor {
  /// What the person does.
  public enum Action: Sendable, Equatable, Codable {
    /// The search field changed.
    case updateQuery(String)
    /// The list was scrolled near its end.
    case loadNextPage
    /// Try the page that failed again.
    case retry
    /// Show the detail of the repository at this index of the list (from 0); ignored past the
    /// end of the list.
    case openRepository(at: Int)
    /// Close the detail pane.
    case closeRepository
  }

  /// How the state changes.
  public enum Mutation: Sendable, Equatable, Codable {
    /// A new query: starts over, with its first page on the way unless the query is empty.
    case setQuery(String)
    /// The first page is (or is no longer) on its way.
    case setLoadingFirstPage(Bool)
    /// The first page arrived: its repositories replace the list.
    case setRepos(SearchPage)
    /// A next page arrived: its repositories extend the list.
    case appendRepos(SearchPage)
    /// A next page is (or is no longer) on its way.
    case setLoadingNextPage(Bool)
    /// `failedPage` did not arrive because of `error`.
    case setError(SearchError, failedPage: SearchPageRequest)
    /// The detail pane's child changed, or went (`nil`).
    case setDetail(RepositoryDetailReactor.State?)
    /// The search for this query started (the debounce is over): it goes first in
    /// ``State/history``.
    case rememberQuery(String)
  }

  /// What the screen shows.
  public struct State: Sendable, Equatable {
    /// The query the results belong to: trimmed, possibly empty.
    public var query = ""
    /// The repositories of the pages loaded so far, in order, without repeats.
    public var repositories: [Repository] = []
    /// The previous query's repositories, kept while this query's first page is on its way so
    /// that a screen can show them marked stale rather than blank the list at each keystroke.
    /// They are not this query's results: never paged, opened or counted, and gone once its first
    /// page arrives or fails, or the query is cleared.
    public var staleRepositories: [Repository] = []
    /// The page to load next, as the last page's `Link: rel="next"` named it.
    public var nextPage: PageLink?
    /// Whether the first page of ``query`` is on its way (debounce included).
    public var isLoadingFirstPage = false
    /// Whether a next page is on its way.
    public var isLoadingNextPage = false
    /// How many repositories match in all, once the first page arrived.
    public var totalCount: Int?
    /// Whether GitHub said some page may be incomplete (`incomplete_results`).
    public var isIncomplete = false
    /// How many malformed items were skipped on the pages loaded so far.
    public var skippedItemCount = 0
    /// Why the last page failed, if it did.
    public var error: SearchError?
    /// The page that failed, which ``Action/retry`` asks for again.
    public var failedPage: SearchPageRequest?
    /// The open repository's detail, as its ``RepositoryDetailReactor`` has it; `nil` while the
    /// pane is closed.
    public var detail: RepositoryDetailReactor.State?
    /// The queries searched so far, newest first: a new query starts over everything else, but
    /// not this.
    public var history = QueryHistory()

    /// An empty search, with `history` (none by default).
    public init(history: QueryHistory = QueryHistory()) {
      self.history = history
    }

    /// Whether the server offered another page.
    public var hasNextPage: Bool { nextPage != nil }

    /// Whether ``Action/retry`` would ask again at `date`: a page failed for a reason that may
    /// pass, and no rate limit is in force. A screen offers the retry only then.
    public func canRetry(at date: Date) -> Bool {
      guard failedPage != nil, let error, error.isRetryable else { return false }
      return !error.isRateLimit(at: date)
    }
  }

  /// An empty search, with the history restored from the state file or the saved value given
  /// to `init`, if any.
  public let initialState: State
  /// The reactor's engine, recording to the recorder given to `init`, if any.
  public let runtime: Runtime

  private let client: GitHubClient
  private let clock: any Clock<Duration>
  private let debounce: Duration
  private let now: @Sendable () -> Date

  /// Makes a reactor.
  ///
  /// - Parameters:
  ///   - client: Fetches pages; ``GitHubClient/live(configuration:now:)`` or a test double.
  ///   - clock: Times the debounce; a `TestClock` in tests.
  ///   - debounce: How long the query must stay unchanged before the search starts.
  ///   - now: The current date, to know whether a rate limit is over.
  ///   - recorder: Records the session (`github-search --record`).
  ///   - stateFile: Where the history is kept across runs: restored from it now, saved to it as
  ///     it changes; `nil` keeps nothing.
  ///   - saved: A history to start from without a file, such as a recording's start (for a
  ///     replay); the file's wins when both are given.
  public init(
    client: GitHubClient, clock: any Clock<Duration> = ContinuousClock(),
    debounce: Duration = .milliseconds(300), now: @escaping @Sendable () -> Date = Date.init,
    recorder: ReactorRecorder<Action, Mutation>? = nil,
    stateFile: StateFile<GitHubSearchReactor>? = nil, restoring saved: Saved? = nil
  ) {
    runtime = Runtime(diagnostics: nil, recorder: recorder)
    self.client = client
    self.clock = clock
    self.debounce = debounce
    self.now = now
    let start = saved.map { Self.restoring($0, into: State()) } ?? State()
    initialState = stateFile?.restoring(into: start) ?? start
    stateFile?.save(self)
  }

  /// Answers an action with the mutations it causes, now and once pages arrive.
  public func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .updateQuery(let text):
      let query = Self.normalized(text)
      guard query != currentState.query else { return .none }  // Same query: nothing to do.
      // The open repository belongs to the old results: close it, cancelling its request.
      detach(id: ChildID.detail)
      // An empty query clears the results; `take(until:)` below has already stopped the search.
      guard !query.isEmpty else { return .just(.setQuery("")) }
      return .concat(
        // 1) set the query: the old results and next page go, the first page is on its way
        .just(.setQuery(query)),
        // 2) once typing pauses, remember the query and fetch its first page; a different query
        // cancels both
        Mutations.concat(.just(.rememberQuery(query)), search(.firstPage(query: query)))
          .debounce(id: CancelID.search, for: debounce, clock: clock)
          .take(until: self.action.filter(Self.isUpdateQuery(replacing: query)))
      )

    case .loadNextPage:
      // Idempotent: ignored while a page loads, after a failure (a rate limit included: `retry`
      // decides when to ask again), and on the last page.
      let state = currentState
      guard !state.isLoadingFirstPage, !state.isLoadingNextPage else { return .none }
      guard state.error == nil else { return .none }
      guard let nextPage = state.nextPage else { return .none }
      return .concat(
        // 1) set the loading flag: a second `loadNextPage` is ignored from now on
        .just(.setLoadingNextPage(true)),
        // 2) fetch the page the server linked to; a different query cancels the request
        search(.nextPage(nextPage))
          .take(until: self.action.filter(Self.isUpdateQuery(replacing: state.query)))
      )

    case .retry:
      // Ignored when nothing failed, when asking again cannot help (a refused query), and
      // while a rate limit is in force.
      let state = currentState
      guard state.canRetry(at: now()), let failedPage = state.failedPage else { return .none }
      return .concat(
        .just(failedPage.isFirstPage ? .setLoadingFirstPage(true) : .setLoadingNextPage(true)),
        search(failedPage)
          .take(until: self.action.filter(Self.isUpdateQuery(replacing: state.query)))
      )

    case .openRepository(let index):
      let repositories = currentState.repositories
      guard repositories.indices.contains(index) else { return .none }
      // A child of its own, mirrored into `state.detail`; it replaces (and cancels) the one open.
      let detail = RepositoryDetailReactor(repository: repositories[index], client: client)
      attach(detail, id: ChildID.detail, as: Mutation.setDetail)
      detail.send(.load)
      return .none

    case .closeRepository:
      detach(id: ChildID.detail)  // Cancels its request; the pane goes with `setDetail(nil)`.
      return .none
    }
  }

  /// Applies one mutation.
  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query):
      // Start over: nothing of the old query survives, least of all its next page, nor the open
      // repository (`mutate` detached its child, whose `setDetail(nil)` follows). Only the last
      // results shown stay, as stale, until the new ones come; an empty query shows nothing.
      let shown = state.repositories.isEmpty ? state.staleRepositories : state.repositories
      state = State(history: state.history)
      state.query = query
      state.isLoadingFirstPage = !query.isEmpty
      state.staleRepositories = query.isEmpty ? [] : shown

    case .setLoadingFirstPage(let isLoading):
      state.isLoadingFirstPage = isLoading
      if isLoading { state.clearError() }

    case .setRepos(let page):
      state.repositories = []
      state.staleRepositories = []
      state.append(page)
      state.isIncomplete = page.isIncomplete
      state.isLoadingFirstPage = false

    case .appendRepos(let page):
      state.append(page)
      state.isLoadingNextPage = false

    case .setLoadingNextPage(let isLoading):
      state.isLoadingNextPage = isLoading
      if isLoading { state.clearError() }

    case .setError(.endOfResults, _):
      // Past GitHub's 1000-result cap: the list is complete, not broken.
      state.nextPage = nil
      state.isLoadingFirstPage = false
      state.isLoadingNextPage = false
      state.staleRepositories = []

    case .setError(let error, let failedPage):
      // Keep the pages already loaded; remember which page failed, for `retry`. The previous
      // query's results go: the error is what this query got.
      state.error = error
      state.staleRepositories = []
      state.failedPage = failedPage
      state.isLoadingFirstPage = false
      state.isLoadingNextPage = false

    case .setDetail(let detail):
      state.detail = detail

    case .rememberQuery(let query):
      state.history.remember(query)
    }
    return state
  }

  /// Fetches one page and turns the outcome into a mutation.
  ///
  /// Captures the client, not the reactor, so a request in flight never keeps the reactor alive.
  private func search(_ page: SearchPageRequest) -> Mutations<Mutation> {
    .run { [client] send in
      let result = try await client.search(page)
      send(page.isFirstPage ? .setRepos(result) : .appendRepos(result))
    } catch: { error, send in
      let error = error as? SearchError ?? .invalidResponse(String(describing: error))
      send(.setError(error, failedPage: page))
    }
  }

  /// The query as searched: without surrounding whitespace.
  public static func normalized(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Matches an `updateQuery` that changes the query away from `query`: the action that makes
  /// `query`'s requests stale. Retyping the same query (or adding a space) cancels nothing.
  private static func isUpdateQuery(replacing query: String) -> @Sendable (Action) -> Bool {
    { action in
      guard case .updateQuery(let text) = action else { return false }
      return normalized(text) != query
    }
  }
}

/// The ids of the reactor's cancellable work.
private enum CancelID: Hashable {
  /// The debounced first-page search: each new query restarts the wait.
  case search
}

/// The ids of the reactor's children.
private enum ChildID: Hashable {
  /// The detail pane's ``RepositoryDetailReactor``: one at a time.
  case detail
}

extension GitHubSearchReactor.State {
  fileprivate mutating func append(_ page: SearchPage) {
    var known = Set(repositories.map(\.id))
    // GitHub's ranking can shift between two page requests; a repeat is dropped, not shown twice.
    repositories += page.repositories.filter { known.insert($0.id).inserted }
    nextPage = page.nextPage
    totalCount = page.totalCount
    isIncomplete = isIncomplete || page.isIncomplete
    skippedItemCount += page.skippedItemCount
  }

  fileprivate mutating func clearError() {
    error = nil
    failedPage = nil
  }
}
