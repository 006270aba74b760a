/// An example's command line: its usage text, its parser, and the options both examples share.
public protocol CommandLineOptions {
  /// What `--help` prints.
  static var usage: String { get }
  /// Parses the arguments after the program's name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Self
  /// The options both examples take.
  var common: CommonOptions { get }
}
