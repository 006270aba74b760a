import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1)))
struct TimelineBrowserLayoutTests {
  /// Twelve events, one a second, every third an action; each mutation changes one line of ten.
  private func entry(_ position: Int) -> TimelineEntry {
    let isAction = position % 3 == 0
    let context = (0..<10).map { "  line \($0)" }
    var diff = context
    if !isAction {
      diff.insert(contentsOf: ["- count: \(position)", "+ count: \(position + 1)"], at: 5)
    }
    return TimelineEntry(
      offset: .seconds(position), isAction: isAction,
      label: isAction ? "action step(\(position))" : "mutation add(\(position))",
      diff: isAction ? "" : diff.joined(separator: "\n"))
  }

  /// The app's screen: a numbered line per row, saying which event it shows.
  private func screen(_ position: Int?, columns: Int, rows: Int) -> Frame {
    let name = position.map { "after \($0)" } ?? "initial"
    return Frame(lines: (0..<rows + 3).map { Line("app \(name) row \($0)") })
  }

  private func frame(
    count: Int = 12, after keys: [Key] = [], size: TerminalSize
  ) -> Frame {
    var navigation = TimelineBrowser.Navigation(count: count)
    for key in keys {
      _ = navigation.handle(key, isAction: { entry($0).isAction }, label: { entry($0).label })
    }
    return TimelineBrowser.frame(
      navigation: navigation, size: size, title: "demo --replay s.jsonl",
      summary: { entry($0) }, selected: navigation.selection.map(entry),
      screen: { screen($0, columns: $1, rows: $2) })
  }

  private func texts(_ frame: Frame) -> [String] {
    frame.lines.map(\.text)
  }

  @Test(arguments: [
    TerminalSize(rows: 30, columns: 100), TerminalSize(rows: 24, columns: 80),
    TerminalSize(rows: 10, columns: 40), TerminalSize(rows: 10, columns: 20),
    TerminalSize(rows: 20, columns: 20), TerminalSize(rows: 3, columns: 20),
    TerminalSize(rows: 1, columns: 20), TerminalSize(rows: 2, columns: 1),
  ])
  func fillsTheWindowExactlyAndEndsWithTheStatusLine(size: TerminalSize) {
    let frame = frame(after: [.right, .right], size: size)
    #expect(frame.lines.count == size.rows)
    #expect(frame.lines.allSatisfy { $0.displayWidth <= size.columns })
    let status = frame.lines.last?.text ?? ""
    if size.columns >= 40 {
      #expect(status.hasPrefix("event 3 of 12"))
    } else if size.columns >= 20 {
      // Too narrow for `event 3 of 12` and the quit hint: the short form keeps both.
      #expect(status == "3/12  q quit")
    }
  }

  @Test func aZeroSizedWindowGetsAnEmptyFrame() {
    #expect(frame(size: TerminalSize(rows: 0, columns: 0)).lines.isEmpty)
  }

  @Test(arguments: [10, 20, 24, 30, 50])
  func everyPartGetsRowsInAWindowOfTenRowsOrMore(rows: Int) {
    let layout = TimelineBrowser.Layout(rows: rows)
    #expect(layout.screenRows >= 3)
    #expect(layout.stripRows >= 1 && layout.stripRows % 2 == 1)
    #expect(layout.diffRows >= 2)
    #expect(layout.hasRule)
    #expect(
      layout.screenRows + (layout.hasRule ? 1 : 0) + layout.stripRows + layout.diffRows + 1 == rows)
  }

  @Test func theAppScreenIsDrawnAfterTheSelectedEventAndCutToItsRows() {
    let lines = texts(frame(after: [.right, .right], size: TerminalSize(rows: 30, columns: 100)))
    let layout = TimelineBrowser.Layout(rows: 30)
    #expect(
      lines.prefix(layout.screenRows)
        == (0..<layout.screenRows).map { "app after 2 row \($0)" }[...])
    #expect(lines[layout.screenRows].hasPrefix("── demo --replay s.jsonl ─"))
  }

  @Test func theEventListShowsOffsetsAndLabelsAfterTwoEventsBeforeTheSelectionInInverse() {
    let size = TerminalSize(rows: 30, columns: 100)
    let frame = frame(after: [.home, .right, .right, .right, .right], size: size)
    let layout = TimelineBrowser.Layout(rows: 30)
    let start = layout.screenRows + 1
    let strip = Array(frame.lines[start..<(start + layout.stripRows)])
    #expect(
      strip.map(\.text).map { $0.trimmingTrailingSpaces }
        == [
          "   2.000 s  mutation add(2)", "   3.000 s  action step(3)",
          "›  4.000 s  mutation add(4)", "   5.000 s  mutation add(5)",
          "   6.000 s  action step(6)",
        ])
    #expect(strip[2].spans.allSatisfy { $0.style == .inverse })
    #expect(strip[2].displayWidth == size.columns)
    #expect(strip[1].spans.allSatisfy { $0.style == .plain })
  }

  @Test func theEventListKeepsItsRowsFullAtTheEnds() {
    let first = texts(frame(count: 40, size: TerminalSize(rows: 30, columns: 100)))
    let rule = first.firstIndex { $0.hasPrefix("── demo --replay") }
    #expect(rule.map { first[$0 + 1].hasPrefix("›  0.000 s  action step(0)") } == true)
    let start = TimelineBrowser.Layout(rows: 30).screenRows + 1
    let last = texts(frame(after: [.end], size: TerminalSize(rows: 30, columns: 100)))
    let heading = last.firstIndex { $0.hasPrefix("── what it changed ") }
    #expect(heading.map { last[$0 - 1].hasPrefix("› 11.000 s  mutation add(11)") } == true)
    #expect(last[start..<(heading ?? start)].allSatisfy { !$0.isEmpty })
  }

  @Test(arguments: [
    TerminalSize(rows: 30, columns: 100), TerminalSize(rows: 24, columns: 80),
    TerminalSize(rows: 10, columns: 40), TerminalSize(rows: 50, columns: 100),
  ])
  func aShortDiffLeavesItsRowsToTheEventListAndNoRowIsLeftEmpty(size: TerminalSize) {
    // An action near the end, whose diff is a heading alone, and a mutation, whose diff is four
    // lines under it.
    for keys: [Key] in [[.end, .left, .left, .left], [.home, .right, .right, .right, .right]] {
      let lines = texts(frame(count: 40, after: keys, size: size))
      let layout = TimelineBrowser.Layout(rows: size.rows)
      let rule = layout.screenRows
      #expect(lines.count == size.rows)
      #expect(lines[rule...].allSatisfy { !$0.isEmpty }, "\(lines[rule...])")
    }
  }

  @Test(arguments: [0, 1, 3, 5])
  func aShortRecordingListsItsEventsWithoutBlankRowsAndTheAppScreenTakesTheRest(count: Int) {
    // Five events fit the list whatever the diff takes: its five rows are the list's own.
    let size = TerminalSize(rows: 30, columns: 100)
    // The first event (an action: its diff is a heading alone) and the last (a mutation).
    for keys: [Key] in [[], [.end]] {
      let lines = texts(frame(count: count, after: keys, size: size))
      let diff = lines.firstIndex { $0.hasPrefix("── what it changed") || $0.hasPrefix("── no ") }
      let listEnd = diff ?? size.rows - 1
      #expect(lines.count == size.rows)
      #expect(lines.allSatisfy { !$0.isEmpty }, "\(lines)")
      guard let rule = lines.firstIndex(where: { $0.hasPrefix("── demo --replay") }) else {
        Issue.record("no rule in \(lines)")
        continue
      }
      // Every event is listed, no more rows than that (one to say there are none).
      #expect(listEnd - rule - 1 == max(1, count), "\(lines)")
      // The app's screen has every row above the rule.
      #expect(lines[..<rule].allSatisfy { $0.hasPrefix("app ") })
    }
  }

  @Test func theSelectionKeepsItsRowWhateverTheDiffTakes() {
    let size = TerminalSize(rows: 30, columns: 100)
    var rows: [Int] = []
    for step in 2...9 {
      let lines = texts(frame(count: 40, after: Array(repeating: .right, count: step), size: size))
      rows += lines.indices.filter { lines[$0].hasPrefix("› ") }
    }
    let selectedRow = TimelineBrowser.Layout(rows: 30).screenRows + 1 + 2
    #expect(rows == Array(repeating: selectedRow, count: 8))
  }

  @Test func theDiffShowsTheChangedLinesWithOneLineOfContextInColor() {
    let frame = frame(after: [.right], size: TerminalSize(rows: 30, columns: 100))
    let lines = frame.lines.map(\.text)
    guard let heading = lines.firstIndex(where: { $0.hasPrefix("── what it changed ") }) else {
      Issue.record("no diff heading in \(lines)")
      return
    }
    #expect(
      Array(lines[(heading + 1)...(heading + 4)])
        == ["  line 4", "- count: 1", "+ count: 2", "  line 5"])
    #expect(frame.lines[heading + 1].spans.first?.style == .dim)
    #expect(frame.lines[heading + 2].spans.first?.style == .foreground(.red))
    #expect(frame.lines[heading + 3].spans.first?.style == .foreground(.green))
  }

  @Test func anEventThatChangedNothingSaysSo() {
    let lines = texts(frame(size: TerminalSize(rows: 30, columns: 100)))
    #expect(lines.contains { $0.hasPrefix("── no change to the state ") })
  }

  @Test func aDiffLongerThanItsRowsSaysHowManyLinesAreLeftOut() {
    let long = (0..<40).map { "+ line \($0)" }.joined(separator: "\n")
    let lines = TimelineBrowser.diff(
      TimelineEntry(offset: .zero, isAction: false, label: "mutation load", diff: long), rows: 5,
      width: 40
    ).map(\.text)
    #expect(lines.count == 5)
    #expect(Array(lines[1...3]) == ["+ line 0", "+ line 1", "+ line 2"])
    #expect(lines[4] == "… 37 more lines")
  }

  @Test func aDiffTooLongForItsRowsLeavesOutItsContextThenItsOldValues() {
    func shown(_ lines: [String], rows: Int) -> [String] {
      let entry = TimelineEntry(
        offset: .zero, isAction: false, label: "mutation set",
        diff: lines.joined(separator: "\n"))
      return Array(TimelineBrowser.diff(entry, rows: rows, width: 40).map(\.text).dropFirst())
    }
    let change = ["  a: 0", "- b: 1", "+ b: 2", "  c: 3", "  d: 4", "- e: 5", "+ e: 6"]
    #expect(shown(change, rows: 9).count == 7)
    #expect(shown(change, rows: 5) == ["- b: 1", "+ b: 2", "- e: 5", "+ e: 6"])
    #expect(shown(change, rows: 3) == ["+ b: 2", "+ e: 6"])
    // One row: what the state became, rather than only how many lines are left out.
    #expect(shown(change, rows: 2) == ["+ b: 2"])
    // A diff that only removes keeps its old values: they are all it has.
    let removal = ["  a: 0", "- b: 1", "- c: 2", "- d: 3", "  e: 4"]
    #expect(shown(removal, rows: 3) == ["- b: 1", "… 2 more lines"])
  }

  @Test func changedLinesJoinNearbyChangesAndMarkTheGaps() {
    let diff = ["  a", "  b", "- c", "+ C", "  d", "  e", "  f", "+ g", "  h"].joined(
      separator: "\n")
    #expect(
      TimelineBrowser.changedLines(of: diff)
        == ["  b", "- c", "+ C", "  d", "  …", "  f", "+ g", "  h"])
    #expect(TimelineBrowser.changedLines(of: "  a\n  b\n").isEmpty)
    #expect(TimelineBrowser.changedLines(of: "").isEmpty)
  }

  @Test func anEmptyRecordingShowsTheInitialScreenAndSaysItHasNoEvents() {
    let lines = texts(frame(count: 0, size: TerminalSize(rows: 24, columns: 80)))
    #expect(lines[0] == "app initial row 0")
    #expect(lines.contains("the recording has no events"))
    #expect(lines.last?.hasPrefix("no events") == true)
    #expect(lines.last?.contains("q quit") == true)
  }

  @Test(arguments: [100, 40, 20])
  func theStatusLineAlwaysSaysHowToQuit(columns: Int) {
    let status =
      frame(after: [.right], size: TerminalSize(rows: 10, columns: columns))
      .lines.last?.text ?? ""
    #expect(status.contains("q quit"))
  }

  @Test func theStatusLineCarriesANoteBesideThePosition() {
    let status =
      frame(after: [.shiftLeft], size: TerminalSize(rows: 24, columns: 100))
      .lines.last?.text ?? ""
    #expect(status.hasPrefix("event 1 of 12 · no earlier action"))
  }

  @Test func theFindPromptTakesTheStatusLineWithTheCursorInIt() {
    let frame = frame(
      after: [.character("/"), .character("a"), .character("d")],
      size: TerminalSize(rows: 24, columns: 80))
    let status = frame.lines.last?.text ?? ""
    #expect(status.hasPrefix("/ad "))
    #expect(status.contains("Esc cancel"))
    #expect(frame.cursor == Frame.Cursor(row: 23, column: 3))
  }

  @Test func theCursorIsHiddenOutsideThePrompt() {
    #expect(frame(size: TerminalSize(rows: 24, columns: 80)).cursor == nil)
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
