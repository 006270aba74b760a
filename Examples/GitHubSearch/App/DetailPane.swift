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
///
/// In a short window it gives up rows, least useful first: the empty status row, the
/// description, the counts; the title, a spinner or error, and the address stay longest.
enum DetailPane {
  /// The most rows the pane takes.
  static let rows = 5

  static func lines(
    _ detail: RepositoryDetailReactor.State, width: Int, rows: Int, spinner: String, now: Date,
    server: String
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
      status = Line("✗ " + error.message(now: now, server: server), style: .foreground(.red))
    }
    // In display order, each with its priority: the lowest numbers stay when rows run out.
    let lines: [(Line, priority: Int)] = [
      (rule, 0),
      (Line(description ?? "No description.", style: description == nil ? .dim : .plain), 3),
      (counts, 2),
      (Line(detail.htmlURL.absoluteString, style: .foreground(.green)), 1),
      (status, status.text.isEmpty ? 4 : 0),
    ]
    let kept = Set(
      lines.indices.sorted { (lines[$0].priority, $0) < (lines[$1].priority, $1) }.prefix(rows))
    return lines.indices.filter(kept.contains).map {
      lines[$0].0.truncated(toDisplayWidth: width)
    }
  }
}
