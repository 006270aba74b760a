import TerminalUI
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SpinnerTests {
  @Test func advancesOneFramePerTickAndWrapsAfterTheLast() {
    var spinner = Spinner()
    var seen: [String] = []

    for _ in 0..<12 {
      seen.append(spinner.frame)
      spinner.advance()
    }

    #expect(seen.prefix(3) == ["⠋", "⠙", "⠹"])
    #expect(seen[10...] == ["⠋", "⠙"])
    #expect(Set(seen).count == 10)
  }

  @Test func everyFrameIsOneColumnWide() {
    var spinner = Spinner()

    for _ in 0..<10 {
      #expect(spinner.frame.displayWidth == 1)
      spinner.advance()
    }
  }
}
