import Foundation

/// Reads a command line one option at a time, for a `switch` over the options' names; the
/// arguments that are not options are collected as ``operands``.
///
/// ```swift
/// var parser = OptionParser(CommandLine.arguments.dropFirst())
/// while let option = try parser.nextOption() {
///   switch option {
///   case "--json": options.json = true
///   case "--pages": options.pages = try parser.integer(in: 1...1000)
///   default: throw parser.unknownOption()
///   }
/// }
/// let words = parser.operands
/// ```
///
/// A value follows its option (`--pages 3`) or is attached with `=` (`--pages=3`). An option
/// that takes no value refuses an attached one. `--` ends the options; `-` alone is an operand.
/// A missing value is reported as such even when another option stands in its place
/// (`--script --json`), so `--seed -1` reaches the number check while `--pages --json` does not.
public struct OptionParser {
  private var remaining: ArraySlice<String>
  private var option = ""
  private var attachedValue: String?
  /// The arguments that are not options or their values, in order.
  public private(set) var operands: [String] = []

  /// Makes a parser for `arguments`, the program's name left out.
  public init(_ arguments: some Sequence<String>) {
    remaining = ArraySlice(arguments)
  }

  /// The name of the next option (`--json`, `-h`), or `nil` once none is left.
  ///
  /// - Throws: ``UsageError`` when the previous option was given a value it does not take.
  public mutating func nextOption() throws(UsageError) -> String? {
    if attachedValue != nil { throw UsageError("\(option) takes no value") }
    while let argument = remaining.popFirst() {
      if argument == "--" {
        operands += remaining
        remaining = []
        return nil
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        operands.append(argument)
        continue
      }
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        option = String(argument[..<equals])
        attachedValue = String(argument[argument.index(after: equals)...])
      } else {
        option = argument
      }
      return option
    }
    return nil
  }

  /// The current option's value.
  public mutating func value() throws(UsageError) -> String {
    if let attachedValue {
      self.attachedValue = nil
      return attachedValue
    }
    guard let next = remaining.first, !next.hasPrefix("--") else {
      throw UsageError("\(option) needs a value")
    }
    remaining.removeFirst()
    return next
  }

  /// The current option's value as a whole number in `range`.
  public mutating func integer<Integer: FixedWidthInteger>(
    in range: ClosedRange<Integer>
  ) throws(UsageError) -> Integer {
    let text = try value()
    guard let number = Integer(text), range.contains(number) else {
      throw UsageError(
        "\(option) needs a whole number from \(range.lowerBound) to \(range.upperBound), "
          + "not \(Self.quoted(text))")
    }
    return number
  }

  /// The current option's value as a number in `range`, fractions allowed.
  public mutating func number(in range: ClosedRange<Double>) throws(UsageError) -> Double {
    let text = try value()
    guard let number = Double(text), range.contains(number) else {
      throw UsageError(
        "\(option) needs a number from \(Self.format(range.lowerBound)) to "
          + "\(Self.format(range.upperBound)), not \(Self.quoted(text))")
    }
    return number
  }

  /// The current option's value as milliseconds, from 0 to `maximum`.
  public mutating func milliseconds(upTo maximum: Int = 600_000) throws(UsageError) -> Duration {
    .milliseconds(try integer(in: 0...maximum))
  }

  /// The current option's value as an `http` or `https` URL with a host.
  public mutating func httpURL() throws(UsageError) -> URL {
    let text = try value()
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else {
      throw UsageError("\(option) needs an http or https URL, not \(Self.quoted(text))")
    }
    return url
  }

  /// The error for an option the program does not know.
  public func unknownOption() -> UsageError {
    UsageError("unknown option \(Self.quoted(option))")
  }

  /// `text` in quotes, escaped, cut to a readable length.
  static func quoted(_ text: String) -> String {
    JSONValue.quoted(text.count > 60 ? text.prefix(59) + "…" : text)
  }

  private static func format(_ number: Double) -> String {
    number.rounded() == number ? String(Int(number)) : String(number)
  }
}
