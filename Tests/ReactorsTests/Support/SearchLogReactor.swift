import Reactors

/// Records each search that reaches `reduce`, after the `transform(action:)` it is made with; the
/// fixture of the tests of the time operators on signals.
final class SearchLogReactor: Reactor {
  enum Action { case search(String) }
  struct State { var queries: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  private let transformActions: @Sendable (Signal<Action>) -> Signal<Action>

  init(transform: @escaping @Sendable (Signal<Action>) -> Signal<Action>) {
    transformActions = transform
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .search(let query) = mutation { state.queries.append(query) }
    return state
  }

  func transform(action: Signal<Action>) -> Signal<Action> {
    transformActions(action)
  }
}
