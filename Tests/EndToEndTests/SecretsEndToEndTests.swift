import Foundation
import Testing

/// Full scripted runs of both executables, in every output format and with every diagnostic
/// switched on: neither the password nor `GITHUB_TOKEN` appears anywhere they print.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SecretsEndToEndTests {
  static let password = "Sup3r-secret-passw0rd"
  static let token = "ghp_FakeTokenForTheSecretsTest0123456789"

  /// Every occurrence of the secrets in a run's outputs.
  func leaks(_ run: BinaryRun) -> Int {
    [Self.password, Self.token].reduce(0) { count, secret in
      count + run.standardOutput.components(separatedBy: secret).count - 1
        + run.standardError.components(separatedBy: secret).count - 1
    }
  }

  @Test(arguments: [[], ["--json"]])
  func signupNeverPrintsThePasswordOrTheToken(format: [String]) async throws {
    let script = """
      username octocat
      wait
      username octocat-2
      password \(Self.password)
      repeat \(Self.password)x
      wait
      signup
      repeat \(Self.password)
      wait
      signup
      wait
      fly \(Self.password)
      """
    let complete = String(script.dropLast(" fly \(Self.password)".count))
    let runs = [
      try await BinaryRunner.run(
        "signup",
        arguments: [
          "--offline", "--debounce-ms", "0", "--signup-latency-ms", "0", "--signup-failure-rate",
          "0",
        ]
          + format,
        input: complete,
        environment: ["GITHUB_TOKEN": Self.token, "SIGNUP_DIAGNOSTICS": "1"]),
      // A script refused at its last line.
      try await BinaryRunner.run(
        "signup", arguments: ["--offline"] + format, input: script,
        environment: ["GITHUB_TOKEN": Self.token]),
    ]
    #expect(runs[0].status == 0, "\(runs[0].standardError)")
    let output = runs[0].standardOutput
    #expect(output.contains("Welcome, octocat-2") || output.contains(#""result":"succeeded""#))
    #expect(runs[0].standardError.contains("[SignupReactor]"))
    #expect(runs[1].status == 2)
    for run in runs {
      #expect(leaks(run) == 0)
    }
  }

  @Test(arguments: [[], ["--json"]])
  func githubSearchNeverPrintsTheToken(format: [String]) async throws {
    let environment = [
      "GITHUB_TOKEN": Self.token, "GITHUB_SEARCH_OFFLINE_LOG": "1",
      "GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0", "GITHUB_SEARCH_OFFLINE_FAULTS": "swift@2=503:1",
    ]
    let runs = [
      try await BinaryRunner.run(
        "github-search", arguments: ["--offline", "--debounce-ms", "0"] + format,
        input: "query swift\nwait\nnext\nwait\nretry\nwait\nquery stars:lots\nwait\n",
        environment: environment),
      try await BinaryRunner.run(
        "github-search", arguments: ["--offline", "--pages", "2", "swift"] + format,
        environment: environment),
      // The token is sent here; the connection fails.
      try await BinaryRunner.run(
        "github-search", arguments: ["--api-url", "http://127.0.0.1:9", "swift"] + format,
        environment: environment),
      try await BinaryRunner.run(
        "github-search", arguments: ["--api-url", "http://127.0.0.1:9"] + format,
        input: "query swift\nwait\n", environment: environment),
    ]
    // The script ends on a refused query: a failed search, status 1.
    #expect(runs[0].status == 1, "\(runs[0].standardError)")
    #expect(runs[0].standardError.contains("offline server: "))
    #expect(runs[1].status == 1)
    #expect(runs[2].status == 1)
    for run in runs {
      #expect(leaks(run) == 0)
    }
  }
}
