import Foundation

/// An example executable's name and its ways to report and end, the same in both:
/// `name: message` on standard error; status 1 for a failure, 2 for a bad command line or script.
public struct Program: Sendable {
  /// The name messages start with.
  public let name: String

  /// Makes a program called `name`.
  public init(name: String) {
    self.name = name
  }

  /// Checks the standard descriptors (``StandardDescriptors``), sets up the signals
  /// (``ProcessSignals/prepare()``) and parses the command line; prints the usage and exits for
  /// `--help`, or says what is wrong and exits with status 2. A closed standard output ends the
  /// program with status 1: nothing it prints could be seen.
  public func start<Options: CommandLineOptions>(
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) -> Options {
    if StandardDescriptors.closedAtStart.contains(STDOUT_FILENO) {
      fail("standard output is closed, so nothing could be shown (to discard it: >/dev/null)")
    }
    ProcessSignals.prepare()
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      end(with: error)
    }
    if options.common.showHelp {
      OutputFile.standardOutput.writeLine(Options.usage)
      exit(0)
    }
    return options
  }

  /// The script's commands with their lines' numbers, read and checked whole before anything
  /// starts (or the program ends with status 2); `nil` for the interactive mode (``RunMode``).
  public func readScript<Command>(
    _ options: CommonOptions, as command: (ScriptLine) throws(ScriptError) -> Command
  ) -> [(line: Int, command: Command)]? {
    do {
      guard
        case .script(let path) = try RunMode.choose(
          scriptPath: options.scriptPath, json: options.json)
      else {
        return nil
      }
      if path == nil, isatty(STDIN_FILENO) == 1 {
        // `--script -` on a terminal: the script is read whole before it runs, so say how to end it.
        OutputFile.standardError.writeLine(
          "\(name): type one command per line; Ctrl-D on an empty line runs them")
      }
      return try ScriptReader.read(path: path).map { line throws(ScriptError) in
        (line.number, try command(line))
      }
    } catch let error as UsageError {
      end(with: error)
    } catch {
      printWrappedError("\(error)")
      exit(2)
    }
  }

  /// Writes `name: message` to standard error, control characters escaped.
  public func printError(_ message: String) {
    OutputFile.standardError.writeLine("\(name): \(message.escapingControlCharacters)")
  }

  /// Writes `name: message` to standard error, control characters escaped, in lines of 80
  /// columns at most, as `--help` is: for what the person gave wrong (an argument, a script, a
  /// recording, a setting), which they read at a terminal before anything runs.
  public func printWrappedError(_ message: String) {
    for line in Self.wrapped("\(name): \(message.escapingControlCharacters)") {
      OutputFile.standardError.writeLine(line)
    }
  }

  /// `text` in lines of `width` columns at most (8 at the least): broken between words, the
  /// lines after the first indented by two spaces, and a word longer than a line (a pasted
  /// argument) cut across lines rather than left to run past the edge.
  ///
  /// ```
  /// github-search: --replay prints a recorded session; it takes only --json, not
  ///   --offline
  /// ```
  static func wrapped(_ text: String, width: Int = 80) -> [String] {
    text.wrapped(toDisplayWidth: max(width, 8), continuationIndent: 2)
  }

  /// Reports a usage error, in lines of 80 columns as `--help` is, with a pointer to `--help`,
  /// and exits with status 2.
  public func end(with error: UsageError) -> Never {
    printWrappedError(error.message)
    OutputFile.standardError.writeLine("Run '\(name) --help' for usage.")
    exit(2)
  }

  /// Reports a failure, and exits with status 1.
  public func fail(_ message: String) -> Never {
    printError(message)
    exit(1)
  }
}
