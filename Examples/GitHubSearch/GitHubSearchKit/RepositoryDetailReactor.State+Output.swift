import ExampleCommandLine
import Foundation

extension RepositoryDetailReactor.State {
  /// The detail as the scripted mode's state line ends: the name, then what is known.
  ///
  /// ```
  /// apple/swift: loading…
  /// apple/swift ★67000 · 10321 forks · 512 open issues · default branch main
  /// apple/swift: error: GitHub is unavailable (HTTP 503); try again later
  /// ```
  func outputSummary(now: Date, server: String) -> String {
    if isLoading { return fullName + ": loading…" }
    if let error { return fullName + ": error: " + error.message(now: now, server: server) }
    var parts = ["\(fullName) ★\(stars)"]
    if let forks { parts.append("\(forks) forks") }
    if let openIssues { parts.append("\(openIssues) open issues") }
    if let defaultBranch { parts.append("default branch \(defaultBranch)") }
    return parts.joined(separator: " · ")
  }

  /// The detail as the `detail` of the scripted mode's JSON lines: `fullName`, `isLoading`,
  /// `description`, `stars`, `forks`, `openIssues`, `defaultBranch` (each `null` until known) and
  /// `error` (`null` or a one-line message, naming `server` as who answered).
  public func outputJSON(now: Date = Date(), server: String = "GitHub") -> JSONValue {
    .object([
      ("fullName", .string(fullName)),
      ("isLoading", .bool(isLoading)),
      ("description", .string(orNull: description)),
      ("stars", .integer(stars)),
      ("forks", .integer(orNull: forks)),
      ("openIssues", .integer(orNull: openIssues)),
      ("defaultBranch", .string(orNull: defaultBranch)),
      ("error", .string(orNull: error?.message(now: now, server: server))),
    ])
  }
}
