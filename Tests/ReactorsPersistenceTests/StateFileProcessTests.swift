import Foundation
import ReactorsPersistence
import Testing

/// Other processes on the same file: `PersistenceChild`, killed mid-write or holding the lock.
@Suite(.serialized, .timeLimit(.minutes(1))) struct StateFileProcessTests {
  @Test func aProcessKilledAtAnyMomentLeavesAWholeFileThatWasOnceItsState() async throws {
    var generator = SystemRandomNumberGenerator()
    var writesSeen: [Int] = []
    for _ in 0..<50 {
      // Given a child that saves 1,000 changes, one write each
      let directory = try TemporaryDirectory.inMemory()
      let url = directory.file("killed.json")

      // When it is killed with SIGKILL after a random number of them, in the middle of another
      let killAfter = Int.random(in: 0..<250, using: &generator)
      let run = try await ChildProcess.run(
        ["write", url.path, "1000"], killAfterLines: killAfter)

      // Then the file is the last complete value or a later one, whole, and nothing was moved
      // aside
      #expect(run.wasKilled || run.lines.last == "wrote 1000")
      let file = try StateFile<KilledWriterReactor>(at: url)
      #expect(file.diagnostics.isEmpty, "after \(run.lines.count) writes: \(file.diagnostics)")
      if let saved = file.restored {
        #expect(saved.number >= run.lines.count && saved.number <= 1000)
        #expect(saved.text == String(repeating: "\(saved.number % 10)", count: 4000))
      } else {
        #expect(run.lines.isEmpty)
      }
      #expect(try directory.names().allSatisfy { !$0.contains("corrupt") })
      writesSeen.append(run.lines.count)
    }
    print("killed 50 writers after \(writesSeen.min() ?? 0)…\(writesSeen.max() ?? 0) writes")
  }

  @Test func aSecondProcessOnTheSameFileRunsUnsavedAndSaysSo() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("shared.json")

    do {
      let holder = try StateFile<KilledWriterReactor>(at: url)
      let run = try await ChildProcess.run(["open", url.path])
      #expect(holder.isSaving)
      #expect(
        run.lines == [
          "the saved state \(url.path) is in use by another process: this run is not saved",
          "saving: false",
        ])
    }

    // Once the first lets go, the next one saves.
    let run = try await ChildProcess.run(["open", url.path])
    #expect(run.lines == ["saving: true"])
  }
}
