import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UnicodeScalarTerminalControlTests {
  @Test func c0DelC1AndBidirectionalControlsAreTerminalControls() {
    let controls: [UInt32] =
      Array(0x00...0x1F) + Array(0x7F...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069)
    for value in controls {
      #expect(Unicode.Scalar(value)!.isTerminalControl, "U+\(String(value, radix: 16))")
    }
  }

  @Test(arguments: ["a", " ", "~", "é", "名", "🐙", "\u{200D}", "\u{FE0F}", "\u{A0}", "\u{2028}"])
  func printableCharactersAndEmojiJoinersAreNot(scalar: Unicode.Scalar) {
    #expect(!scalar.isTerminalControl)
  }
}
