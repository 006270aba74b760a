import ExampleCommandLine
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct OptionParserTests {
  /// The options and operands of `arguments`, with each option's value read as `read` says.
  func parse(
    _ arguments: [String],
    read: (inout OptionParser, String) throws(UsageError) -> String = {
      _, _ in ""
    }
  ) throws(UsageError) -> (options: [String], operands: [String]) {
    var parser = OptionParser(arguments)
    var options: [String] = []
    while let option = try parser.nextOption() {
      options.append(option + (try read(&parser, option)))
    }
    return (options, parser.operands)
  }

  @Test func optionsAndOperandsComeApartAndDoubleDashEndsTheOptions() throws {
    let result = try parse(["swift", "--json", "-", "-h", "--", "--pages", "x"])
    #expect(result.options == ["--json", "-h"])
    #expect(result.operands == ["swift", "-", "--pages", "x"])
  }

  @Test func aValueFollowsItsOptionOrIsAttachedWithAnEqualsSign() throws {
    let result = try parse(["--script", "a b", "--script=c=d", "--seed", "-1"]) {
      parser, _ throws(UsageError) in "=" + (try parser.value())
    }
    #expect(result.options == ["--script=a b", "--script=c=d", "--seed=-1"])
  }

  @Test(arguments: [
    (["--json=yes"], "--json takes no value"),
    (["--script"], "--script needs a value"),
    (["--script", "--json"], "--script needs a value"),
  ])
  func aMisplacedValueIsAUsageError(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) {
      try parse(arguments) { parser, option throws(UsageError) in
        option == "--script" ? try parser.value() : ""
      }
    }
  }

  @Test(arguments: [
    ("--pages", "3", "3"),
    ("--pages", "0", "--pages needs a whole number from 1 to 1000, not \"0\""),
    ("--pages", "1e3", "--pages needs a whole number from 1 to 1000, not \"1e3\""),
    ("--pages", "99999999999999999999", "--pages needs a whole number from 1 to 1000, not "),
  ])
  func wholeNumbersAreCheckedAgainstTheirRange(option: String, value: String, outcome: String) {
    var parser = OptionParser([option, value])
    do {
      _ = try parser.nextOption()
      #expect(String(try parser.integer(in: 1...1000)) == outcome)
    } catch {
      #expect(error.message.hasPrefix(outcome))
    }
  }

  @Test func aNegativeSeedIsRefusedWithTheRangeNotAsNotANumber() {
    var parser = OptionParser(["--seed", "-1"])
    #expect(
      throws: UsageError("--seed needs a whole number from 0 to 18446744073709551615, not \"-1\"")
    ) {
      _ = try parser.nextOption()
      _ = try parser.integer(in: 0...UInt64.max)
    }
  }

  @Test(arguments: [("0.25", true), ("1", true), ("1.5", false), ("nan", false), ("-0.1", false)])
  func fractionsAreCheckedAgainstTheirRange(value: String, isAccepted: Bool) throws {
    var parser = OptionParser(["--rate", value])
    _ = try parser.nextOption()
    if isAccepted {
      #expect(try parser.number(in: 0...1) == Double(value))
    } else {
      #expect(throws: UsageError("--rate needs a number from 0 to 1, not \"\(value)\"")) {
        try parser.number(in: 0...1)
      }
    }
  }

  @Test func millisecondsAreAWholeNumberUpToTheLimit() throws {
    var parser = OptionParser(["--debounce-ms", "250", "--debounce-ms", "600001"])
    _ = try parser.nextOption()
    #expect(try parser.milliseconds() == .milliseconds(250))
    _ = try parser.nextOption()
    #expect(throws: UsageError.self) { try parser.milliseconds() }
  }

  @Test(arguments: [
    ("https://ghe.example.com/api/v3", true), ("HTTP://127.0.0.1:8080", true),
    ("ftp://example.com", false), ("not a url", false), ("https://", false),
  ])
  func anAPIURLIsHTTPWithAHost(text: String, isAccepted: Bool) throws {
    var parser = OptionParser(["--api-url", text])
    _ = try parser.nextOption()
    if isAccepted {
      #expect(try parser.httpURL() == URL(string: text))
    } else {
      #expect(throws: UsageError("--api-url needs an http or https URL, not \"\(text)\"")) {
        try parser.httpURL()
      }
    }
  }

  @Test func anUnknownOptionIsNamedQuotedAndEscaped() throws {
    var parser = OptionParser(["--bo\u{1B}gus"])
    _ = try parser.nextOption()
    #expect(parser.unknownOption() == UsageError(#"unknown option "--bo\u001bgus""#))
  }
}
