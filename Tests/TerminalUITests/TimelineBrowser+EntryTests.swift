import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1)))
struct TimelineEntryTests {
  private func offsetText(_ offset: Duration) -> String {
    TimelineEntry(offset: offset, isAction: true, label: "", diff: "").offsetText
  }

  @Test func anOffsetShowsAsSecondsWithMilliseconds() {
    #expect(offsetText(.milliseconds(12_345)) == "12.345 s")
    #expect(offsetText(.zero) == "0.000 s")
    #expect(offsetText(.milliseconds(5)) == "0.005 s")
    #expect(offsetText(.milliseconds(50)) == "0.050 s")
    #expect(offsetText(.seconds(3_600)) == "3600.000 s")
  }

  @Test func lessThanAMillisecondIsCutNotRounded() {
    #expect(offsetText(.microseconds(999)) == "0.000 s")
    #expect(offsetText(.microseconds(1_999_999)) == "1.999 s")
  }

  @Test func aNegativeOffsetShowsAsZero() {
    #expect(offsetText(.milliseconds(-1)) == "0.000 s")
    #expect(offsetText(.seconds(-5)) == "0.000 s")
  }

  @Test func theLongestOffsetNeverTraps() {
    #expect(offsetText(.seconds(Int64.max)).hasPrefix("\(Int64.max)."))
  }
}
