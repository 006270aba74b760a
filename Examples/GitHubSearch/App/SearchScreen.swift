import Foundation
import GitHubSearchKit
import TerminalUI

/// Draws the interactive search: the query field, the headline (status, or the error wrapped
/// right under it), the result list, the open repository's detail (``DetailPane``) and the key
/// hints.
///
/// ```
/// Search the offline catalog › swift▏                             offline · 127.0.0.1:40123
/// 713 repositories · 30 loaded
/// ────────────────────────────────────────────────────────────────────────────────────────
/// › owner/swift-json   ★  1.2k  Swift   A fast json library for Swift
///   owner/swiftkit     ★    87  Rust    Experiments with cache and http in Rust
/// …
/// ⠙ loading page 2…
/// ↑↓ move · PgUp PgDn page · Enter details · Ctrl-P/Ctrl-N history · Esc quit
/// ```
///
/// Small windows keep what matters: the query field and the key hints (which a replay leaves
/// out) always show; the list's columns are shared by priority (``TableColumn``) and cut with
/// "…"; the detail pane gives up its least useful rows first. While a new query's first page is on its way, the previous
/// results stay on screen, dimmed.
enum SearchScreen {
  /// Where the searches go, as the screen names it and advises on it.
  struct Server {
    /// Shown right of the query field: `offline · 127.0.0.1:40123`, `api.github.com`.
    var label: String
    /// Who errors are blamed on: `GitHub`, or `the offline server`.
    var name: String
    /// Whether setting `GITHUB_TOKEN` would raise a rate limit: online, with none set.
    var tokenRaisesRateLimit: Bool
    /// What the query field says is searched, longest first: the field shows the first that
    /// leaves the query most of the window, so offline never reads as a search of GitHub.
    var prompts = ["Search GitHub"]
    /// Whether the repositories come from the offline server's generated catalog, whose
    /// addresses look like GitHub's but were made up.
    var isOffline = false

    /// The server behind `apiURL`: the embedded offline server when `isOffline`, else GitHub
    /// (or GitHub Enterprise), with or without a token in `environment`.
    init(
      apiURL: URL, isOffline: Bool,
      environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
      let host = apiURL.host ?? apiURL.absoluteString
      if isOffline {
        label = "offline · \(host)\(apiURL.port.map { ":\($0)" } ?? "")"
        name = "the offline server"
        tokenRaisesRateLimit = false  // It never gets a token.
        prompts = ["Search the offline catalog", "Search offline", "Offline"]
        self.isOffline = true
      } else {
        label = host
        name = "GitHub"
        tokenRaisesRateLimit = GitHubToken.fromEnvironment(environment) == nil
      }
    }
  }

  /// What the interactive mode keeps besides the reactor's state.
  struct Local {
    var editor = LineEditor()
    var viewport = ListViewport()
    var spinner = Spinner()
    /// The walk through the query history that Ctrl-P and Ctrl-N are on, until the query is
    /// edited. The screen keeps it, not the reactor: it is the field's editing state, as the
    /// editor's cursor is, and it walks the history as it was when the walk began.
    var recall: HistoryRecall?
    /// What the saved state's file had to say (moved aside, not saved), shown under the status
    /// until the next key.
    var notice: String?
  }

  /// How the window's rows are shared, top to bottom, between the query field (1 row), the
  /// headline, the rule, the list, the detail pane and the key hints (1 row, unless left out).
  struct Layout: Equatable {
    var headlineRows: Int
    var hasRule: Bool
    var listRows: Int
    var detailRows: Int

    /// The field and the hints always (the hints unless `hasHints` is `false`); then the
    /// headline (its first row at least), the rule when there is room, and the rest split
    /// between the list and the detail pane, which takes at most its ``DetailPane/rows`` and
    /// leaves the list half the room or more.
    init(rows: Int, headlineLines: Int, hasDetail: Bool, hasHints: Bool = true) {
      var free = max(0, rows - (hasHints ? 2 : 1))
      headlineRows = min(free, max(1, min(headlineLines, free - 2)))
      free -= headlineRows
      hasRule = free >= 6
      if hasRule { free -= 1 }
      detailRows = hasDetail ? min(DetailPane.rows, max(free / 2, free - 3)) : 0
      listRows = free - detailRows
    }
  }

  /// How many list rows fit in a window of `size` for `search` at `now`: the page the arrow
  /// keys move by.
  static func listHeight(
    for size: TerminalSize, search: GitHubSearchReactor.State, now: Date, server: Server,
    hasHints: Bool = true, notice: String? = nil
  ) -> Int {
    let width = max(size.columns, 1)
    let headline =
      headlineLines(search, spinner: "", width: width, now: now, server: server)
      + noticeLines(notice, width: width)
    let layout = Layout(
      rows: size.rows, headlineLines: headline.count, hasDetail: search.detail != nil,
      hasHints: hasHints)
    return max(1, layout.listRows)
  }

  /// The screen; `hasHints: false` leaves out the key hints, for a replay, whose keys are not
  /// the search's.
  static func frame(
    search: GitHubSearchReactor.State, local: Local, size: TerminalSize, now: Date,
    server: Server, hasHints: Bool = true
  ) -> Frame {
    let width = max(size.columns, 1)
    var frame = Frame()

    // The query field, with where the search goes on the right when it fits whole in a third
    // of the window: an address cut short names nothing.
    let label = fieldLabel(server, width: width)
    let sourceText = width >= 60 && server.label.displayWidth <= width / 3 ? server.label : ""
    let sourceRoom = sourceText.isEmpty ? 0 : sourceText.displayWidth + 2
    let fieldWidth = max(1, width - label.displayWidth - sourceRoom)
    let (shown, cursorColumn) = local.editor.visibleText(width: fieldWidth)
    var field = Line(label, style: .bold)
    field.append(shown.padded(toDisplayWidth: fieldWidth + (sourceText.isEmpty ? 0 : 2)))
    field.append(sourceText, style: .dim)
    frame.append(field.truncated(toDisplayWidth: width))
    frame.cursor = Frame.Cursor(row: 0, column: label.displayWidth + cursorColumn)

    let headline =
      headlineLines(search, spinner: local.spinner.frame, width: width, now: now, server: server)
      + noticeLines(local.notice, width: width)
    let layout = Layout(
      rows: size.rows, headlineLines: headline.count, hasDetail: search.detail != nil,
      hasHints: hasHints)
    for line in headline.prefix(layout.headlineRows) { frame.append(line) }
    if layout.hasRule { frame.append(Line(String(repeating: "─", count: width), style: .dim)) }

    // The list (the previous query's, dimmed, until this one's first page comes), and what is
    // under its last item.
    let isStale = search.repositories.isEmpty && search.isLoadingFirstPage
    let repositories = isStale ? search.staleRepositories : search.repositories
    let visible = repositories.dropFirst(isStale ? 0 : local.viewport.offset)
      .prefix(layout.listRows)
    let widths = columnWidths(visible, width: width)
    var listLines = zip(visible.indices, visible).map { index, repository in
      row(
        repository, widths: widths, width: width,
        look: isStale ? .stale : index == local.viewport.selection ? .selected : .normal)
    }
    if !isStale, listLines.count < layout.listRows,
      let footer = footer(search, spinner: local.spinner.frame, server: server)
    {
      listLines.append(footer.truncated(toDisplayWidth: width))
    }
    while listLines.count < layout.listRows { listLines.append(Line()) }
    listLines.forEach { frame.append($0) }

    if let detail = search.detail {
      let lines = DetailPane.lines(
        detail, width: width, rows: layout.detailRows, spinner: local.spinner.frame, now: now,
        server: server)
      lines.forEach { frame.append($0) }
    }
    if hasHints { frame.append(KeyHint.line(hints(search, now: now), width: width)) }
    return frame
  }

  /// The query field's label: the first of the server's prompts that takes at most two fifths
  /// of the window (`Search GitHub › ` from 40 columns), else just `› `.
  static func fieldLabel(_ server: Server, width: Int) -> String {
    let labels = server.prompts.map { $0 + " › " }
    return labels.first { $0.displayWidth * 5 <= width * 2 } ?? "› "
  }

  // MARK: The headline

  /// The status line, and under it the error wrapped to the width; an error alone when no
  /// results came, so the reason is the first thing under the query.
  static func headlineLines(
    _ search: GitHubSearchReactor.State, spinner: String, width: Int, now: Date, server: Server
  ) -> [Line] {
    guard let error = search.error else {
      return [statusLine(search, spinner: spinner, server: server, width: width)]
    }
    let status =
      search.totalCount == nil
      ? [] : [statusLine(search, spinner: spinner, server: server, width: width)]
    return status + errorLines(error, search: search, width: width, now: now, server: server)
  }

  /// The most rows an error takes; a longer one ends with "…".
  static let errorRows = 3

  /// The most rows a notice about the saved state takes: it names two paths, which are long.
  static let noticeRows = 5

  /// A notice about the saved state, wrapped to the width, in ``noticeRows`` at most.
  static func noticeLines(_ notice: String?, width: Int) -> [Line] {
    guard let notice else { return [] }
    var lines = ("! " + notice.escapingControlCharacters)
      .wrapped(toDisplayWidth: width, continuationIndent: 2)
    if lines.count > noticeRows {
      lines = Array(lines.prefix(noticeRows))
      lines[noticeRows - 1] = (lines[noticeRows - 1] + " …")
        .truncated(toDisplayWidth: width, ellipsis: "…")
    }
    return lines.map { Line($0, style: .foreground(.yellow)) }
  }

  private static func errorLines(
    _ error: SearchError, search: GitHubSearchReactor.State, width: Int, now: Date,
    server: Server
  ) -> [Line] {
    var text: String
    if case .rateLimited(let until) = error, error.isRateLimit(at: now) {
      // The countdown says when the retry happens by itself: Ctrl-R would do nothing till then.
      let seconds = SearchError.wholeSeconds(from: now, to: until)
      let time = until.formatted(date: .omitted, time: .standard)
      text = "rate limited by \(server.name): retrying in \(seconds) s (at \(time))"
      if server.tokenRaisesRateLimit { text += " · a GITHUB_TOKEN raises the limit" }
    } else {
      text = error.message(now: now, server: server.name)
      if let page = search.failedPage, !page.isFirstPage { text = "loading more: " + text }
      if case .invalidQuery = error { text += " · edit the query" }
    }
    var lines = ("✗ " + text).wrapped(toDisplayWidth: width)
    if lines.count > errorRows {
      lines = Array(lines.prefix(errorRows))
      lines[errorRows - 1] = (lines[errorRows - 1] + " …")
        .truncated(toDisplayWidth: width, ellipsis: "…")
    }
    return lines.map { Line($0, style: .foreground(.red)) }
  }

  /// The status: what the list holds and what is on its way, in `width` columns. A note that
  /// does not fit whole is left out rather than cut to a fragment (`· the off…`); what is on its
  /// way goes last.
  private static func statusLine(
    _ search: GitHubSearchReactor.State, spinner: String, server: Server, width: Int
  ) -> Line {
    if search.query.isEmpty {
      return Line("Type to search repositories; results appear as you type.", style: .dim)
        .truncated(toDisplayWidth: width)
    }
    if search.isLoadingFirstPage {
      var line = Line(spinner + " ", style: .foreground(.cyan))
      line.append("searching for “\(search.query)”…")
      let isDimmed = search.repositories.isEmpty && !search.staleRepositories.isEmpty
      return fitting(
        line, isDimmed ? [(" · previous results dimmed", .dim, 0)] : [], width: width)
    }
    guard let total = search.totalCount else { return Line() }
    if total == 0 {
      return Line("No repositories match “\(search.query)”.").truncated(toDisplayWidth: width)
    }
    var notes: [(String, TextStyle, priority: Int)] = []
    if search.repositories.count < total {
      notes.append((" · \(search.repositories.count) loaded", .dim, 1))
    }
    if total > GitHubConfiguration.resultCap {
      notes.append((" · \(server.name) lists the first 1000", .dim, 3))
    }
    if search.isIncomplete {
      notes.append((" · incomplete results", .foreground(.yellow), 2))
    }
    if search.skippedItemCount > 0 {
      notes.append((" · \(search.skippedItemCount) malformed skipped", .foreground(.yellow), 2))
    }
    if search.isLoadingNextPage {
      let page = search.nextPage?.number.map(String.init) ?? ""
      notes.append(("  \(spinner) loading page \(page)…", .foreground(.cyan), 0))
    }
    return fitting(Line("\(total) repositories", style: .bold), notes, width: width)
  }

  /// `line` (cut to `width` if it must be), then the `notes` that fit whole beside it, the
  /// lowest priority numbers first, each in its place.
  private static func fitting(
    _ line: Line, _ notes: [(String, TextStyle, priority: Int)], width: Int
  ) -> Line {
    var room = width - line.displayWidth
    var kept = Set<Int>()
    for index in notes.indices.sorted(by: { notes[$0].priority < notes[$1].priority }) {
      let noteWidth = notes[index].0.displayWidth
      if noteWidth <= room {
        kept.insert(index)
        room -= noteWidth
      }
    }
    var result = line
    for index in notes.indices where kept.contains(index) {
      result.append(notes[index].0, style: notes[index].1)
    }
    return result.truncated(toDisplayWidth: width)
  }

  // MARK: The list

  /// How a row is drawn.
  private enum RowLook {
    case normal, selected, stale
  }

  /// The widths of the name, stars, language and description columns for `repositories` in a
  /// window `width` wide: the name first, then the stars, the language, and the description
  /// with what is left, each left out rather than shown as a sliver.
  static func columnWidths(_ repositories: some Collection<Repository>, width: Int) -> [Int] {
    let names = repositories.map(\.fullName.displayWidth).max() ?? 0
    let languages = repositories.map { ($0.language ?? "—").displayWidth }.max() ?? 0
    let columns = [
      TableColumn(natural: min(36, names), minimum: 8, priority: 0),
      TableColumn(natural: 6, minimum: 6, priority: 1),
      TableColumn(natural: min(12, languages), minimum: 4, priority: 2),
      TableColumn(natural: width, minimum: 12, priority: 3),
    ]
    return TableColumn.widths(columns, fitting: width - 2, gap: 2)
  }

  private static func row(
    _ repository: Repository, widths: [Int], width: Int, look: RowLook
  ) -> Line {
    func style(_ base: TextStyle) -> TextStyle {
      var style = look == .stale ? TextStyle.dim : base
      style.inverse = look == .selected
      return style
    }
    var cells: [(String, TextStyle)] = [
      (repository.fullName, style(.bold)),
      ("★" + compact(repository.stargazersCount).leftPadded(to: 5), style(.foreground(.yellow))),
      (repository.language ?? "—", style(.foreground(.cyan))),
      (SearchError.oneLine(repository.description ?? "", limit: 300), style(.plain)),
    ]
    if repository.description == nil { cells[3].0 = "" }
    var line = Line(look == .selected ? "› " : "  ", style: style(.bold))
    for (cell, columnWidth) in zip(cells, widths) where columnWidth > 0 {
      if line.displayWidth > 2 { line.append("  ", style: style(.plain)) }
      line.append(
        cell.0.truncated(toDisplayWidth: columnWidth, ellipsis: "…")
          .padded(toDisplayWidth: columnWidth), style: cell.1)
    }
    // A selected row is highlighted across the window; others end at their text.
    if look == .selected {
      line.append(
        String(repeating: " ", count: max(0, width - line.displayWidth)), style: style(.plain))
    }
    return line.truncated(toDisplayWidth: width)
  }

  private static func footer(
    _ search: GitHubSearchReactor.State, spinner: String, server: Server
  ) -> Line? {
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
      ? "— the end: \(server.name) lists only the first 1000 results —" : "— the end —"
    return Line(text, style: .dim)
  }

  // MARK: The key hints

  /// The keys that do something now: moving and opening only with results, the history keys
  /// once a query was searched, Ctrl-R only when a retry would ask again, and always the way out.
  static func hints(_ search: GitHubSearchReactor.State, now: Date) -> [KeyHint] {
    var hints: [KeyHint] = []
    if !search.repositories.isEmpty {
      hints.append(KeyHint("↑↓", "move", priority: 2))
      hints.append(KeyHint("PgUp PgDn", "page", priority: 5))
      hints.append(KeyHint("Enter", "details", priority: 3))
    }
    if !search.history.entries.isEmpty {
      hints.append(KeyHint("Ctrl-P/Ctrl-N", "history", priority: 4))
    }
    if search.canRetry(at: now) { hints.append(KeyHint("Ctrl-R", "retry", priority: 1)) }
    hints.append(KeyHint("Esc", search.detail == nil ? "quit" : "close", priority: 0))
    return hints
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
