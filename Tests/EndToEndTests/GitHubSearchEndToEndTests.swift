import Foundation
import Testing

/// Runs the built `github-search` binary as a user would, against its embedded offline server.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct GitHubSearchEndToEndTests {
  /// No simulated latency: these runs check output, not timing.
  let fast = ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"]

  func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
  ) async throws -> BinaryRun {
    try await BinaryRunner.run(
      "github-search", arguments: arguments, input: input,
      environment: fast.merging(environment) { $1 })
  }

  func objects(_ run: BinaryRun) throws -> [[String: Any]] {
    try run.outputLines.map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
  }

  // MARK: A query

  @Test func printsThreePagesInOrderWithoutDuplicates() async throws {
    let paged = try await run(["--offline", "--json", "--pages", "3", "swift"])
    #expect(paged.status == 0, "\(paged.standardError)")
    let repositories = try objects(paged)
    #expect(repositories.count == 90)
    let names = repositories.compactMap { $0["full_name"] as? String }
    #expect(Set(names).count == 90)
    for repository in repositories {
      #expect(
        Set(repository.keys) == [
          "full_name", "html_url", "description", "stargazers_count", "language",
        ])
      #expect(
        repository["html_url"] as? String
          == "https://github.com/\(repository["full_name"] as? String ?? "")")
    }
    // The same 90, in the same order, as one page of 90: pages follow each other exactly.
    let single = try await run(["--offline", "--json", "--per-page", "90", "swift"])
    #expect(try objects(single).compactMap { $0["full_name"] as? String } == names)
    #expect(paged.outputLines.first?.hasPrefix(#"{"full_name":"#) == true)
  }

  @Test func printsATableWithAlignedColumns() async throws {
    let result = try await run(["--offline", "--per-page", "20", "--pages", "2", "c++"])
    #expect(result.status == 0)
    let lines = result.outputLines
    #expect(lines.count == 40)
    for line in lines {
      #expect(line.contains(/^[^ \/]+\/[^ ]+ +★[0-9]+  [^ ]+/), "\(line)")
    }
    // The stars end, and the descriptions start, at the same column on every line, across
    // pages (the names and languages are ASCII, one column per character).
    var starsEnds: Set<Int> = []
    var descriptionStarts: Set<Int> = []
    for line in lines {
      let characters = Array(line)
      var index = characters.firstIndex(of: "★")! + 1
      while index < characters.count, characters[index].isNumber { index += 1 }
      starsEnds.insert(index)
      index += 2
      while index < characters.count, characters[index] != " " { index += 1 }
      while index < characters.count, characters[index] == " " { index += 1 }
      if index < characters.count { descriptionStarts.insert(index) }
    }
    #expect(starsEnds.count == 1)
    #expect(descriptionStarts.count == 1)
  }

  @Test func zeroResultsAreASuccess() async throws {
    let result = try await run(["--offline", "zzzqqq"])
    #expect(result.status == 0)
    #expect(result.standardOutput.isEmpty)
  }

  @Test func anInvalidQueryExitsOneWithAOneLineReason() async throws {
    let result = try await run(["--offline", "stars:lots"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "github-search: invalid query: Validation Failed: `stars:lots` is not a number or a range.\n"
    )
  }

  @Test func aRateLimitExitsOneAndSaysWhenItEnds() async throws {
    let result = try await run(
      ["--offline", "swift"], environment: ["GITHUB_SEARCH_OFFLINE_RATE_LIMIT": "0"])
    #expect(result.status == 1)
    #expect(
      result.standardError.hasPrefix("github-search: rate limited by the offline server for "))
    #expect(result.standardError.contains(" s more (until 20"))
    #expect(result.standardError.split(separator: "\n").count == 1)
  }

  @Test func anUnreachableServerExitsOneAndNeverPrintsTheToken() async throws {
    let token = "ghp_endToEndSecret123"
    let result = try await run(
      ["--api-url", "http://127.0.0.1:9", "swift"], environment: ["GITHUB_TOKEN": token])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("github-search: network error: could not connect"))
    #expect(!result.standardError.contains(token))
    #expect(!result.standardOutput.contains(token))
  }

  @Test(arguments: [
    (["--bogus"], "unknown option \"--bogus\""),
    (
      ["--offline", "--api-url", "https://ghe.example.com/api/v3", "x"],
      "--offline and --api-url cannot be combined"
    ),
    (["--pages", "0", "x"], "--pages needs a whole number from 1 to 1000, not \"0\""),
    (["--per-page", "101", "x"], "--per-page needs a whole number from 1 to 100, not \"101\""),
    (["--script", "f", "x"], "--script cannot be combined with a QUERY"),
    (["--api-url", "not a url", "x"], "--api-url needs an http or https URL, not \"not a url\""),
    (["--pages"], "--pages needs a value"),
    (["--pages", "--json", "x"], "--pages needs a value"),
    (["--json=1", "x"], "--json takes no value"),
    (["--offline", "  "], "the QUERY is empty"),
    (["--offline", ""], "the QUERY is empty"),
    (
      ["--offline", String(repeating: "q", count: 257)],
      "the QUERY has 257 characters; GitHub takes at most 256"
    ),
    (["--offline", "a\u{1B}[2J"], "the QUERY holds a control character"),
    (["--debounce-ms", "-5"], "--debounce-ms needs a whole number from 0 to 600000, not \"-5\""),
    (["--offline", "--script"], "--script needs a value"),
    (["--api-url"], "--api-url needs a value"),
    (
      ["--per-page", "99999999999999999999999", "x"],
      "--per-page needs a whole number from 1 to 100, not \"99999999999999999999999\""
    ),
  ])
  func aUsageErrorSaysWhatIsWrongAndExitsTwo(arguments: [String], message: String) async throws {
    let result = try await run(arguments)
    #expect(result.status == 2, "\(result.standardError)")
    #expect(
      result.unwrappedStandardError
        == "github-search: \(message)\nRun 'github-search --help' for usage.\n")
    #expect(result.standardOutput.isEmpty)
  }

  @Test(arguments: [
    ("GITHUB_SEARCH_OFFLINE_LATENCY_MS", "99999999999999999999", 600_000),
    ("GITHUB_SEARCH_OFFLINE_LATENCY_MS", "600001", 600_000),
    ("GITHUB_SEARCH_OFFLINE_RATE_LIMIT", "-1", 1_000_000),
  ])
  func anOfflineSettingOutOfRangeSaysWhichNumbersItTakes(
    name: String, value: String, maximum: Int
  ) async throws {
    // An empty script: a setting in range would end at once, with nothing to do.
    let result = try await run(
      ["--offline", "--script", "/dev/null"], environment: [name: value])
    #expect(result.status == 1)
    #expect(
      result.unwrappedStandardError
        == "github-search: \(name) needs a whole number from 0 to \(maximum), not \"\(value)\"\n")
  }

  @Test func sayingOfflineTwiceIsNotAConflict() async throws {
    let result = try await run(["--offline", "--offline", "--per-page", "1", "swift"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputLines.count == 1)
  }

  @Test func helpPrintsTheUsageAndExitsZero() async throws {
    let result = try await run(["--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("usage: github-search "))
  }

  // MARK: Scripts

  func script(
    _ text: String, arguments: [String] = [], environment: [String: String] = [:],
    json: Bool = true
  ) async throws -> BinaryRun {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("github-search-\(UUID().uuidString).script")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try await run(
      ["--offline", "--script", file.path] + (json ? ["--json"] : []) + arguments,
      environment: environment)
  }

  @Test func aSlowSearchOvertakenByANewQueryIsCancelledOnTheWire() async throws {
    // "slow" never gets an answer: only cancelling its request lets `wait` return.
    let result = try await script(
      """
      # A search whose answer never comes, overtaken while in flight.
      query slow
      sleep 1000
      query swift
      wait
      """,
      // No debounce: "slow" is on the wire long before the second query.
      arguments: ["--debounce-ms", "0"],
      environment: ["GITHUB_SEARCH_OFFLINE_FAULTS": "slow=stall", "GITHUB_SEARCH_OFFLINE_LOG": "1"])
    #expect(result.status == 0)
    let states = try objects(result)
    #expect(states.map { $0["query"] as? String } == ["slow", "swift", "swift"])
    #expect(
      states.filter { $0["query"] as? String == "slow" }.allSatisfy {
        $0["repositoryCount"] as? Int == 0
      })
    let last = try #require(states.last)
    #expect(last["repositoryCount"] as? Int == 30)
    #expect(last["isLoadingFirstPage"] as? Bool == false)
    #expect(last["hasNextPage"] as? Bool == true)
    #expect(last["error"] is NSNull)
    let log = result.standardError.split(separator: "\n")
    #expect(log.count == 2)
    #expect(log.first?.hasSuffix("q=slow&per_page=30 → client disconnected") == true)
    #expect(log.last?.hasSuffix("q=swift&per_page=30 → 200") == true)
  }

  @Test func aFailedPageIsRetriedWithoutLosingTheFirst() async throws {
    let result = try await script(
      "query swift\nwait\nnext\nwait\nnext\nretry\nwait\n",
      environment: ["GITHUB_SEARCH_OFFLINE_FAULTS": "swift@2=503:1"])
    #expect(result.status == 0)
    let states = try objects(result)
    let failed = try #require(states.first { !($0["error"] is NSNull) })
    #expect(
      failed["error"] as? String == "the offline server is unavailable (HTTP 503); try again later")
    #expect(failed["repositoryCount"] as? Int == 30)
    #expect(states.last?["repositoryCount"] as? Int == 60)
    #expect(states.last?["error"] is NSNull)
  }

  @Test func aScriptedQueryOverGitHubsLimitIsRefusedAndAnEmptyOneClearsTheSearch() async throws {
    let long = try await script("query swift\nwait\nquery " + String(repeating: "q", count: 257))
    #expect(long.status == 2)
    #expect(
      long.standardError
        == "github-search: line 3: the query has 257 characters; GitHub takes at most 256\n")
    #expect(long.standardOutput.isEmpty)

    let cleared = try await script("query swift\nwait\nquery\nwait\nquery   \nwait\n")
    #expect(cleared.status == 0, "\(cleared.standardError)")
    let last = try #require(try objects(cleared).last)
    #expect(last["query"] as? String == "")
    #expect(last["repositoryCount"] as? Int == 0)
    #expect(last["isLoadingFirstPage"] as? Bool == false)
  }

  @Test func aQueryArgumentThatIsNotUTF8IsRepairedAndFindsNothingWithoutACrash() async throws {
    let result = try await BinaryRunner.runShell(
      #"github-search --offline --json $'sw\xffift'; echo "status $?""#, environment: fast)
    #expect(result.standardOutput == "status 0\n")
    #expect(result.standardError.isEmpty)
  }

  @Test func printsReadableStatesAndReadsTheScriptFromStandardInput() async throws {
    let result = try await run(["--offline"], input: "query   swift  \nwait\n")
    #expect(result.status == 0)
    #expect(
      result.outputLines == [
        #"query "swift" · 0 repositories · searching…"#,
        #"query "swift" · 30 of 1210 repositories · next page 2"#,
      ])
  }

  // MARK: The detail pane

  @Test func openingTheFirstRepositoryEndsWithItsDetail() async throws {
    // The command of the issue: printf 'query swift\nwait\nopen 1\nwait\n' | github-search …
    let result = try await run(
      ["--offline", "--json"], input: "query swift\nwait\nopen 1\nwait\n",
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "200"])
    #expect(result.status == 0, "\(result.standardError)")
    let firstRepository = try objects(
      try await run(["--offline", "--json", "--per-page", "1", "swift"]))
    let expectedName = try #require(firstRepository.first?["full_name"] as? String)
    let states = try objects(result)
    let detail = try #require(states.last?["detail"] as? [String: Any])
    #expect(
      Set(detail.keys) == [
        "fullName", "isLoading", "description", "stars", "forks", "openIssues", "defaultBranch",
        "error",
      ])
    #expect(detail["fullName"] as? String == expectedName)
    #expect(detail["isLoading"] as? Bool == false)
    #expect(detail["forks"] is Int)
    #expect(detail["openIssues"] is Int)
    #expect(detail["defaultBranch"] is String)
    #expect(detail["error"] is NSNull)
    // On the way there: no detail, then the detail loading.
    #expect(
      states.dropLast().allSatisfy {
        $0["detail"] is NSNull || ($0["detail"] as? [String: Any])?["isLoading"] as? Bool == true
      })
    #expect(states.contains { ($0["detail"] as? [String: Any])?["isLoading"] as? Bool == true })
  }

  @Test func closingTheDetailCancelsItsRequestOnTheWire() async throws {
    let first = try objects(try await run(["--offline", "--json", "--per-page", "1", "swift"]))
    let name = try #require(first.first?["full_name"] as? String)
    // The repository's answer never comes: only cancelling its request lets `wait` return.
    let result = try await script(
      "query swift\nwait\nopen 1\nsleep 300\nclose\nwait\n",
      environment: [
        "GITHUB_SEARCH_OFFLINE_FAULTS": "/repos/\(name)=stall", "GITHUB_SEARCH_OFFLINE_LOG": "1",
      ])
    #expect(result.status == 0)
    let states = try objects(result)
    #expect((states.dropLast().last?["detail"] as? [String: Any])?["isLoading"] as? Bool == true)
    #expect(states.last?["detail"] is NSNull)
    let log = result.standardError.split(separator: "\n")
    #expect(log.count == 2)
    #expect(log.last?.hasSuffix("GET /repos/\(name) → client disconnected") == true)
  }

  @Test func aDetailThatFailsSaysWhy() async throws {
    let result = try await script(
      "query swift\nwait\nopen 2\nwait\n", json: false)
    let failing = try await script(
      "query swift\nwait\nopen 2\nwait\n",
      environment: ["GITHUB_SEARCH_OFFLINE_FAULTS": "/repos/tiny-marten/docsswift=503"],
      json: false)
    #expect(result.outputLines.last?.contains("· detail tiny-marten/docsswift ★59860 · ") == true)
    #expect(
      failing.outputLines.last?.hasSuffix(
        "· detail tiny-marten/docsswift: error: the offline server is unavailable (HTTP 503); "
          + "try again later") == true)
  }

  @Test func offlineAnErrorBlamesTheOfflineServerNotGitHubInEveryMode() async throws {
    let faults = ["GITHUB_SEARCH_OFFLINE_FAULTS": "swift=503"]
    let reason = "the offline server is unavailable (HTTP 503); try again later"
    let query = try await run(["--offline", "swift"], environment: faults)
    #expect(query.status == 1)
    #expect(query.standardError == "github-search: \(reason)\n")

    let text = try await script("query swift\nwait\n", environment: faults, json: false)
    #expect(text.status == 1)
    #expect(text.outputLines.last?.hasSuffix(" · error: \(reason)") == true)
    #expect(text.standardError == "github-search: \(reason)\n")

    let json = try await script("query swift\nwait\n", environment: faults)
    #expect(try objects(json).last?["error"] as? String == reason)
  }

  @Test func offlineANetworkErrorNamesTheOfflineServerNotItsAddress() async throws {
    let environment = ["GITHUB_SEARCH_OFFLINE_FAULTS": "swift=cut"]
    let query = try await run(["--offline", "swift"], environment: environment)
    #expect(query.status == 1)
    #expect(
      query.standardError
        == "github-search: network error: the connection to the offline server broke before "
        + "the answer was complete\n")
    #expect(!query.standardError.contains("127.0.0.1"))
  }

  @Test func theInteractiveSearchOpensTheDetailWithEnterAndClosesItWithEscape() async throws {
    let session = try TerminalSession(
      "github-search", arguments: ["--offline"],
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"])
    defer { Task { await session.end() } }
    try #require(await session.waitForOutput(containing: "Search the offline catalog"))
    session.type("swift")
    try #require(await session.waitForOutput(containing: "1210 repositories"))
    var mark = session.outputCount
    session.type("\r")
    #expect(await session.waitForOutput(containing: "open issues", after: mark))
    #expect(await session.waitForOutput(containing: "Esc close", after: mark))
    // Escape closes the pane, and the search goes on.
    mark = session.outputCount
    session.type("\u{1B}")
    #expect(await session.waitForOutput(containing: "Esc quit", after: mark))
    #expect(session.process.isRunning)
    // With no pane open, Escape quits.
    session.type("\u{1B}")
    #expect(await session.waitForExit()?.status == 0)
  }

  @Test func anUnknownCommandNamesItsLineAndExitsTwoBeforeAnythingRuns() async throws {
    let result = try await script("# fine\nquery swift\n\nfly away\n")
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("github-search: line 4: unknown command \"fly\""))
    #expect(result.standardOutput.isEmpty)
  }
}
