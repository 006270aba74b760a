import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1)))
struct FrameRendererTests {
  private let size = TerminalSize(rows: 4, columns: 10)
  private let esc = "\u{1B}"

  @Test func theFirstFrameClearsTheScreenAndDrawsEveryLine() {
    var renderer = FrameRenderer()

    let output = renderer.render(Frame(lines: ["Hello", Line("Bold", style: .bold)]), size: size)

    #expect(
      output
        == "\(esc)[H\(esc)[2J\(esc)[?25l\(esc)[1;1HHello\(esc)[K\(esc)[2;1H\(esc)[1mBold\(esc)[0m\(esc)[K"
    )
  }

  @Test func anUnchangedFrameWritesNothing() {
    var renderer = FrameRenderer()
    let frame = Frame(lines: ["a", "b"], cursor: Frame.Cursor(row: 1, column: 1))
    _ = renderer.render(frame, size: size)

    #expect(renderer.render(frame, size: size) == "")
  }

  @Test func onlyChangedLinesAreRewritten() {
    var renderer = FrameRenderer()
    _ = renderer.render(Frame(lines: ["one", "two", "three"]), size: size)

    let output = renderer.render(Frame(lines: ["one", "TWO", "three"]), size: size)

    #expect(output == "\(esc)[?25l\(esc)[2;1HTWO\(esc)[K")
  }

  @Test func rowsNoLongerUsedAreCleared() {
    var renderer = FrameRenderer()
    _ = renderer.render(Frame(lines: ["one", "two", "three"]), size: size)

    let output = renderer.render(Frame(lines: ["one"]), size: size)

    #expect(output == "\(esc)[?25l\(esc)[2;1H\(esc)[J")
  }

  @Test func theCursorIsShownWhereTheFrameAsks() {
    var renderer = FrameRenderer()
    _ = renderer.render(Frame(lines: ["Name: ab"]), size: size)

    let output = renderer.render(
      Frame(lines: ["Name: ab"], cursor: Frame.Cursor(row: 0, column: 8)), size: size)

    #expect(output == "\(esc)[?25l\(esc)[1;9H\(esc)[?25h")
  }

  @Test func theCursorIsKeptOnScreen() {
    var renderer = FrameRenderer()

    let output = renderer.render(
      Frame(lines: ["x"], cursor: Frame.Cursor(row: 99, column: 99)), size: size)

    #expect(output.hasSuffix("\(esc)[4;10H\(esc)[?25h"))
  }

  @Test func linesAreCutAtTheWidthByDisplayWidthAndEndWithAnEllipsis() {
    var renderer = FrameRenderer()

    let output = renderer.render(
      Frame(lines: ["名前とアドレスです", "abcdefghijklmn", "ab名前とア", "ab名前とアド"]), size: size)

    // 10 columns: four wide characters and "…" (a fifth would leave it no room), then a clear;
    // nine narrow ones and "…" (no clear: the line is full); a line exactly full is whole.
    #expect(output.contains("\(esc)[1;1H名前とア…\(esc)[K\(esc)[2;1H"))
    #expect(output.contains("\(esc)[2;1Habcdefghi…\(esc)[3;1H"))
    #expect(output.contains("\(esc)[3;1Hab名前とア\(esc)[4;1H"))
    #expect(output.hasSuffix("\(esc)[4;1Hab名前と…\(esc)[K"))
  }

  @Test func aLineThatJustFitsIsNotCut() {
    var renderer = FrameRenderer()

    let output = renderer.render(Frame(lines: ["abcdefghij"]), size: size)

    #expect(output.hasSuffix("\(esc)[1;1Habcdefghij"))
  }

  @Test func combiningMarksTakeNoColumn() {
    var renderer = FrameRenderer()
    let decomposed = String(repeating: "e\u{301}", count: 10)

    let output = renderer.render(Frame(lines: [Line(decomposed)]), size: size)

    // Ten columns for ten clusters of two scalars each: the line is full, so it is neither cut
    // nor cleared after.
    #expect(output.hasSuffix("\(esc)[1;1H" + decomposed))
  }

  @Test func stylesAreAppliedPerSpanAndResetAfterEach() {
    var renderer = FrameRenderer()
    var line = Line("ok ", style: TextStyle(foreground: .green, bold: true))
    line.append("no", style: TextStyle(foreground: .cyan, underline: true, inverse: true))
    line.append("!", style: .dim)

    let output = renderer.render(Frame(lines: [line]), size: size)

    #expect(
      output.hasSuffix(
        "\(esc)[1;1H\(esc)[1;32mok \(esc)[0m\(esc)[4;7;36mno\(esc)[0m\(esc)[2m!\(esc)[0m\(esc)[K"
      ))
  }

  @Test func aStyledSpanCutAtTheEdgeIsStillReset() {
    var renderer = FrameRenderer()
    var line: Line = "12345678"
    line.append("abcdef", style: .inverse)
    line.append("never")

    let output = renderer.render(Frame(lines: [line]), size: size)

    #expect(output.hasSuffix("\(esc)[1;1H12345678\(esc)[7ma…\(esc)[0m"))
  }

  @Test func controlCharactersAreDrawnAsReplacementCharacters() {
    var renderer = FrameRenderer()

    let output = renderer.render(Frame(lines: ["a\u{1B}[2Jb\tc\n"]), size: size)

    #expect(output.hasSuffix("\(esc)[1;1Ha\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}\(esc)[K"))
  }

  @Test func c1ControlsAndBidirectionalOverridesAreDrawnAsReplacementCharacters() {
    var renderer = FrameRenderer()

    let output = renderer.render(Frame(lines: ["a\u{9B}2Jb\u{202E}c"]), size: size)

    #expect(output.hasSuffix("\(esc)[1;1Ha\u{FFFD}2Jb\u{FFFD}c\(esc)[K"))
  }

  @Test func linesPastTheLastRowAreNotDrawn() {
    var renderer = FrameRenderer()

    let output = renderer.render(Frame(lines: ["1", "2", "3", "4", "5", "6"]), size: size)

    #expect(output.contains("\(esc)[4;1H4"))
    #expect(!output.contains("\(esc)[5;1H"))
  }

  @Test func aNewSizeRedrawsEverything() {
    var renderer = FrameRenderer()
    let frame = Frame(lines: ["same"])
    _ = renderer.render(frame, size: size)

    let output = renderer.render(frame, size: TerminalSize(rows: 4, columns: 20))

    #expect(output == "\(esc)[H\(esc)[2J\(esc)[?25l\(esc)[1;1Hsame\(esc)[K")
  }

  @Test func invalidatingRedrawsEverything() {
    var renderer = FrameRenderer()
    let frame = Frame(lines: ["same"])
    _ = renderer.render(frame, size: size)

    renderer.invalidate()

    #expect(renderer.render(frame, size: size).hasPrefix("\(esc)[H\(esc)[2J"))
  }
}
