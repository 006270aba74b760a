/// The options both examples take, parsed the same way in both.
///
/// ```
/// [--offline | --api-url URL] [--json] [--script FILE] [--debounce-ms N]
/// [--record FILE | --replay FILE] [--state-dir DIR | --no-state] [-h | --help]
/// ```
///
/// `--replay FILE` takes only `--json` (``checkReplay(given:)``). Where saved state lives follows
/// from these options (``StateLocation/forRun(_:isInteractive:environment:currentDirectory:)``).
public struct CommonOptions: Sendable, Equatable {
  /// Where requests go.
  public var server = APIServer.gitHub
  /// Whether to print JSON lines instead of text.
  public var json = false
  /// `--script`'s value (`-` for standard input), or `nil`.
  public var scriptPath: String?
  /// How long typing must pause before a request.
  public var debounce = Duration.milliseconds(300)
  /// `--record`'s value: the file the session is recorded to, or `nil`.
  public var recordPath: String?
  /// `--replay`'s value: the recording whose states are printed, or `nil`.
  public var replayPath: String?
  /// `--state-dir`'s value: the directory saved state is kept in, or `nil`.
  public var stateDirectoryPath: String?
  /// Whether `--no-state` was given: nothing is restored or saved.
  public var noState = false
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
    case "--record": recordPath = try parser.value()
    case "--replay": replayPath = try parser.value()
    case "--state-dir":
      let path = try parser.value()
      guard !path.isEmpty else { throw UsageError("--state-dir needs a directory, not \"\"") }
      guard !noState else { throw Self.stateConflict }
      stateDirectoryPath = path
    case "--no-state":
      guard stateDirectoryPath == nil else { throw Self.stateConflict }
      noState = true
    default: return false
    }
    return true
  }

  /// `--state-dir` and `--no-state` together: one says where to keep state, the other to keep
  /// none.
  static let stateConflict = UsageError(
    "--state-dir keeps saved state in a directory and --no-state keeps none: give one of them")

  /// The options `--replay` takes: it prints a recorded session, so any other would be ignored.
  static let replayOptions: Set<String> = ["--replay", "--json", "-h", "--help"]

  /// Refuses an option that `--replay` would ignore; call it once the command line is read,
  /// with the names of the options it held (app-specific ones included), in order.
  public func checkReplay(given options: [String]) throws(UsageError) {
    guard replayPath != nil, let other = options.first(where: { !Self.replayOptions.contains($0) })
    else { return }
    throw UsageError("--replay prints a recorded session; it takes only --json, not \(other)")
  }
}
