import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1)))
struct LineTests {
  @Test func aLineThatFitsIsLeftAsItIs() {
    var line = Line("1210 repositories", style: .bold)
    line.append(" · 30 loaded", style: .dim)
    #expect(line.truncated(toDisplayWidth: 29) == line)
  }

  @Test func aLineTooWideEndsWithAnEllipsisInTheStyleOfTheRunItCuts() {
    var line = Line("1210 repositories", style: .bold)
    line.append(" · 30 loaded", style: .dim)
    let cut = line.truncated(toDisplayWidth: 20)
    #expect(cut.text == "1210 repositories ·…")
    #expect(cut.displayWidth == 20)
    #expect(line.truncated(toDisplayWidth: 22).text == "1210 repositories · 3…")
    #expect(line.truncated(toDisplayWidth: 21).text == "1210 repositories ·…")
    #expect(cut.spans.map(\.style) == [.bold, .dim])
    #expect(line.truncated(toDisplayWidth: 17).text == "1210 repositorie…")
    #expect(line.truncated(toDisplayWidth: 0).text == "")
  }

  @Test func wideCharactersAreNeverSplit() {
    #expect(Line("名前とアドレス").truncated(toDisplayWidth: 6).text == "名前…")
  }
}
