import Foundation
import Testing

/// `--record FILE` then `--replay FILE` with both built binaries: the replay prints the recorded
/// run's state lines exactly, without network or clock, and the recording holds no secret.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct RecordReplayEndToEndTests {
  static let password = "Sup3r-secret-passw0rd"
  static let token = "ghp_FakeTokenForTheRecordingTest0123456789"

  static let signupScript = """
    username octocat
    wait
    username octocat-2
    password \(password)
    repeat \(password)x
    wait
    repeat \(password)
    wait
    signup
    wait
    """

  static let searchScript = """
    query swift
    wait
    next
    wait
    open 2
    wait
    close
    query rust
    wait
    """

  @Test(arguments: [[], ["--json"]])
  func aRecordedSignupReplaysIntoTheSameLinesWithoutThePassword(format: [String]) async throws {
    let file = Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let recorded = try await BinaryRunner.run(
      "signup",
      arguments: [
        "--offline", "--debounce-ms", "50", "--signup-latency-ms", "50", "--seed", "1",
        "--signup-failure-rate", "0", "--record", file.path,
      ] + format,
      input: Self.signupScript, environment: ["GITHUB_TOKEN": Self.token])
    #expect(recorded.status == 0, "\(recorded.standardError)")

    let replayed = try await BinaryRunner.run(
      "signup", arguments: ["--replay", file.path] + format)

    #expect(replayed.status == 0, "\(replayed.standardError)")
    #expect(replayed.standardOutput == recorded.standardOutput)
    #expect(recorded.outputLines.count > 8)
    let recording = try String(contentsOf: file, encoding: .utf8)
    #expect(!recording.contains(Self.password))
    #expect(!recording.contains(Self.token))
    #expect(recording.contains(#""password":"<redacted>""#))
  }

  @Test(arguments: [[], ["--json"]])
  func aRecordedSearchReplaysIntoTheSameLinesWithoutTheToken(format: [String]) async throws {
    let file = Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let recorded = try await BinaryRunner.run(
      "github-search",
      arguments: ["--offline", "--debounce-ms", "0", "--record", file.path] + format,
      input: Self.searchScript,
      environment: ["GITHUB_TOKEN": Self.token, "GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"])
    #expect(recorded.status == 0, "\(recorded.standardError)")

    let replayed = try await BinaryRunner.run(
      "github-search", arguments: ["--replay", file.path] + format)

    #expect(replayed.status == 0, "\(replayed.standardError)")
    #expect(replayed.standardOutput == recorded.standardOutput)
    #expect(recorded.outputLines.count >= 6)
    let recording = try String(contentsOf: file, encoding: .utf8)
    #expect(!recording.contains(Self.token))
    #expect(recording.contains(#""setDetail""#))
  }

  @Test(arguments: [[], ["--json"]])
  func aReplayedOfflineSessionBlamesTheOfflineServerNotGitHub(format: [String]) async throws {
    let file = Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    // The second query fails: the first one's repositories say who answered it.
    let recorded = try await BinaryRunner.run(
      "github-search",
      arguments: ["--offline", "--debounce-ms", "0", "--record", file.path] + format,
      input: "query swift\nwait\nquery rust\nwait\n",
      environment: [
        "GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0", "GITHUB_SEARCH_OFFLINE_FAULTS": "rust=503",
      ])
    #expect(recorded.status == 1)
    #expect(recorded.standardOutput.contains("the offline server is unavailable (HTTP 503)"))

    let replayed = try await BinaryRunner.run(
      "github-search", arguments: ["--replay", file.path] + format)

    #expect(replayed.status == 0, "\(replayed.standardError)")
    #expect(replayed.standardOutput == recorded.standardOutput)
    #expect(!replayed.standardOutput.contains("GitHub"))
  }

  @Test func aRecordingThatCannotBeReplayedIsAClearErrorWithStatus2() async throws {
    // Given a signup recording, and broken variants of it
    let file = Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let recorded = try await BinaryRunner.run(
      "signup", arguments: ["--offline", "--record", file.path], input: "username octocat\n")
    #expect(recorded.status == 0)
    let recording = try String(contentsOf: file, encoding: .utf8)
    let lines = recording.split(separator: "\n").map(String.init)
    let cases: [(program: String, text: String?, message: String)] = [
      ("signup", nil, "cannot read the recording \(file.path)x: no such file"),
      ("signup", lines[0] + "\n{\"action\":", "line 2 of the recording is corrupt"),
      (
        "signup", lines[0].replacingOccurrences(of: "\"version\":1", with: "\"version\":7"),
        "the recording has format version 7; this program reads version 1"
      ),
      ("signup", "hello\n", "not a recording"),
      ("github-search", recording, "the recording is of SignupReactor, not of GitHubSearchReactor"),
    ]
    for (program, text, message) in cases {
      let path: String
      if let text {
        let broken = Self.temporaryFile()
        try Data(text.utf8).write(to: broken)
        path = broken.path
      } else {
        path = file.path + "x"
      }
      defer { if text != nil { try? FileManager.default.removeItem(atPath: path) } }
      // When it is replayed
      let run = try await BinaryRunner.run(program, arguments: ["--replay", path, "--json"])
      // Then the program says why, prints no state, and exits with status 2
      #expect(run.status == 2, "\(program) \(message)")
      #expect(run.unwrappedStandardError.contains("\(program): cannot replay: \(message)"))
      #expect(run.standardOutput.isEmpty)
    }
  }

  @Test func aRecordingThatCannotBeWrittenEndsWithStatus1() async throws {
    let run = try await BinaryRunner.run(
      "github-search", arguments: ["--offline", "--record", "/nonexistent/dir/session.jsonl"],
      input: "query swift\n")
    #expect(run.status == 1)
    #expect(run.standardError.contains("cannot write the recording /nonexistent/dir/session.jsonl"))
  }

  @Test func replayTakesNoScript() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: ["--replay", "a.jsonl", "--script", "b.txt"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("--replay prints a recorded session"))
  }

  static func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "reactors-recording-\(UUID().uuidString).jsonl")
  }
}
