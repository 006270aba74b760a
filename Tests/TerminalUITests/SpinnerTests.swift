import TerminalUI
import Testing

@Suite struct SpinnerTests {
  @Test func advancesOneFramePerTickAndWraps() {
    var spinner = Spinner(frames: Spinner.line)
    var seen: [String] = []

    for _ in 0..<6 {
      seen.append(spinner.frame)
      spinner.advance()
    }

    #expect(seen == ["|", "/", "-", "\\", "|", "/"])
  }

  @Test func theDefaultFramesAreSingleColumnDots() {
    let spinner = Spinner()

    #expect(spinner.frame == "⠋")
    #expect(Spinner.dots.allSatisfy { $0.displayWidth == 1 })
  }

  @Test func withoutFramesItShowsNothing() {
    var spinner = Spinner(frames: [])

    spinner.advance()

    #expect(spinner.frame == "")
  }
}
