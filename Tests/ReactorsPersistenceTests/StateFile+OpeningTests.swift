import Foundation
import Reactors
import ReactorsPersistence
import Testing

@Suite(.timeLimit(.minutes(1))) struct StateFileOpeningTests {
  /// Each kind of file that is not a saved state of the reactor, and what the diagnostic says.
  static let badFiles: [(contents: String, reason: String)] = [
    ("", "is empty"),
    (#"{"format":"reactors-state","reactor":"DraftRea"#, "is not JSON (truncated or corrupt)"),
    ("draft = Dear Ada", "is not JSON (truncated or corrupt)"),
    (#"{"draft":"Dear Ada"}"#, "is not a reactors-state file"),
    (
      #"{"format":"reactors-state","reactor":"OtherReactor","version":1,"state":{"draft":"x"}}"#,
      "is the state of another reactor, OtherReactor"
    ),
    (
      #"{"format":"reactors-state","reactor":"DraftReactor","version":1,"state":{"draft":42}}"#,
      "does not decode: expected String at draft"
    ),
    (
      #"{"format":"reactors-state","reactor":"DraftReactor","version":1,"state":{}}"#,
      "does not decode: no member draft"
    ),
  ]

  @Test(arguments: badFiles.indices)
  func aBadFileIsMovedAsideKeptAndNamedInADiagnostic(_ index: Int) async throws {
    // Given a file that is not a draft
    let (contents, reason) = Self.badFiles[index]
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    try Data(contents.utf8).write(to: url)

    // When it is opened
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)

    // Then it is moved aside, whole, the reactor starts afresh, and one line says so
    let aside = try #require(try directory.names().first { $0.hasPrefix("draft.json.corrupt-") })
    let movedTo = directory.file(aside).path
    #expect(try Data(contentsOf: directory.file(aside)) == Data(contents.utf8))
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(file.diagnostics == [.movedAside(path: url.path, movedTo: movedTo, reason: reason)])
    #expect(
      file.diagnostics.first?.description
        == "the saved state \(url.path) \(reason); it was moved aside to \(movedTo), and this "
        + "run starts afresh")
    #expect(aside.wholeMatch(of: /draft\.json\.corrupt-\d{8}T\d{6}Z/) != nil)
    #expect(reactor.currentState == DraftReactor.State())
    #expect(file.isSaving)

    // And the next change is saved in a new file, beside the one kept
    reactor.send(.type("afresh"))
    await file.flush()
    #expect(try read(url)?.draft == "afresh")
    #expect(try Data(contentsOf: directory.file(aside)) == Data(contents.utf8))
  }

  @Test func aSecondBadFileIsMovedAsideUnderANewNameNeverOverTheFirst() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")

    try Data("first".utf8).write(to: url)
    _ = try StateFile<DraftReactor>(at: url)
    try Data("second".utf8).write(to: url)
    _ = try StateFile<DraftReactor>(at: url)

    let kept = try directory.names().filter { $0.contains(".corrupt-") }
    let contents = try kept.map {
      String(decoding: try Data(contentsOf: directory.file($0)), as: UTF8.self)
    }
    #expect(kept.count == 2)
    #expect(Set(contents) == ["first", "second"])
  }

  @Test func aFileOfANewerVersionIsLeftUntouchedAndNothingIsWrittenOverIt() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    try write(draft: "from the future", to: url, version: 2)
    let before = try Data(contentsOf: url)

    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)
    reactor.send(.type("now"))
    await file.flush()

    #expect(try Data(contentsOf: url) == before)
    #expect(file.diagnostics == [.newerVersion(path: url.path, found: 2, supported: 1)])
    #expect(
      file.diagnostics.first?.description
        == "the saved state \(url.path) has version 2, newer than this program's 1: it was left "
        + "untouched, and this run starts afresh, unsaved")
    #expect(!file.isSaving)
    #expect(file.writeCount == 0)
    #expect(reactor.currentState.draft == "now")
    #expect(try directory.names().allSatisfy { !$0.contains("corrupt") })
  }

  @Test func aFileOfVersionOneIsMigratedToVersionThreeOneStepAtATime() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("history.json")
    let object: [String: Any] = [
      "format": "reactors-state", "reactor": "HistoryReactor", "version": 1,
      "state": ["lastQuery": "swift"],
    ]
    try JSONSerialization.data(withJSONObject: object).write(to: url)

    let file = try StateFile<HistoryReactor>(at: url)
    let reactor = HistoryReactor(stateFile: file)

    #expect(file.diagnostics.isEmpty)
    #expect(file.restored == HistoryReactor.Saved(queries: ["swift"], pinned: []))
    #expect(reactor.currentState.queries == ["swift"])
  }

  @Test func aFileOfVersionTwoTakesOnlyTheLastStep() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("history.json")
    let object: [String: Any] = [
      "format": "reactors-state", "reactor": "HistoryReactor", "version": 2,
      "state": ["queries": ["swift", "rust"]],
    ]
    try JSONSerialization.data(withJSONObject: object).write(to: url)

    let file = try StateFile<HistoryReactor>(at: url)

    #expect(file.restored == HistoryReactor.Saved(queries: ["swift", "rust"], pinned: []))
  }

  @Test func aFileOfAVersionNoMigrationReadsIsMovedAside() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("history.json")
    let object: [String: Any] = [
      "format": "reactors-state", "reactor": "HistoryReactor", "version": 0, "state": [:],
    ]
    try JSONSerialization.data(withJSONObject: object).write(to: url)

    let file = try StateFile<HistoryReactor>(at: url)

    guard case .movedAside(_, _, let reason) = file.diagnostics.first else {
      Issue.record("expected the file moved aside, got \(file.diagnostics)")
      return
    }
    #expect(reason == "has version 0, which no migration reads")
    #expect(file.restored == nil)
  }

  @Test func aDirectoryThatCannotBeMadeStopsSavingWithAMessageNotACrash() async throws {
    // NB: CI runs as root, which ignores permission bits; a directory whose parent is a regular
    // file cannot be made by anyone.
    let directory = try TemporaryDirectory()
    try Data("a file".utf8).write(to: directory.file("blocker"))
    let url = directory.url.appending(path: "blocker/state/draft.json")

    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)
    reactor.send(.type("unsaved"))
    await file.flush()

    #expect(!file.isSaving)
    #expect(file.writeCount == 0)
    #expect(reactor.currentState.draft == "unsaved")
    // One message: a file under a regular file is not there to be read, which is no news.
    #expect(file.diagnostics.count == 1)
    let diagnostic = try #require(file.diagnostics.first)
    guard case .cannotSave(let path, let reason) = diagnostic else {
      Issue.record("expected cannotSave, got \(diagnostic)")
      return
    }
    #expect(path == url.path)
    #expect(reason.hasSuffix("Not a directory"))
    #expect(diagnostic.description.hasPrefix("cannot save the state to \(url.path): mkdir "))
  }

  @Test func aSecondStateFileOnTheSamePathRunsUnsavedAndSaysSo() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    let first = try StateFile<DraftReactor>(at: url)

    let second = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: second)
    reactor.send(.type("second"))
    await second.flush()

    #expect(first.isSaving)
    #expect(!second.isSaving)
    #expect(second.diagnostics == [.lockedByAnotherProcess(path: url.path)])
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func diagnosticsAreHandedToTheAppAsTheyHappen() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    try Data("not a draft".utf8).write(to: url)
    let told = Observed<PersistenceDiagnostic>()

    let file = try StateFile<DraftReactor>(at: url) { told.append($0) }

    #expect(told.values == file.diagnostics)
    #expect(told.values.count == 1)
  }

  @Test func aWriteThatFailsIsSaidAndTheNextChangeIsTriedAgain() async throws {
    // Given a file whose directory is replaced by a regular file after opening
    let directory = try TemporaryDirectory()
    let folder = directory.url.appending(path: "state")
    let url = folder.appending(path: "draft.json")
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)
    try FileManager.default.removeItem(at: folder)
    try Data("in the way".utf8).write(to: folder)

    // When the draft changes
    reactor.send(.type("lost"))
    await file.flush()

    // Then the failure is said, the reactor goes on, and a later change is written once it can be
    guard case .cannotSave(_, let reason) = file.diagnostics.first else {
      Issue.record("expected cannotSave, got \(file.diagnostics)")
      return
    }
    #expect(reason.hasSuffix("Not a directory"))
    #expect(reactor.currentState.draft == "lost")
    try FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    reactor.send(.type("kept"))
    await file.flush()
    #expect(try read(url)?.draft == "kept")
    #expect(file.writeCount == 1)
  }

  @Test func aSecretMemberIsRefusedWithItsName() {
    let directory = try? TemporaryDirectory()
    let url = directory?.file("account.json") ?? URL(fileURLWithPath: "/nonexistent")

    #expect(throws: PersistenceError.secretMember("account.password", reactor: "AccountReactor")) {
      try StateFile<AccountReactor>(at: url)
    }
    #expect(throws: PersistenceError.secretMember("apiToken", reactor: "TokenReactor")) {
      try StateFile<TokenReactor>(at: url)
    }
    #expect(
      PersistenceError.secretMember("apiToken", reactor: "TokenReactor").description
        == "TokenReactor.Saved's member `apiToken` names a secret, so it is not written to "
        + "disk; leave it out of Saved, or list it in TokenReactor.allowedSecretMembers")
  }

  @Test func aSecretMemberTheReactorAllowsIsWritten() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("token.json")

    let file = try StateFile<AllowedTokenReactor>(at: url)
    let reactor = AllowedTokenReactor(stateFile: file)
    reactor.send("ghp_example")
    await file.flush()

    #expect(file.diagnostics.isEmpty)
    #expect(try String(contentsOf: url, encoding: .utf8).contains("ghp_example"))
  }

  @Test func aSecretKeyFoundOnlyInAValueIsRefusedWhenWritten() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("headers.json")

    let file = try StateFile<HeadersReactor>(at: url)
    let reactor = HeadersReactor(stateFile: file)
    reactor.send(["Authorization": "Bearer abc"])
    await file.flush()

    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(!file.isSaving)
    guard case .cannotSave(_, let reason) = file.diagnostics.first else {
      Issue.record("expected cannotSave, got \(file.diagnostics)")
      return
    }
    #expect(reason.contains("`headers.Authorization` names a secret"))
  }
}

// MARK: - Fixtures

/// Version 3 of a query history; versions 1 and 2 are migrated.
final class HistoryReactor: PersistentReactor {
  struct SavedVersion1: Codable { var lastQuery: String }
  struct SavedVersion2: Codable { var queries: [String] }
  struct Saved: Codable, Equatable, Sendable {
    var queries: [String]
    var pinned: [String]
  }
  struct State: Sendable, Equatable { var queries: [String] = [] }

  static let savedVersion = 3
  static let migrations: [SavedStateMigration] = [
    .from(version: 1) { (old: SavedVersion1) in SavedVersion2(queries: [old.lastQuery]) },
    .from(version: 2) { (old: SavedVersion2) in Saved(queries: old.queries, pinned: []) },
  ]

  let initialState: State
  let runtime = Runtime()

  init(stateFile: StateFile<HistoryReactor>) {
    initialState = stateFile.restoring(into: State())
    stateFile.save(self)
  }

  func mutate(action: String) -> Mutations<String> { .just(action) }
  func reduce(state: State, mutation: String) -> State {
    State(queries: [mutation] + state.queries)
  }
  static func saved(from state: State) -> Saved { Saved(queries: state.queries, pinned: []) }
  static func restoring(_ saved: Saved, into state: State) -> State {
    State(queries: saved.queries)
  }
}

/// A saved state with a password nested in an array, refused.
final class AccountReactor: PersistentReactor {
  struct Account: Codable, Equatable, Sendable {
    var user: String
    var password: String
  }
  struct Saved: Codable, Equatable, Sendable { var account: [Account] }

  let initialState = 0
  let runtime = Runtime()
  func mutate(action: Int) -> Mutations<Int> { .none }
  func reduce(state: Int, mutation: Int) -> Int { state }
  static func saved(from state: Int) -> Saved { Saved(account: []) }
  static func restoring(_ saved: Saved, into state: Int) -> Int { state }
}

/// A saved state with an optional token, nil at first, refused.
final class TokenReactor: PersistentReactor {
  struct Saved: Codable, Equatable, Sendable {
    var user: String
    var apiToken: String?
  }

  let initialState = 0
  let runtime = Runtime()
  func mutate(action: Int) -> Mutations<Int> { .none }
  func reduce(state: Int, mutation: Int) -> Int { state }
  static func saved(from state: Int) -> Saved { Saved(user: "", apiToken: nil) }
  static func restoring(_ saved: Saved, into state: Int) -> Int { state }
}

/// A saved token the reactor allows, deliberately.
final class AllowedTokenReactor: PersistentReactor {
  struct Saved: Codable, Equatable, Sendable { var apiToken: String }

  static let allowedSecretMembers: Set<String> = ["apiToken"]

  let initialState: String
  let runtime = Runtime()

  init(stateFile: StateFile<AllowedTokenReactor>) {
    initialState = stateFile.restoring(into: "")
    stateFile.save(self)
  }

  func mutate(action: String) -> Mutations<String> { .just(action) }
  func reduce(state: String, mutation: String) -> String { mutation }
  static func saved(from state: String) -> Saved { Saved(apiToken: state) }
  static func restoring(_ saved: Saved, into state: String) -> String { saved.apiToken }
}

/// Saved headers, whose keys are only known when written.
final class HeadersReactor: PersistentReactor {
  struct Saved: Codable, Equatable, Sendable { var headers: [String: String] }

  let initialState: [String: String]
  let runtime = Runtime()

  init(stateFile: StateFile<HeadersReactor>) {
    initialState = stateFile.restoring(into: [:])
    stateFile.save(self)
  }

  func mutate(action: [String: String]) -> Mutations<[String: String]> { .just(action) }
  func reduce(state: [String: String], mutation: [String: String]) -> [String: String] {
    mutation
  }
  static func saved(from state: [String: String]) -> Saved { Saved(headers: state) }
  static func restoring(_ saved: Saved, into state: [String: String]) -> [String: String] {
    saved.headers
  }
}
