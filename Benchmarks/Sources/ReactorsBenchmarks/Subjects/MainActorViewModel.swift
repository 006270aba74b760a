import OpenCombine

/// Seed 001's view model on the main actor, as an app writes it with OpenCombine: each action's
/// effect is a main-actor `Task`; the state is a `CurrentValueSubject` the view sinks.
@MainActor final class MainActorViewModel {
  let state = CurrentValueSubject<CounterState, Never>(CounterState())

  /// Starts the action's effect, which applies its mutation on the main actor.
  func send(_ action: CounterAction) {
    Task { @MainActor in
      state.send(reduceCounter(state.value, counterMutation(for: action)))
    }
  }
}

/// A search-as-you-type view model with OpenCombine on the main actor: each query is applied at
/// once and starts a search task, cancelling the previous one by hand (latest wins).
@MainActor final class MainActorSearchViewModel {
  let state = CurrentValueSubject<SearchReactor.State, Never>(SearchReactor.State())
  private var search: Task<Void, Never>?
  private let searchTime: Duration
  private(set) var runsStarted = 0

  init(searchTime: Duration = .milliseconds(1)) {
    self.searchTime = searchTime
  }

  func updateQuery(_ query: Int) {
    state.value.query = query
    search?.cancel()
    search = Task { @MainActor [searchTime] in
      runsStarted += 1
      do { try await Task.sleep(for: searchTime) } catch { return }
      var next = state.value
      if query != next.query { next.staleApplied += 1 }
      next.resultsQuery = query
      state.send(next)
    }
  }

  /// Returns once the newest search has ended.
  func waitForSearch() async {
    await search?.value
  }
}
