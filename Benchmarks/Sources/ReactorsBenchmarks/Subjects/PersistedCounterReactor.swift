import Foundation
import Reactors
import ReactorsPersistence

/// The counter of `sync-action`, with its value kept in a `StateFile`: every action changes
/// what is saved.
final class PersistedCounterReactor: PersistentReactor {
  typealias Action = CounterAction
  typealias Mutation = CounterMutation
  typealias State = CounterState

  struct Saved: Codable, Equatable, Sendable {
    var value: Int
  }

  let initialState: CounterState
  let runtime = Runtime()

  init(stateFile: StateFile<PersistedCounterReactor>) {
    initialState = stateFile.restoring(into: CounterState())
    stateFile.save(self)
  }

  func mutate(action: CounterAction) -> Mutations<CounterMutation> {
    .just(counterMutation(for: action))
  }

  func reduce(state: CounterState, mutation: CounterMutation) -> CounterState {
    reduceCounter(state, mutation)
  }

  static func saved(from state: CounterState) -> Saved { Saved(value: state.value) }

  static func restoring(_ saved: Saved, into state: CounterState) -> CounterState {
    CounterState(value: saved.value)
  }

  /// A new file in a new temporary directory, and a function that removes the directory.
  static func temporaryFile() -> (StateFile<PersistedCounterReactor>, remove: () -> Void) {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "reactors-benchmarks-\(UUID().uuidString)")
    // The file's only possible error is a secret-named member, which `Saved` has none of.
    let file = try! StateFile<PersistedCounterReactor>(
      at: directory.appending(path: "counter.json"))
    return (file, { try? FileManager.default.removeItem(at: directory) })
  }
}
