import Foundation

/// Reads a command line one option at a time, for a `switch` over the options' names; the other
/// arguments are ``operands``.
///
/// ```swift
/// while let option = try parser.nextOption() {
///   switch option {
///   case "--pages": options.pages = try parser.integer(in: 1...1000)
///   default: throw parser.unknownOption()
///   }
/// }
/// ```
///
/// A value follows its option (`--pages 3`) or is attached (`--pages=3`). `--` ends the options;
/// `-` is an operand. A value may start with `-` (`--seed -1`) but not with `--`.
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
      } else if !argument.hasPrefix("-") || argument == "-" {
        operands.append(argument)
      } else {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
          .map(String.init)
        option = argument.hasPrefix("--") ? parts[0] : argument
        attachedValue = argument.hasPrefix("--") && parts.count == 2 ? parts[1] : nil
        return option
      }
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
    return remaining.removeFirst()
  }

  /// The current option's value as a whole number in `range`.
  public mutating func integer<Integer: FixedWidthInteger>(
    in range: ClosedRange<Integer>
  ) throws(UsageError) -> Integer {
    try value(in: range, named: "whole number", parse: { Integer($0) }, show: { "\($0)" })
  }

  /// The current option's value as a number in `range`, fractions allowed.
  public mutating func number(in range: ClosedRange<Double>) throws(UsageError) -> Double {
    try value(in: range, named: "number", parse: Double.init) {
      $0.rounded() == $0 ? String(Int($0)) : String($0)
    }
  }

  /// The current option's value as milliseconds, from 0 to `maximum`.
  public mutating func milliseconds(upTo maximum: Int = 600_000) throws(UsageError) -> Duration {
    .milliseconds(try integer(in: 0...maximum))
  }

  /// The current option's value as an `http` or `https` URL with a host.
  public mutating func httpURL() throws(UsageError) -> URL {
    let text = try value()
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else { throw UsageError("\(option) needs an http or https URL, not \(Self.quoted(text))") }
    return url
  }

  /// The error for an option the program does not know.
  public func unknownOption() -> UsageError {
    UsageError("unknown option \(Self.quoted(option))")
  }

  private mutating func value<Number: Comparable>(
    in range: ClosedRange<Number>, named kind: String, parse: (String) -> Number?,
    show: (Number) -> String
  ) throws(UsageError) -> Number {
    let text = try value()
    guard let number = parse(text), range.contains(number) else {
      throw UsageError(
        "\(option) needs a \(kind) from \(show(range.lowerBound)) to \(show(range.upperBound)), "
          + "not \(Self.quoted(text))")
    }
    return number
  }

  /// `text` in quotes, escaped, cut to a readable length.
  static func quoted(_ text: String) -> String {
    JSONValue.quoted(text.count > 60 ? text.prefix(59) + "…" : text)
  }
}
