import Foundation
import Reactors

/// A reactor with `Codable` actions and mutations, for the recording tests: an immediate edit,
/// an effect that answers after a delay on an injected clock, and a secret.
public final class NoteReactor: Reactor {
  /// What a test sends: typing, saving (an effect), and two that carry secrets.
  public enum Action: Codable, Sendable, Equatable {
    case type(String)
    case save
    case login(user: String, password: String)
    case setToken(String)
  }
  /// What `reduce` applies; `setUser` carries a password in a field that names it.
  public enum Mutation: Codable, Sendable, Equatable {
    case setText(String)
    case setSaved(Int)
    case setUser(String, password: String)
  }
  /// The note, the versions saved, and who logged in.
  public struct State: Sendable, Equatable {
    /// The note as typed.
    public var text: String
    /// The note's length at each save, in order.
    public var savedVersions: [Int]
    /// Who logged in; the password is never kept.
    public var user: String

    /// A state with the given members, empty by default.
    public init(text: String = "", savedVersions: [Int] = [], user: String = "") {
      self.text = text
      self.savedVersions = savedVersions
      self.user = user
    }
  }

  /// An empty note.
  public let initialState = State()
  /// Runs the reactor with the recorder it was made with.
  public let runtime: Runtime
  private let clock: any Clock<Duration>

  /// A reactor whose session goes to `recorder`, and whose save waits on `clock`.
  public init(recorder: ReactorRecorder<Action, Mutation>?, clock: any Clock<Duration>) {
    runtime = Runtime(diagnostics: nil, recorder: recorder)
    self.clock = clock
  }

  /// Types at once; saves after 100 ms on the clock; logs in at once.
  public func mutate(action: Action) -> Mutations<Mutation> {
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

  /// Applies `mutation` to `state`.
  public func reduce(state: State, mutation: Mutation) -> State {
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
public final class RecordedLines: @unchecked Sendable {
  // Safe: `lines` is only read and written with `lock` held.
  private let lock = NSLock()
  private var lines: [String] = []

  /// No lines yet.
  public init() {}

  /// Every line written so far, in order.
  public var values: [String] { lock.withLock { lines } }
  /// The lines as a JSON Lines file holds them, each ended by a line break.
  public var text: String { values.joined(separator: "\n") + "\n" }

  /// Collects `line`; pass it as the recorder's `writeLine`.
  public func write(_ line: String) { lock.withLock { lines.append(line) } }
}
