import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CommonOptionsTests {
  /// The common options of `arguments`, checked as the apps check them; every argument must be
  /// one of them.
  func parse(_ arguments: [String]) throws(UsageError) -> CommonOptions {
    var options = CommonOptions()
    var parser = OptionParser(arguments)
    var given: [String] = []
    while let option = try parser.nextOption() {
      given.append(option)
      guard try options.read(option, from: &parser) else { throw parser.unknownOption() }
    }
    try options.checkReplay(given: given)
    return options
  }

  @Test func recordAndReplayTakeAFile() throws {
    #expect(try parse(["--record", "a.jsonl", "--json"]).recordPath == "a.jsonl")
    #expect(try parse(["--replay=b.jsonl"]).replayPath == "b.jsonl")
  }

  @Test(arguments: [
    (["--replay", "a", "--record", "b"], "--record"),
    (["--record", "b", "--replay", "a"], "--record"),
    (["--script", "s", "--replay", "a"], "--script"),
    (["--replay", "a", "--offline"], "--offline"),
    (["--api-url", "https://ghe.example.com/api/v3", "--replay", "a"], "--api-url"),
    (["--replay", "a", "--json", "--debounce-ms", "5"], "--debounce-ms"),
  ])
  func replayTakesOnlyJSON(arguments: [String], refused: String) {
    #expect(
      throws: UsageError(
        "--replay prints a recorded session; it takes only --json, not \(refused)")
    ) { try parse(arguments) }
  }

  @Test func replayWithJSONOrHelpIsFine() throws {
    #expect(try parse(["--replay", "a", "--json"]).replayPath == "a")
    #expect(try parse(["--json", "--replay", "a", "--help"]).showHelp)
  }

  @Test func stateDirAndNoStateAreReadAndContradictEachOther() throws {
    #expect(try parse(["--state-dir", "/tmp/s"]).stateDirectoryPath == "/tmp/s")
    #expect(try parse(["--no-state"]).noState)
    let conflict = UsageError(
      "--state-dir keeps saved state in a directory and --no-state keeps none: give one of them")
    #expect(throws: conflict) { try parse(["--state-dir", "s", "--no-state"]) }
    #expect(throws: conflict) { try parse(["--no-state", "--state-dir=s"]) }
    #expect(throws: UsageError("--state-dir needs a directory, not \"\"")) {
      try parse(["--state-dir="])
    }
  }

  @Test(arguments: ["--state-dir", "--no-state"])
  func replayRefusesTheStateOptionsAsItNeverTouchesSavedState(option: String) {
    let arguments = option == "--no-state" ? [option] : [option, "/tmp/s"]
    #expect(
      throws: UsageError("--replay prints a recorded session; it takes only --json, not \(option)")
    ) { try parse(["--replay", "a"] + arguments) }
  }

  @Test func aFileIsRequired() {
    #expect(throws: UsageError.self) { try parse(["--record"]) }
  }
}
