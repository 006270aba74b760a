import Reactors
import ReactorsRecording

/// A search reactor shaped like the github-search example's, for replay: a page of repositories
/// in the state and an access token that redaction must hide. Only `reduce` runs in a replay.
final class RepositorySearchReactor: Reactor {
  enum Action: Codable, Sendable {
    case updateQuery(String)
  }

  enum Mutation: Codable, Sendable {
    case setQuery(String)
    case setLoading(Bool)
    case setRepositories([Repository])
  }

  struct Repository: Codable, Sendable {
    var fullName: String
    var stars: Int
    var summary: String
  }

  struct State: Sendable {
    var query = ""
    var repositories: [Repository] = []
    var isLoading = false
    var accessToken = "ghp_not-a-real-token"
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .updateQuery(let query): .just(.setQuery(query))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setRepositories(let repositories): state.repositories = repositories
    }
    return state
  }

  /// A session of `events` events in rounds of five, as typing a query makes them: the action,
  /// the query set, loading on, a page of `pageSize` repositories, loading off; 100 ms apart.
  static func recording(events: Int, pageSize: Int = 30) -> Recording<RepositorySearchReactor> {
    let recorded = (0..<events).map { index -> RecordedEvent<Action, Mutation> in
      let query = "query \(index / 5)"
      let kind: RecordedEvent<Action, Mutation>.Kind =
        switch index % 5 {
        case 0: .action(.updateQuery(query))
        case 1: .mutation(.setQuery(query), source: .immediate)
        case 2: .mutation(.setLoading(true), source: .immediate)
        case 3: .mutation(.setRepositories(page(for: index / 5, size: pageSize)), source: .effect)
        default: .mutation(.setLoading(false), source: .effect)
        }
      return RecordedEvent(kind, at: .milliseconds(index * 100))
    }
    return Recording(events: recorded)
  }

  /// The page of results of round `round`: every repository differs from the last round's.
  private static func page(for round: Int, size: Int) -> [Repository] {
    (0..<size).map { rank in
      Repository(
        fullName: "owner\(rank)/repository-\(round)-\(rank)", stars: round * 100 + rank,
        summary: "Repository \(rank) of the results for query \(round)")
    }
  }
}
