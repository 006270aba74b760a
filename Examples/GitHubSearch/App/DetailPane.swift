import Foundation
import GitHubSearchKit
import TerminalUI

/// Draws the open repository's detail under the result list: a titled rule, the description,
/// the counts, the address, and the spinner or the error.
///
/// ```
/// ── apple/swift ──────────────────────────────────────────────────────────
/// The Swift Programming Language
/// ★ 67k · 10k forks · 512 open issues · branch main
/// https://github.com/apple/swift
/// ⠙ loading…
/// ```
enum DetailPane {
  /// The rows the pane takes.
  static let rows = 5

  static func lines(
    _ detail: RepositoryDetailReactor.State, width: Int, spinner: String, now: Date
  ) -> [Line] {
    let title = "── \(detail.fullName) "
    var rule = Line(title.truncated(toDisplayWidth: width, ellipsis: "…"), style: .bold)
    rule.append(String(repeating: "─", count: max(0, width - title.displayWidth)), style: .dim)

    let description = detail.description.map { SearchError.oneLine($0, limit: 300) }
    var counts = Line("★ " + SearchScreen.compact(detail.stars), style: .foreground(.yellow))
    if let forks = detail.forks { counts.append(" · \(SearchScreen.compact(forks)) forks") }
    if let openIssues = detail.openIssues {
      counts.append(" · \(SearchScreen.compact(openIssues)) open issues")
    }
    if let defaultBranch = detail.defaultBranch {
      counts.append(" · branch ", style: .dim)
      counts.append(defaultBranch, style: .foreground(.cyan))
    }

    var status = Line()
    if detail.isLoading {
      status = Line(spinner + " ", style: .foreground(.cyan))
      status.append("loading…")
    } else if let error = detail.error {
      status = Line("✗ " + error.message(now: now), style: .foreground(.red))
    }
    return [
      rule,
      Line(description ?? "No description.", style: description == nil ? .dim : .plain),
      counts,
      Line(detail.htmlURL.absoluteString, style: .foreground(.green)),
      status,
    ]
  }
}
