/// The options both examples take, parsed the same way in both.
///
/// ```
/// [--offline | --api-url URL] [--json] [--script FILE] [--debounce-ms N] [-h | --help]
/// ```
public struct CommonOptions: Sendable, Equatable {
  /// Where requests go.
  public var server = APIServer.gitHub
  /// Whether to print JSON lines instead of text.
  public var json = false
  /// `--script`'s value (`-` for standard input), or `nil`.
  public var scriptPath: String?
  /// How long typing must pause before a request.
  public var debounce = Duration.milliseconds(300)
  /// Whether `-h` or `--help` was given.
  public var showHelp = false

  /// Makes the defaults.
  public init() {}

  /// Reads `option` if it is one of these; returns `false` for another.
  public mutating func read(
    _ option: String, from parser: inout OptionParser
  ) throws(UsageError) -> Bool {
    switch option {
    case "-h", "--help": showHelp = true
    case "--offline": try server.choose(.offline)
    case "--api-url": try server.choose(.custom(try parser.httpURL()))
    case "--json": json = true
    case "--script": scriptPath = try parser.value()
    case "--debounce-ms": debounce = try parser.milliseconds()
    default: return false
    }
    return true
  }
}
