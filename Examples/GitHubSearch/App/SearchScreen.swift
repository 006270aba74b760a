import Foundation
import GitHubSearchKit
import TerminalUI

/// Draws the interactive search: the query field, a status line, the result list, the open
/// repository's detail (``DetailPane``), the error line and the key help.
///
/// ```
/// Search GitHub › swift▏                                          offline · 127.0.0.1:40123
/// 713 repositories · 30 loaded
/// ────────────────────────────────────────────────────────────────────────────────────────
/// › owner/swift-json            ★ 1.2k  Swift       A fast json library for Swift
///   owner/swiftkit              ★   87  Rust        Experiments with cache and http in Rust
/// …
/// ⠙ loading page 2…
///
/// ↑↓ PgUp PgDn move · Enter details · Ctrl-R retry · Esc quit
/// ```
enum SearchScreen {
  /// Rows above the list (field, status, rule) and below it (error, help).
  static let chromeRows = 5

  /// How many list rows fit in a window of `size`, beside the detail pane if one is open.
  static func listHeight(for size: TerminalSize, search: GitHubSearchReactor.State) -> Int {
    max(1, size.rows - chromeRows - (search.detail == nil ? 0 : DetailPane.rows))
  }

  /// What the interactive mode keeps besides the reactor's state.
  struct Local {
    var editor = LineEditor()
    var viewport = ListViewport()
    var spinner = Spinner()
  }

  static func frame(
    search: GitHubSearchReactor.State, local: Local, size: TerminalSize, now: Date, source: String
  ) -> Frame {
    let width = max(size.columns, 10)
    var frame = Frame()

    // The query field, with where the search goes on the right.
    let label = "Search GitHub › "
    let sourceText = source.truncated(toDisplayWidth: max(0, width / 3))
    let fieldWidth = max(1, width - label.displayWidth - sourceText.displayWidth - 2)
    let (shown, cursorColumn) = local.editor.visibleText(width: fieldWidth)
    var field = Line(label, style: .bold)
    field.append(shown.padded(toDisplayWidth: fieldWidth + 2))
    field.append(sourceText, style: .dim)
    frame.append(field)
    frame.cursor = Frame.Cursor(row: 0, column: label.displayWidth + cursorColumn)

    frame.append(statusLine(search, spinner: local.spinner.frame))
    frame.append(Line(String(repeating: "─", count: width), style: .dim))

    // The list, and what is under its last item.
    let height = listHeight(for: size, search: search)
    let visible = search.repositories.dropFirst(local.viewport.offset).prefix(height)
    for (index, repository) in zip(visible.indices, visible) {
      frame.append(row(repository, width: width, isSelected: index == local.viewport.selection))
    }
    if visible.count < height, let footer = footer(search, spinner: local.spinner.frame) {
      frame.append(footer)
    }
    while frame.lines.count < 3 + height { frame.append(Line()) }
    if let detail = search.detail {
      for line in DetailPane.lines(detail, width: width, spinner: local.spinner.frame, now: now) {
        frame.append(line)
      }
    }

    frame.append(errorLine(search, now: now))
    let escape = search.detail == nil ? "Esc quit" : "Esc close"
    frame.append(
      Line("↑↓ PgUp PgDn move · Enter details · Ctrl-R retry · \(escape)", style: .dim))
    return frame
  }

  private static func statusLine(_ search: GitHubSearchReactor.State, spinner: String) -> Line {
    if search.query.isEmpty {
      return Line("Type to search repositories; results appear as you type.", style: .dim)
    }
    if search.isLoadingFirstPage {
      var line = Line(spinner + " ", style: .foreground(.cyan))
      line.append("searching for “\(search.query)”…")
      return line
    }
    guard let total = search.totalCount else {
      return search.error == nil ? Line() : Line("The search failed.", style: .dim)
    }
    if total == 0 { return Line("No repositories match “\(search.query)”.") }
    var line = Line("\(total) repositories", style: .bold)
    if search.repositories.count < total {
      line.append(" · \(search.repositories.count) loaded", style: .dim)
    }
    if total > GitHubConfiguration.resultCap {
      line.append(" · GitHub lists the first 1000", style: .dim)
    }
    if search.isIncomplete {
      line.append(" · incomplete results", style: .foreground(.yellow))
    }
    if search.skippedItemCount > 0 {
      line.append(" · \(search.skippedItemCount) malformed skipped", style: .foreground(.yellow))
    }
    if search.isLoadingNextPage {
      line.append(
        "  \(spinner) loading page \(search.nextPage?.number.map(String.init) ?? "")…",
        style: .foreground(.cyan))
    }
    return line
  }

  private static func row(_ repository: Repository, width: Int, isSelected: Bool) -> Line {
    let nameWidth = min(36, max(12, width / 3))
    func style(_ base: TextStyle) -> TextStyle {
      var style = base
      style.inverse = isSelected
      return style
    }
    var line = Line(isSelected ? "› " : "  ", style: style(.bold))
    line.append(
      repository.fullName.truncated(toDisplayWidth: nameWidth, ellipsis: "…")
        .padded(toDisplayWidth: nameWidth + 1), style: style(.bold))
    line.append(
      "★" + compact(repository.stargazersCount).leftPadded(to: 5) + "  ",
      style: style(.foreground(.yellow)))
    line.append(
      (repository.language ?? "—").truncated(toDisplayWidth: 12, ellipsis: "…")
        .padded(toDisplayWidth: 14), style: style(.foreground(.cyan)))
    let used = line.displayWidth
    let description = SearchError.oneLine(repository.description ?? "", limit: 300)
    let room = max(0, width - used)
    let shown = repository.description == nil ? "" : description
    line.append(
      shown.truncated(toDisplayWidth: room, ellipsis: "…")
        .padded(toDisplayWidth: isSelected ? room : 0), style: style(.plain))
    return line
  }

  private static func footer(_ search: GitHubSearchReactor.State, spinner: String) -> Line? {
    if search.isLoadingNextPage {
      var line = Line(spinner + " ", style: .foreground(.cyan))
      line.append(search.nextPage?.number.map { "loading page \($0)…" } ?? "loading more…")
      return line
    }
    guard !search.repositories.isEmpty, !search.hasNextPage, search.error == nil else {
      return nil
    }
    let text =
      (search.totalCount ?? 0) > GitHubConfiguration.resultCap
      ? "— the end: GitHub lists only the first 1000 results —" : "— the end —"
    return Line(text, style: .dim)
  }

  private static func errorLine(_ search: GitHubSearchReactor.State, now: Date) -> Line {
    if let error = search.error {
      if case .rateLimited(let until) = error, error.isRateLimit(at: now) {
        let seconds = Int(until.timeIntervalSince(now).rounded(.up))
        let time = until.formatted(date: .omitted, time: .standard)
        var line = Line("✗ rate limited by GitHub: ", style: .foreground(.red))
        line.append("retrying in \(seconds) s (at \(time))", style: .bold)
        line.append("  · a GITHUB_TOKEN raises the limit", style: .dim)
        return line
      }
      var line = Line("✗ " + error.message(now: now), style: .foreground(.red))
      if search.failedPage != nil, error.isRetryable {
        line.append("  · Ctrl-R to retry", style: .dim)
      } else if case .invalidQuery = error {
        line.append("  · edit the query", style: .dim)
      }
      return line
    }
    return Line()
  }

  /// `987`, `1.2k`, `12k`, `1.3M`.
  static func compact(_ count: Int) -> String {
    switch count {
    case ..<1000: return String(count)
    case ..<10_000:
      return String(format: "%.1fk", Double(count) / 1000).replacingOccurrences(
        of: ".0k", with: "k")
    case ..<1_000_000: return "\(count / 1000)k"
    default:
      return String(format: "%.1fM", Double(count) / 1_000_000)
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - displayWidth)) + self
  }
}
