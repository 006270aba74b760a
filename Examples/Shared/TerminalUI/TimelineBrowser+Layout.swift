extension TimelineBrowser {
  /// How the window's rows are shared, top to bottom: the app's screen, a rule with the title,
  /// the event list around the selection, the selected event's diff (a heading and its lines)
  /// and the status line (1 row). The diff's rows are the most it may take: the event list
  /// gets those it leaves, and the app's screen those a short recording's events cannot fill.
  struct Layout: Equatable {
    var screenRows: Int
    var hasRule: Bool
    var stripRows: Int
    var diffRows: Int

    /// The status line always; then one row of the event list at least, up to five (an odd
    /// number, so the selection sits in the middle; rows a short diff leaves go below); the rule
    /// when there is room; two fifths of the rest at most for the diff when that makes a heading
    /// and a line; the app's screen the rest.
    init(rows: Int) {
      var free = max(0, rows - 1)
      stripRows = min(free, max(1, min(5, free / 5)))
      if stripRows > 1 && stripRows % 2 == 0 { stripRows -= 1 }
      free -= stripRows
      hasRule = free >= 3
      if hasRule { free -= 1 }
      diffRows = free * 2 / 5 >= 2 ? free * 2 / 5 : 0
      screenRows = free - diffRows
    }
  }

  /// The whole window: `screen` draws the app after the selected event, `summary(i)` gives the
  /// event list's entries (their diffs unused), and `selected` is the selected entry, diff and
  /// all.
  static func frame(
    navigation: Navigation, size: TerminalSize, title: String,
    summary: (Int) -> TimelineEntry, selected: TimelineEntry?,
    screen: (Int?, _ columns: Int, _ rows: Int) -> Frame
  ) -> Frame {
    let width = max(size.columns, 1)
    let layout = Layout(rows: size.rows)
    // A short diff leaves its rows to the event list, which shows more of the events that come
    // next: the selection keeps its row, and the diff stays right above the status line. Rows
    // that a short recording's events cannot fill go to the app's screen, not to blank rows.
    let diffLines = diff(selected, rows: layout.diffRows, width: width)
    let freeRows = layout.stripRows + layout.diffRows - diffLines.count
    let stripRows = min(freeRows, max(1, navigation.count))
    let screenRows = layout.screenRows + freeRows - stripRows
    var frame = Frame()
    if screenRows > 0 {
      let app = screen(navigation.selection, width, screenRows)
      frame.lines = Array(app.lines.prefix(screenRows))
      frame.lines += Array(repeating: Line(), count: screenRows - frame.lines.count)
    }
    if layout.hasRule { frame.append(rule(title, width: width)) }
    frame.lines += strip(
      navigation, rows: stripRows, before: layout.stripRows / 2, width: width, summary: summary)
    frame.lines += diffLines
    let (status, cursorColumn) = statusLine(navigation, width: width)
    if size.rows > 0 { frame.append(status) }
    frame.cursor = cursorColumn.map { Frame.Cursor(row: frame.lines.count - 1, column: $0) }
    return frame
  }

  /// A dim rule across the window with `text` in it: `── github-search timeline ─────`.
  static func rule(_ text: String, width: Int) -> Line {
    let label = "── \(text) ".truncated(toDisplayWidth: width, ellipsis: "…")
    return Line(
      label + String(repeating: "─", count: max(0, width - label.displayWidth)), style: .dim)
  }

  /// The event list: `rows` events, `12.345 s  action updateQuery("swift")`, the selected one
  /// marked `›` and in inverse video across the window, after `before` events (fewer at the
  /// start; more at the end, so that the rows stay full).
  static func strip(
    _ navigation: Navigation, rows: Int, before: Int, width: Int,
    summary: (Int) -> TimelineEntry
  ) -> [Line] {
    guard rows > 0 else { return [] }
    guard let selection = navigation.selection else {
      return [Line("the recording has no events", style: .dim).truncated(toDisplayWidth: width)]
        + Array(repeating: Line(), count: rows - 1)
    }
    let count = navigation.count
    let first = max(0, min(selection - before, count - rows))
    // The last offset is the longest, so that every offset lines up on it.
    let offsetWidth = summary(count - 1).offsetText.displayWidth
    var lines = (first..<min(count, first + rows)).map { position in
      let entry = summary(position)
      let indent = String(repeating: " ", count: max(0, offsetWidth - entry.offsetText.count))
      let aligned = indent + entry.offsetText + "  " + entry.label
      return position == selection
        ? Line(("› " + aligned).padded(toDisplayWidth: width), style: .inverse)
          .truncated(toDisplayWidth: width)
        : Line("  " + aligned).truncated(toDisplayWidth: width)
    }
    lines += Array(repeating: Line(), count: rows - lines.count)
    return lines
  }

  /// The selected event's diff in `rows` rows at most: a heading, then the changed lines with
  /// one line of context around each run of changes (`…` where lines are left out). A diff too
  /// long for its rows leaves out its context, then its old values (what the state became
  /// matters most), then says how many lines did not fit. No rows without an event.
  static func diff(_ entry: TimelineEntry?, rows: Int, width: Int) -> [Line] {
    guard rows > 0, let entry else { return [] }
    var lines = changedLines(of: entry.diff)
    var result = [rule(lines.isEmpty ? "no change to the state" : "what it changed", width: width)]
    let room = rows - 1
    if lines.count > room { lines.removeAll { $0.first != "-" && $0.first != "+" } }
    if lines.count > room, lines.contains(where: { $0.first == "+" }) {
      lines.removeAll { $0.first == "-" }
    }
    // A row for how many are left out, unless that would leave no line of the diff itself.
    let shown = lines.count > room ? max(min(room, 1), room - 1) : lines.count
    for line in lines.prefix(shown) {
      let style: TextStyle =
        switch line.first {
        case "-": .foreground(.red)
        case "+": .foreground(.green)
        default: .dim
        }
      result.append(Line(line, style: style).truncated(toDisplayWidth: width))
    }
    if shown < lines.count && room > shown {
      result.append(
        Line("… \(lines.count - shown) more lines", style: .dim).truncated(toDisplayWidth: width))
    }
    return result
  }

  /// The lines of a diff that changed (`- ` and `+ `) with one unchanged line either side, and
  /// `  …` where unchanged lines are left out; no lines for a diff without changes.
  static func changedLines(of diff: String) -> [String] {
    var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last?.isEmpty == true { lines.removeLast() }
    let changed = lines.indices.filter { lines[$0].first == "-" || lines[$0].first == "+" }
    var kept = Set<Int>()
    for index in changed { kept.formUnion(max(0, index - 1)...min(lines.count - 1, index + 1)) }
    var result: [String] = []
    var previous: Int?
    for index in kept.sorted() {
      if let previous, index > previous + 1 { result.append("  …") }
      result.append(lines[index])
      previous = index
    }
    return result
  }

  /// The status line, `event 3 of 40` (or the find prompt) and the key hints, and the cursor's
  /// column while the prompt is open.
  static func statusLine(_ navigation: Navigation, width: Int) -> (Line, cursorColumn: Int?) {
    let gap = "  "
    if let query = navigation.query {
      let hints = KeyHint.line(
        [KeyHint("Enter", "find", priority: 1), KeyHint("Esc", "cancel", priority: 0)],
        width: max(0, width / 2 - gap.count))
      let room = max(1, width - 1 - hints.displayWidth - gap.count)
      let (text, cursorColumn) = query.visibleText(width: room)
      var line = Line("/", style: .bold)
      line.append(text.padded(toDisplayWidth: room) + gap)
      line.append(hints.text, style: .dim)
      return (line.truncated(toDisplayWidth: width), min(width - 1, 1 + cursorColumn))
    }
    let hints = [
      KeyHint("←→", "event", priority: 1), KeyHint("⇧←→", "action", priority: 3),
      KeyHint("Home End", "ends", priority: 4), KeyHint("/", "find", priority: 2),
      KeyHint("q", "quit", priority: 0),
    ]
    let leastHints = "q quit".displayWidth + gap.count
    let position: String
    let compact: String
    if let selection = navigation.selection {
      position = "event \(selection + 1) of \(navigation.count)"
      compact = "\(selection + 1)/\(navigation.count)"
    } else {
      (position, compact) = ("no events", "0/0")
    }
    let candidates = [navigation.message.map { "\(position) · \($0)" }, position, compact]
    let status =
      candidates.compactMap { $0 }.first { $0.displayWidth + leastHints <= width } ?? compact
    var line = Line(status, style: .bold)
    line.append(gap)
    line.append(
      KeyHint.line(hints, width: max(0, width - status.displayWidth - gap.count)).text,
      style: .dim)
    return (line.truncated(toDisplayWidth: width), nil)
  }
}
