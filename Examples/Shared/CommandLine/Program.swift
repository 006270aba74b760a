#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An example executable's name and its ways to report and end, the same in both:
/// `name: message` on standard error; status 1 for a failure, 2 for a usage error (a bad
/// command line or script).
///
/// ```swift
/// let program = Program(name: "signup")
/// do { options = try SignupOptions.parse(arguments) } catch { program.exit(error) }
/// ```
public struct Program: Sendable {
  /// The name messages start with.
  public let name: String

  /// Makes a program called `name`.
  public init(name: String) {
    self.name = name
  }

  /// Writes `name: message` to standard error, control characters escaped.
  public func printError(_ message: String) {
    OutputFile.standardError.writeLine("\(name): \(message.escapingControlCharacters)")
  }

  /// Reports a usage error with a pointer to `--help`, and exits with status 2.
  public func exit(_ error: UsageError) -> Never {
    printError(error.message)
    OutputFile.standardError.writeLine("Run '\(name) --help' for usage.")
    systemExit(2)
  }

  /// Reports a script that cannot run, and exits with status 2.
  public func exit(_ error: ScriptError) -> Never {
    printError(error.description)
    systemExit(2)
  }

  /// Reports a failure, and exits with status 1.
  public func fail(_ message: String) -> Never {
    printError(message)
    systemExit(1)
  }
}

/// `exit(3)`, named apart from `Program.exit(_:)`.
private func systemExit(_ status: Int32) -> Never {
  #if canImport(Darwin)
  Darwin.exit(status)
  #else
  Glibc.exit(status)
  #endif
}
