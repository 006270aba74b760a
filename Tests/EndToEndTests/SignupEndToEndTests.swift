import Foundation
import Testing

/// Runs the built `signup` binary in scripted mode, offline, as a user or CI would.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SignupEndToEndTests {
  static let fastOffline = [
    "--offline", "--debounce-ms", "50", "--signup-latency-ms", "50", "--seed", "1",
  ]

  static let fullScript = """
    # A taken name first, then a free one.
    username octocat
    wait
    username octocat-2
    password correct-horse-9
    repeat correct-horse-9
    wait
    signup
    wait
    """

  @Test func aFullScriptedRunSignsUpAndEndsWithTheOutcome() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.fastOffline + ["--json", "--signup-failure-rate", "0"],
      input: Self.fullScript)
    #expect(run.status == 0, "stderr: \(run.standardError)")
    let states = try run.outputLines.map(Self.object)

    let taken = states.first { Self.username($0)?["status"] as? String == "failed" }
    #expect(Self.username(taken)?["message"] as? String == "octocat is already taken")

    let last = try #require(states.last)
    #expect(Self.username(last)?["text"] as? String == "octocat-2")
    // Signed up, the name is the user's own from then on, and the form is finished.
    #expect(Self.username(last)?["status"] as? String == "ok")
    #expect(Self.username(last)?["message"] as? String == "octocat-2 is your account")
    #expect(last["isSignedUp"] as? Bool == true)
    #expect((last["password"] as? [String: Any])?["status"] as? String == "ok")
    #expect((last["repeat"] as? [String: Any])?["status"] as? String == "ok")
    #expect(last["isSigningUp"] as? Bool == false)
    #expect(last["canSignUp"] as? Bool == false)
    #expect(states.contains { $0["canSignUp"] as? Bool == true })
    #expect(last["result"] as? String == "succeeded")
    #expect(states.dropLast().allSatisfy { $0["result"] is NSNull })
    #expect(states.contains { $0["isSigningUp"] as? Bool == true })
  }

  @Test func thePasswordIsNeverPrinted() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.fastOffline + ["--json"], input: Self.fullScript,
      environment: ["SIGNUP_DIAGNOSTICS": "1"])
    #expect(run.status == 0)
    #expect(run.standardError.contains("[SignupReactor]"))
    #expect(!run.standardOutput.contains("correct-horse"))
    #expect(!run.standardError.contains("correct-horse"))
  }

  @Test func aFailingServiceEndsWithAFailedResultAndStatus1() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.fastOffline + ["--json", "--signup-failure-rate", "1"],
      input: Self.fullScript)
    #expect(run.status == 1)
    #expect(
      run.standardError == "signup: Sign-up failed: the simulated service failed; try again\n")
    let last = try #require(try run.outputLines.map(Self.object).last)
    #expect(last["result"] as? String == "failed")
  }

  @Test func aNameTypedOverBeforeItsCheckAnswersKeepsTheNewerVerdict() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.fastOffline + ["--json"],
      input: "username octocat\nsleep 120\nusername octocat-2\nwait\n")
    #expect(run.status == 0)
    let states = try run.outputLines.map(Self.object)
    let last = try #require(states.last)
    #expect(Self.username(last)?["text"] as? String == "octocat-2")
    #expect(Self.username(last)?["message"] as? String == "octocat-2 is available")
  }

  @Test func anUnknownCommandExitsWithStatus2AndNamesTheLineBeforeAnythingRuns() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.fastOffline + ["--json"],
      input: "username octocat\n\n# fine so far\nfrobnicate now\nsignup\n")
    #expect(run.status == 2)
    #expect(run.standardError.hasPrefix("signup: line 4: unknown command \"frobnicate\""))
    #expect(run.standardOutput.isEmpty)
  }

  @Test func aSignedUpNameCannotSignUpAgainInTheSameRun() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.fastOffline + ["--json", "--signup-failure-rate", "0"],
      input: Self.fullScript + "\nsignup\nwait\nusername octocat-3\nusername OctoCat-2\nwait\n")
    #expect(run.status == 0, "stderr: \(run.standardError)")
    let states = try run.outputLines.map(Self.object)
    #expect(states.filter { $0["result"] as? String == "succeeded" }.count == 1)
    #expect(run.standardError.contains("signup: note: line 10: signup ignored"))
    let last = try #require(states.last)
    #expect(Self.username(last)?["text"] as? String == "OctoCat-2")
    #expect(Self.username(last)?["message"] as? String == "OctoCat-2 is your account")
    #expect(last["canSignUp"] as? Bool == false)
  }

  @Test func aScriptFileIsReadAndTextModeIsReadable() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("signup-\(UUID().uuidString).script")
    try Data(Self.fullScript.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try await BinaryRunner.run(
      "signup",
      arguments: Self.fastOffline + ["--signup-failure-rate", "0", "--script", file.path])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("✗ octocat is already taken"))
    #expect(run.standardOutput.contains("Sign up   ready"))
    #expect(
      run.standardOutput.hasSuffix(
        "Outcome   ✓ Welcome, octocat-2! Your account was created (simulated)\n"))
  }

  @Test(arguments: [
    (
      ["--offline", "--api-url", "https://ghe.example.com/api/v3"],
      "--offline and --api-url cannot be combined"
    ),
    (
      ["--api-url", "ftp://example.com"],
      "--api-url needs an http or https URL, not \"ftp://example.com\""
    ),
    (["--debounce-ms", "-1"], "--debounce-ms needs a whole number from 0 to 600000, not \"-1\""),
    (
      ["--signup-failure-rate", "1.5"],
      "--signup-failure-rate needs a number from 0 to 1, not \"1.5\""
    ),
    (["--seed"], "--seed needs a value"),
    (["--script"], "--script needs a value"),
    (["--signup-latency-ms"], "--signup-latency-ms needs a value"),
    (["--seed", "-1"], "--seed needs a whole number from 0 to 18446744073709551615, not \"-1\""),
    (["--frobnicate"], "unknown option \"--frobnicate\""),
    (["--json=yes"], "--json takes no value"),
    (["octocat"], "unexpected argument \"octocat\"; signup takes options only"),
  ])
  func badArgumentsSayWhatIsWrongAndExitWithStatus2(
    arguments: [String], message: String
  )
    async throws
  {
    let run = try await BinaryRunner.run("signup", arguments: arguments, input: "")
    #expect(run.status == 2)
    #expect(run.standardError == "signup: \(message)\nRun 'signup --help' for usage.\n")
    #expect(run.standardOutput.isEmpty)
  }

  @Test(arguments: ["99999999999999999999", "60001", "-1", "1.5"])
  func anOfflineLatencyOutOfRangeSaysWhichNumbersItTakes(value: String) async throws {
    // An empty script: a latency in range would end at once, with nothing to do.
    let run = try await BinaryRunner.run(
      "signup", arguments: ["--offline", "--script", "/dev/null"],
      environment: ["SIGNUP_OFFLINE_LATENCY_MS": value])
    #expect(run.status == 1)
    #expect(
      run.unwrappedStandardError
        == "signup: cannot start offline mode: SIGNUP_OFFLINE_LATENCY_MS needs a whole number "
        + "from 0 to 60000, not \"\(value)\"\n")
  }

  @Test func sayingOfflineTwiceIsNotAConflict() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.fastOffline + ["--offline"], input: "wait\n")
    #expect(run.status == 0, "stderr: \(run.standardError)")
  }

  @Test func helpPrintsTheUsageAndExitsZero() async throws {
    let run = try await BinaryRunner.run("signup", arguments: ["-h"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("usage: signup "))
  }

  private static func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  private static func username(_ state: [String: Any]?) -> [String: Any]? {
    state?["username"] as? [String: Any]
  }
}
