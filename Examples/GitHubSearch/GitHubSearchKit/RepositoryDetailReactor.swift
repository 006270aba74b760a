import Foundation
import Reactors

/// Loads one repository's details: the child reactor behind github-search's detail pane.
///
/// A reactor of its own — its own action, effect and state, testable alone — that
/// ``GitHubSearchReactor`` creates when a repository is opened and attaches as its child: the
/// search mirrors this state into its own, and detaching it (another repository opened, the pane
/// closed, a new query) cancels the request in flight.
///
/// It starts with what the search result already told (name, description, stars), loading;
/// ``Action/load`` fetches `GET /repos/{owner}/{repo}` for the rest.
///
/// ```swift
/// let detail = RepositoryDetailReactor(repository: repository, client: client)
/// detail.send(.load)
/// await detail.waitUntilIdle()
/// detail.currentState.forks  // from the server
/// ```
public final class RepositoryDetailReactor: Reactor {
  /// What the pane asks for.
  public enum Action: Sendable, Equatable {
    /// Fetch the repository; ignored while a fetch is on its way, and a retry after a failure.
    case load
  }

  /// How the state changes.
  public enum Mutation: Sendable, Equatable {
    /// The repository is on its way; a previous error is forgotten.
    case setLoading
    /// The repository arrived.
    case setDetail(RepositoryDetail)
    /// The repository did not arrive.
    case setError(SearchError)
  }

  /// What the pane shows.
  public struct State: Sendable, Equatable {
    /// The owner and the name, as in `apple/swift`.
    public var fullName: String
    /// Whether the repository is on its way.
    public var isLoading = true
    /// The description, from the search result until the repository arrives.
    public var description: String?
    /// The star count, from the search result until the repository arrives.
    public var stars: Int
    /// How many forks it has, once it arrived.
    public var forks: Int?
    /// How many issues and pull requests are open, once it arrived.
    public var openIssues: Int?
    /// The branch a clone checks out, once it arrived.
    public var defaultBranch: String?
    /// The repository's page on the web.
    public var htmlURL: URL
    /// Why the repository did not arrive, if it did not.
    public var error: SearchError?

    /// What a search result tells of `repository`, loading the rest.
    public init(repository: Repository) {
      fullName = repository.fullName
      description = repository.description
      stars = repository.stargazersCount
      htmlURL = repository.htmlURL
    }
  }

  /// The search result's data, loading.
  public let initialState: State
  /// The reactor's engine.
  public let runtime = Runtime()

  private let client: GitHubClient

  /// Makes the detail of `repository`, fetched through `client`'s ``GitHubClient/repository``.
  public init(repository: Repository, client: GitHubClient) {
    initialState = State(repository: repository)
    self.client = client
  }

  /// Answers `load` with the fetch and its outcome.
  public func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .load:
      // Captures the client, not the reactor: a request in flight never keeps it alive.
      .concat(
        .just(.setLoading),
        .run { [client, fullName = currentState.fullName] send in
          send(.setDetail(try await client.repository(fullName)))
        } catch: { error, send in
          send(.setError(error as? SearchError ?? .invalidResponse(String(describing: error))))
        }
        .cancellable(id: CancelID.load, policy: .exhaust)
      )
    }
  }

  /// Applies one mutation.
  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading:
      state.isLoading = true
      state.error = nil
    case .setDetail(let detail):
      state.isLoading = false
      state.fullName = detail.fullName
      state.description = detail.description
      state.stars = detail.stargazersCount
      state.forks = detail.forksCount
      state.openIssues = detail.openIssuesCount
      state.defaultBranch = detail.defaultBranch
      state.htmlURL = detail.htmlURL
    case .setError(let error):
      state.isLoading = false
      state.error = error
    }
    return state
  }
}

/// The ids of the reactor's cancellable work.
private enum CancelID: Hashable {
  /// The fetch: one at a time.
  case load
}
