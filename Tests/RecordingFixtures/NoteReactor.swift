import Foundation
import Reactors

/// A reactor with `Codable` actions and mutations, for the recording tests: an immediate edit,
/// an effect that answers after a delay on an injected clock, and a secret.
final class NoteReactor: Reactor {
  enum Action: Codable, Sendable, Equatable {
    case type(String)
    case save
    case login(user: String, password: String)
    case setToken(String)
  }
  enum Mutation: Codable, Sendable, Equatable {
    case setText(String)
    case setSaved(Int)
    case setUser(String, password: String)
  }
  struct State: Sendable, Equatable {
    var text = ""
    var savedVersions: [Int] = []
    var user = ""
  }

  let initialState = State()
  let runtime: Runtime
  private let clock: any Clock<Duration>

  init(recorder: ReactorRecorder<Action, Mutation>?, clock: any Clock<Duration>) {
    runtime = Runtime(diagnostics: nil, recorder: recorder)
    self.clock = clock
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .type(let text): .just(.setText(text))
    case .save:
      .run { [clock, version = currentState.text.count] send in
        try await clock.sleep(for: .milliseconds(100))
        send(.setSaved(version))
      }
    case .login(let user, let password): .just(.setUser(user, password: password))
    case .setToken: .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setText(let text): state.text = text
    case .setSaved(let version): state.savedVersions.append(version)
    case .setUser(let user, _): state.user = user
    }
    return state
  }
}

/// The lines a JSON Lines recorder writes, collected.
final class RecordedLines: Sendable {
  private let lines = Recorder<String>()

  var values: [String] { lines.values }
  var text: String { values.joined(separator: "\n") + "\n" }

  func write(_ line: String) { lines.record(line) }
}
