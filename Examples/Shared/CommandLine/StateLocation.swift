import Foundation

/// Where an example keeps what it remembers between runs (github-search's query history,
/// signup's username draft), as the command line and the environment decide.
///
/// By default, interactive runs keep it in ``defaultDirectoryDescription``: on Linux
/// `$XDG_STATE_HOME/reactors-examples/` (`~/.local/state/reactors-examples/` when
/// `XDG_STATE_HOME` is unset, empty or relative, as the XDG spec says), on Apple systems
/// `~/Library/Application Support/reactors-examples/`. `--state-dir DIR` puts it in DIR,
/// `--no-state` turns it off. Scripted, `--json` and `--replay` runs keep nothing unless
/// `--state-dir` is given, so that they stay reproducible.
public enum StateLocation: Sendable, Equatable {
  /// Nothing is read or written.
  case off
  /// Saved state lives in this directory.
  case directory(URL)
  /// Saved state would be kept, but no directory could be found for it (no home directory):
  /// the reason, for the app to show, and nothing is read or written.
  case unavailable(String)

  /// The name of the directory both examples share under the platform's state directory.
  public static let directoryName = "reactors-examples"

  /// How `--help` names the default directory: indented lines of 80 columns at most.
  public static var defaultDirectoryDescription: String {
    #if canImport(Darwin)
    "  ~/Library/Application Support/\(directoryName)/"
    #else
    """
      $XDG_STATE_HOME/\(directoryName)/
      (~/.local/state/\(directoryName)/ when XDG_STATE_HOME is unset)
    """
    #endif
  }

  /// The location for a run with `options`, interactive or not.
  ///
  /// - Parameters:
  ///   - options: The command line; `--state-dir` and `--no-state` decide first.
  ///   - isInteractive: Whether the run draws the interactive UI; scripted and `--json` runs
  ///     keep nothing unless `--state-dir` is given.
  ///   - environment: Where `XDG_STATE_HOME` and `HOME` are read.
  ///   - currentDirectory: What a relative `--state-dir` is relative to.
  public static func forRun(
    _ options: CommonOptions, isInteractive: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> StateLocation {
    if options.noState || options.replayPath != nil { return .off }
    if let path = options.stateDirectoryPath {
      let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
      return .directory(URL(fileURLWithPath: path, isDirectory: true, relativeTo: base).absoluteURL)
    }
    guard isInteractive, !options.json, options.scriptPath == nil else { return .off }
    guard let directory = defaultDirectory(environment: environment) else {
      return .unavailable(
        "nothing is remembered: no home directory was found (give --state-dir DIR)")
    }
    return .directory(directory)
  }

  /// The platform's default directory, or `nil` without a home directory to put it in.
  public static func defaultDirectory(environment: [String: String]) -> URL? {
    #if canImport(Darwin)
    guard let home = homeDirectory(environment: environment) else { return nil }
    return home.appendingPathComponent("Library/Application Support/\(directoryName)")
    #else
    // The XDG spec: a relative path is invalid and is ignored.
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state, isDirectory: true)
        .appendingPathComponent(directoryName, isDirectory: true)
    }
    guard let home = homeDirectory(environment: environment) else { return nil }
    return home.appendingPathComponent(".local/state/\(directoryName)", isDirectory: true)
    #endif
  }

  /// `HOME` when it is an absolute path; otherwise the user database's, as a shell finds it.
  private static func homeDirectory(environment: [String: String]) -> URL? {
    if let home = environment["HOME"], home.hasPrefix("/") {
      return URL(fileURLWithPath: home, isDirectory: true)
    }
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    let path = String(cString: directory)
    return path.hasPrefix("/") ? URL(fileURLWithPath: path, isDirectory: true) : nil
  }

  /// The file named `name` in the directory, or `nil` when nothing is kept.
  public func file(named name: String) -> URL? {
    guard case .directory(let directory) = self else { return nil }
    return directory.appendingPathComponent(name, isDirectory: false)
  }
}
