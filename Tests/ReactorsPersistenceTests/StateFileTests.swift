import Foundation
import Reactors
import ReactorsPersistence
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct StateFileTests {
  @Test func aTestStoreSeesTheRestoredStateBeforeTheFirstStep() async throws {
    // Given a file saved by an earlier run
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    try write(draft: "Dear Ada", to: url)

    // When a reactor is made from it
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)
    let firstObserved = Observed<DraftReactor.State>()
    let observation = reactor.observe { firstObserved.append($0) }
    let store = TestStore(reactor)

    // Then its state, every observer and `mutate` start from the restored draft
    #expect(file.restored == DraftReactor.Saved(draft: "Dear Ada"))
    #expect(file.diagnostics.isEmpty)
    #expect(reactor.currentState.draft == "Dear Ada")
    #expect(firstObserved.values.first?.draft == "Dear Ada")
    await store.send(.exclaim) { $0.draft = "Dear Ada!" }
    await store.finish()
    observation.cancel()
    // Written before the directory goes, or the write would make it again and leave it behind.
    await file.flush()
    withExtendedLifetime(directory) {}
  }

  @Test func aReactorWithoutAFileStartsFromItsInitialStateAndWritesNothing() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")

    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)
    reactor.send(.edit)
    await file.flush()

    #expect(file.restored == nil)
    #expect(reactor.currentState == DraftReactor.State(draft: "", edits: 1))
    #expect(file.writeCount == 0)
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aChangeOfTheSavedPartIsWrittenAndFlushed() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)

    reactor.send(.type("Hello"))
    await file.flush()

    #expect(try read(url)?.draft == "Hello")
    #expect(file.writeCount == 1)
    #expect(file.isSaving)
  }

  @Test func aChangeOutsideTheSavedPartWritesNothing() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    try write(draft: "kept", to: url)
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)

    for _ in 0..<100 { reactor.send(.edit) }
    reactor.send(.type("kept"))
    await file.flush()

    #expect(file.writeCount == 0)
    #expect(reactor.currentState.edits == 100)
  }

  @Test func tenThousandChangesAreAFewWritesAndTheLastValueIsOnDisk() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)

    for number in 1...10_000 { reactor.send(.type("draft \(number)")) }
    await file.flush()

    // How many depends on how much faster sending is than the disk: 3 in a release build, about
    // 15 in a debug one, about 150 under ThreadSanitizer (which slows each send down 30 times).
    print("10,000 changes: \(file.writeCount) writes")
    #expect((1...500).contains(file.writeCount))
    #expect(try read(url)?.draft == "draft 10000")
  }

  @Test func aSynchronousFlushWaitsForTheLastWrite() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)

    reactor.send(.type("before exit"))
    file.flushSynchronously()

    #expect(try read(url)?.draft == "before exit")
  }

  @Test func theFileIsPrivateAndNamesItsFormatVersionAndReactor() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appending(path: "state/nested/draft.json")
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)

    reactor.send(.type("private"))
    await file.flush()

    let manager = FileManager.default
    let filePermissions = try manager.attributesOfItem(atPath: url.path)[.posixPermissions]
    let directoryPermissions = try manager.attributesOfItem(
      atPath: url.deletingLastPathComponent().path)[.posixPermissions]
    #expect(filePermissions as? Int == 0o600)
    #expect(directoryPermissions as? Int == 0o700)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    #expect(json?["format"] as? String == "reactors-state")
    #expect(json?["version"] as? Int == 1)
    #expect(json?["reactor"] as? String == "DraftReactor")
    #expect(try directory.names().contains("state"))
  }

  @Test func aSavedStateOutlivesItsReactor() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    do {
      let file = try StateFile<DraftReactor>(at: url)
      let reactor = DraftReactor(stateFile: file)
      reactor.send(.type("first run"))
      await file.flush()
    }

    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)

    #expect(reactor.currentState.draft == "first run")
    #expect(file.diagnostics.isEmpty)
  }

  @Test func aFileReopenedWhileChildProcessesStartIsNotTakenForAnotherProcess() async throws {
    // Given another thread starting processes, as other tests do: each child shares this
    // process's descriptors, the lock's too, until it runs its program
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    let isDone = Observed<Bool>()
    let spawner = Thread {
      while isDone.values.isEmpty {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try? process.run()
        process.waitUntilExit()
      }
    }
    spawner.start()
    defer { isDone.append(true) }

    // When the file is opened, saved and released many times over
    var locked = 0
    for number in 1...300 {
      let file = try StateFile<DraftReactor>(at: url)
      let reactor = DraftReactor(stateFile: file)
      reactor.send(.type("run \(number)"))
      await file.flush()
      if !file.diagnostics.isEmpty { locked += 1 }
    }

    // Then each open took the lock (before, about one in three found it held by a child)
    #expect(locked == 0)
    #expect(try read(url)?.draft == "run 300")
  }

  @Test func aChangeAfterAQuietSpellIsWrittenAtOnceAndTheNewestWhenTheIntervalEnds() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    let file = try StateFile<DraftReactor>(at: url, writeInterval: .milliseconds(50))
    let reactor = DraftReactor(stateFile: file)

    // The first change is written without a flush
    reactor.send(.type("first"))
    await waitForWrites(1, of: file)
    #expect(try read(url)?.draft == "first")

    // The newest of the changes after it is written when the interval ends, without a flush
    // (how many writes that takes depends on the machine's load; `aFlushDoesNotWait…` counts)
    for number in 1...100 { reactor.send(.type("draft \(number)")) }
    await waitForWrites(2, of: file)
    let deadline = ContinuousClock.now + .seconds(60)
    while try read(url)?.draft != "draft 100", ContinuousClock.now < deadline {
      await Task.yield()
    }
    #expect(try read(url)?.draft == "draft 100")
  }

  @Test func aFlushDoesNotWaitForTheWriteInterval() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    let file = try StateFile<DraftReactor>(at: url, writeInterval: .seconds(3600))
    let reactor = DraftReactor(stateFile: file)

    reactor.send(.type("first"))
    await waitForWrites(1, of: file)
    for number in 1...100 { reactor.send(.type("draft \(number)")) }
    // An hour before the next write is due: the steps meanwhile were not even told to the file.
    #expect(file.writeCount == 1)
    await file.flush()

    #expect(file.writeCount == 2)
    #expect(try read(url)?.draft == "draft 100")
  }

  @Test func sendsFromManyTasksAreSavedWithTheLastState() async throws {
    // Exercises the file's lock from the threads of several steps (ThreadSanitizer in CI).
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    let file = try StateFile<DraftReactor>(at: url)
    let reactor = DraftReactor(stateFile: file)

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for number in 0..<500 { reactor.send(.type("\(task)-\(number)")) }
        }
      }
    }
    await reactor.waitUntilIdle()
    await file.flush()

    #expect(try read(url)?.draft == reactor.currentState.draft)
    #expect(file.diagnostics.isEmpty)
  }
}

// MARK: - Helpers

/// Writes a `DraftReactor` file with `draft`, as an earlier run would have.
func write(draft: String, to url: URL, version: Int = 1, reactor: String = "DraftReactor") throws {
  let object: [String: Any] = [
    "format": "reactors-state", "reactor": reactor, "version": version, "state": ["draft": draft],
  ]
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try JSONSerialization.data(withJSONObject: object).write(to: url)
}

/// The draft saved in the file at `url`, if it is a `DraftReactor` file.
func read(_ url: URL) throws -> DraftReactor.Saved? {
  let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
  guard let state = object?["state"] as? [String: Any] else { return nil }
  return (state["draft"] as? String).map(DraftReactor.Saved.init(draft:))
}

/// Values collected from an observer's thread.
final class Observed<Value: Sendable>: @unchecked Sendable {
  // Safe: `stored` is only read and written with `lock` held.
  private let lock = NSLock()
  private var stored: [Value] = []

  func append(_ value: Value) { lock.withLock { stored.append(value) } }
  var values: [Value] { lock.withLock { stored } }
}

/// Returns once `file` has written `count` times; fails the test after a deadline that only a
/// regression reaches (the writes are due within milliseconds).
private func waitForWrites<R: PersistentReactor>(
  _ count: Int, of file: StateFile<R>, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let deadline = ContinuousClock.now + .seconds(60)
  while file.writeCount < count {
    guard ContinuousClock.now < deadline else {
      Issue.record("\(count) writes not made in 60 s", sourceLocation: sourceLocation)
      return
    }
    await Task.yield()
  }
}
