import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct SeededRandomNumberGeneratorTests {
  @Test func theSequenceIsSplitMix64() {
    var generator = SeededRandomNumberGenerator(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test func equalSeedsGiveEqualSequences() {
    var first = SeededRandomNumberGenerator(seed: 42)
    var second = SeededRandomNumberGenerator(seed: 42)
    #expect((0..<8).map { _ in first.next() } == (0..<8).map { _ in second.next() })
  }

  @Test func differentSeedsGiveDifferentSequences() {
    var first = SeededRandomNumberGenerator(seed: 1)
    var second = SeededRandomNumberGenerator(seed: 2)
    #expect((0..<4).map { _ in first.next() } != (0..<4).map { _ in second.next() })
  }
}
