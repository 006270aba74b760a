import Reactors
import ReactorsPersistence

/// A reactor whose saved state is a number and a long text made from it, so that a file
/// written in part could not pass for a whole one. `ReactorsPersistenceTests` declares its twin.
final class KilledWriterReactor: PersistentReactor {
  typealias Action = Int
  struct State: Sendable, Equatable {
    var number = 0
  }
  struct Saved: Codable, Equatable, Sendable {
    var number: Int
    var text: String
  }

  let initialState: State
  let runtime = Runtime()

  init(stateFile: StateFile<KilledWriterReactor>) {
    initialState = stateFile.restoring(into: State())
    stateFile.save(self)
  }

  func mutate(action: Int) -> Mutations<Int> { .just(action) }
  func reduce(state: State, mutation: Int) -> State { State(number: mutation) }

  static func saved(from state: State) -> Saved {
    Saved(number: state.number, text: String(repeating: "\(state.number % 10)", count: 4000))
  }
  static func restoring(_ saved: Saved, into state: State) -> State {
    State(number: saved.number)
  }
}
