/// A recorded session on a terminal, event by event: the app's own screen as it looked after the
/// selected event, the list of events around it, what the event changed, and `event N of M`.
///
/// ```
/// Search › swift                                                                   replay
/// …
/// ── github-search --replay session.jsonl ───────────────────────────────────────────────
///    0.412 s  action updateQuery("swift")
/// ›  0.733 s  mutation setRepos(30 repositories)
///    1.020 s  action openRepository(at: 1)
/// ── what it changed ────────────────────────────────────────────────────────────────────
/// - isLoadingFirstPage: true,
/// + isLoadingFirstPage: false,
/// event 2 of 14  ←→ event · ⇧←→ action · Home End ends · / find · q quit
/// ```
///
/// The diff takes the rows it needs, up to its share of the window, and the event list the
/// rest; the selection keeps its row as it moves. Rows that a short recording's events cannot
/// fill go to the app's screen.
///
/// → and ← select the next and previous event, Shift-→ and Shift-← the next and previous
/// action, Home and End the first and last; `/` opens a prompt whose Enter selects the next
/// event (going round) whose label holds the text, and `n` (or an empty prompt) finds it again;
/// `q` or Esc quits, Ctrl-C interrupts and Ctrl-Z suspends, as in the apps. Entries are fetched
/// when shown, so a long recording opens at once. The terminal is restored on every way out.
public struct TimelineBrowser {
  private let terminal: Terminal
  private let title: String
  private let count: Int
  private let entry: (Int) -> TimelineEntry
  private let screen: (Int?, _ columns: Int, _ rows: Int) -> Frame
  private let summary: ((Int) -> TimelineEntry)?

  /// Makes a browser of `count` events.
  ///
  /// - Parameters:
  ///   - terminal: The terminal to run on.
  ///   - title: Shown in the rule above the event list: what is being replayed.
  ///   - count: The number of events.
  ///   - entry: Event `i` of `0..<count`, fetched lazily, when it is shown or searched.
  ///   - screen: The app's own screen as it looked after event `i` (`nil`: before the first
  ///     event), drawn into `columns` × `rows`.
  ///   - summary: Event `i` without its diff (`""`), for the event list and for finding, when
  ///     that is cheaper than `entry`: a find may read every label. By default, `entry`.
  public init(
    terminal: Terminal, title: String, count: Int,
    entry: @escaping (Int) -> TimelineEntry,
    screen: @escaping (Int?, _ columns: Int, _ rows: Int) -> Frame,
    summary: ((Int) -> TimelineEntry)? = nil
  ) {
    self.terminal = terminal
    self.title = title
    self.count = max(0, count)
    self.entry = entry
    self.screen = screen
    self.summary = summary
  }

  /// Runs until the person quits (`q` or Esc), interrupts (Ctrl-C) or input ends.
  ///
  /// - Throws: ``ExampleCommandLine/SystemCallError`` if the terminal cannot enter interactive
  ///   mode.
  public func run() async throws -> SessionEnd {
    try terminal.enterInteractiveMode()
    defer { terminal.restore() }
    let display = Screen(terminal: terminal)
    var navigation = Navigation(count: count)
    var entries = EntryCache(entry: entry, summary: summary ?? entry)
    func draw() {
      let selected = navigation.selection.map { entries.selected($0) }
      display.render(
        Self.frame(
          navigation: navigation, size: terminal.size, title: title,
          summary: { entries.summary($0) }, selected: selected, screen: screen))
    }
    draw()
    for await event in terminal.events() {
      switch event {
      case .resize:
        display.invalidate()
      case .key(.control("c")):
        return .interrupted
      case .key(.control("z")):
        terminal.suspend()
        continue
      case .key(let key):
        let outcome = navigation.handle(
          key, isAction: { entries.summary($0).isAction }, label: { entries.summary($0).label })
        if outcome == .quit { return .quit }
        if outcome == .redrawAll { display.invalidate() }
      }
      draw()
    }
    return .quit
  }

  /// The entries fetched so far: each one's label and kind kept for the event list and for
  /// finding (its diff dropped, as diffs can be large), and the selected one whole.
  private struct EntryCache {
    let entry: (Int) -> TimelineEntry
    let fetchSummary: (Int) -> TimelineEntry
    private var summaries: [Int: TimelineEntry] = [:]
    private var selectedEntry: (position: Int, entry: TimelineEntry)?

    init(entry: @escaping (Int) -> TimelineEntry, summary: @escaping (Int) -> TimelineEntry) {
      self.entry = entry
      fetchSummary = summary
    }

    /// Entry `position` without its diff.
    mutating func summary(_ position: Int) -> TimelineEntry {
      if let known = summaries[position] { return known }
      var fetched = fetchSummary(position)
      fetched.diff = ""
      summaries[position] = fetched
      return fetched
    }

    /// Entry `position` with its diff.
    mutating func selected(_ position: Int) -> TimelineEntry {
      if let selectedEntry, selectedEntry.position == position { return selectedEntry.entry }
      let fetched = entry(position)
      selectedEntry = (position, fetched)
      return fetched
    }
  }
}
