import LoopbackHTTP
import Testing

@Suite(.timeLimit(.minutes(1))) struct DurationSecondsTests {
  @Test func wholeAndFractionalSecondsReadPlainly() {
    #expect(Duration.seconds(30).secondsText == "30 s")
    #expect(Duration.milliseconds(1500).secondsText == "1.5 s")
    #expect(Duration.milliseconds(250).secondsText == "0.25 s")
    #expect(Duration.zero.secondsText == "0 s")
  }
}
