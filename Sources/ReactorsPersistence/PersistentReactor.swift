import Reactors

/// A reactor that keeps part of its state across runs, in a ``StateFile``.
///
/// The reactor chooses what is kept — a query history, a form's draft, never the whole state —
/// as a `Codable` value, ``Saved``, and says how to make it from a state and how to put it back:
///
/// ```swift
/// final class NotesReactor: PersistentReactor {
///   enum Action: Sendable { case type(String) }
///   struct State: Sendable { var draft = ""; var isTyping = false }
///   struct Saved: Codable, Equatable, Sendable { var draft: String }
///
///   let initialState: State
///   let runtime = Runtime()
///   private let stateFile: StateFile<NotesReactor>?
///
///   init(stateFile: StateFile<NotesReactor>?) {
///     initialState = stateFile?.restoring(into: State()) ?? State()
///     self.stateFile = stateFile
///     stateFile?.save(self)
///   }
///
///   static func saved(from state: State) -> Saved { Saved(draft: state.draft) }
///   static func restoring(_ saved: Saved, into state: State) -> State {
///     var state = state
///     state.draft = saved.draft
///     return state
///   }
///   func reduce(state: State, mutation: Action) -> State { ... }
/// }
/// ```
///
/// The two functions are `static` because the saved state is put back before the reactor
/// exists: its `initialState` is the restored state, so `currentState`, `mutate` and every
/// observer see it from the start.
public protocol PersistentReactor: Reactor {
  /// The part of the state that is kept: small, `Codable`, and without secrets.
  associatedtype Saved: Codable & Equatable & Sendable

  /// The version of ``Saved``'s schema, 1 by default; raise it by one when ``Saved`` changes in
  /// a way an older file cannot be decoded as, and add a migration from the previous version.
  static var savedVersion: Int { get }

  /// The steps from each older version to the next, applied one at a time; none by default.
  static var migrations: [SavedStateMigration] { get }

  /// Members of ``Saved`` allowed to be written although their names look secret to
  /// `Redaction.default` (`password`, `token`, …); none by default.
  ///
  /// > Important: Every name here is a deliberate decision to put that value on disk, in a file
  /// > only the user can read.
  static var allowedSecretMembers: Set<String> { get }

  /// The part of `state` to keep.
  static func saved(from state: State) -> Saved

  /// `state` (the reactor's default initial state) with `saved` put back.
  static func restoring(_ saved: Saved, into state: State) -> State
}

extension PersistentReactor {
  /// Version 1.
  public static var savedVersion: Int { 1 }

  /// No migrations.
  public static var migrations: [SavedStateMigration] { [] }

  /// No member that looks secret is allowed.
  public static var allowedSecretMembers: Set<String> { [] }
}
