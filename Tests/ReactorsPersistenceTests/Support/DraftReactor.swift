import Foundation
import Reactors
import ReactorsPersistence

/// A form whose draft is kept across runs, and whose edit count is not.
final class DraftReactor: PersistentReactor {
  enum Action: Codable, Sendable, Equatable {
    case type(String)
    /// Adds "!" to the draft that `mutate` reads.
    case exclaim
    /// Changes only what is not saved.
    case edit
  }
  typealias Mutation = Action
  struct State: Sendable, Equatable {
    var draft = ""
    var edits = 0
  }
  struct Saved: Codable, Equatable, Sendable {
    var draft: String
  }

  let initialState: State
  let runtime: Runtime

  /// A reactor restored from and saved to `stateFile`.
  init(stateFile: StateFile<DraftReactor>?, recorder: ReactorRecorder<Action, Action>? = nil) {
    initialState = stateFile?.restoring(into: State()) ?? State()
    runtime = Runtime(diagnostics: nil, recorder: recorder)
    stateFile?.save(self)
  }

  /// A reactor that starts from `saved`, as a replay of a restored session does.
  init(restoring saved: Saved?) {
    initialState = saved.map { Self.restoring($0, into: State()) } ?? State()
    runtime = Runtime()
  }

  func mutate(action: Action) -> Mutations<Action> {
    switch action {
    case .exclaim: .just(.type(currentState.draft + "!"))
    case .type, .edit: .just(action)
    }
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .type(let text): state.draft = text
    case .edit: state.edits += 1
    case .exclaim: break
    }
    return state
  }

  static func saved(from state: State) -> Saved { Saved(draft: state.draft) }

  static func restoring(_ saved: Saved, into state: State) -> State {
    var state = state
    state.draft = saved.draft
    return state
  }
}

/// Another reactor, whose files a `DraftReactor` must not read.
final class OtherReactor: PersistentReactor {
  struct Saved: Codable, Equatable, Sendable {
    var draft: String
  }

  let initialState = 0
  let runtime = Runtime()

  func mutate(action: Int) -> Mutations<Int> { .just(action) }
  func reduce(state: Int, mutation: Int) -> Int { mutation }
  static func saved(from state: Int) -> Saved { Saved(draft: "\(state)") }
  static func restoring(_ saved: Saved, into state: Int) -> Int { Int(saved.draft) ?? state }
}

/// The test's twin of `PersistenceChild`'s reactor: the same name and saved state, to read what
/// the child wrote.
final class KilledWriterReactor: PersistentReactor {
  struct Saved: Codable, Equatable, Sendable {
    var number: Int
    var text: String
  }

  let initialState = 0
  let runtime = Runtime()

  func mutate(action: Int) -> Mutations<Int> { .just(action) }
  func reduce(state: Int, mutation: Int) -> Int { mutation }
  static func saved(from state: Int) -> Saved { Saved(number: state, text: "") }
  static func restoring(_ saved: Saved, into state: Int) -> Int { saved.number }
}
