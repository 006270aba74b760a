import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CommonOptionsTests {
  /// The common options of `arguments`; every argument must be one of them.
  func parse(_ arguments: [String]) throws(UsageError) -> CommonOptions {
    var options = CommonOptions()
    var parser = OptionParser(arguments)
    while let option = try parser.nextOption() {
      guard try options.read(option, from: &parser) else { throw parser.unknownOption() }
    }
    return options
  }

  @Test func recordAndReplayTakeAFile() throws {
    #expect(try parse(["--record", "a.jsonl", "--json"]).recordPath == "a.jsonl")
    #expect(try parse(["--replay=b.jsonl"]).replayPath == "b.jsonl")
  }

  @Test(arguments: [
    ["--replay", "a", "--record", "b"], ["--record", "b", "--replay", "a"],
    ["--script", "s", "--replay", "a"],
  ])
  func replayTakesNeitherRecordNorScript(arguments: [String]) {
    #expect(throws: UsageError.self) { try parse(arguments) }
  }

  @Test func aFileIsRequired() {
    #expect(throws: UsageError.self) { try parse(["--record"]) }
  }
}
