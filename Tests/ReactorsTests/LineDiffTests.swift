import Testing

@_spi(Testing) @testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct LineDiffTests {
  @Test func equalTextsHaveOnlyUnchangedLines() {
    #expect(LineDiff.changes(from: ["a", "b"], to: ["a", "b"]) == [.same("a"), .same("b")])
  }

  @Test func aChangedLineIsRemovedThenAdded() {
    let changes = LineDiff.changes(from: ["a", "b", "c"], to: ["a", "B", "c"])

    #expect(changes == [.same("a"), .removed("b"), .added("B"), .same("c")])
  }

  @Test func insertionsAndDeletionsKeepTheLinesInCommon() {
    let changes = LineDiff.changes(from: ["a", "b", "c", "d"], to: ["b", "c", "x", "d", "e"])

    #expect(
      changes == [.removed("a"), .same("b"), .same("c"), .added("x"), .same("d"), .added("e")])
  }

  @Test func renderMarksLinesAndFoldsLongUnchangedRuns() {
    let old = (1...20).map(String.init).joined(separator: "\n")
    let new = old.replacingOccurrences(of: "\n10\n", with: "\nten\n")

    #expect(
      LineDiff.render(from: old, to: new, context: 2) == """
          … (7 unchanged lines)
          8
          9
        - 10
        + ten
          11
          12
          … (8 unchanged lines)
        """)
  }

  @Test func renderKeepsShortUnchangedRunsWhole() {
    #expect(LineDiff.render(from: "a\nb\nc", to: "a\nB\nc") == "  a\n- b\n+ B\n  c")
  }
}
