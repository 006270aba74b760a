import Testing

@testable import GitHubSearchKit

@Suite(.timeLimit(.minutes(1))) struct CatalogRandomTests {
  @Test func theSameSeedGivesTheSameSequence() {
    var first = CatalogRandom(seed: 42)
    var second = CatalogRandom(seed: 42)
    var other = CatalogRandom(seed: 43)
    let a = (0..<5).map { _ in first.next() }
    #expect(a == (0..<5).map { _ in second.next() })
    #expect(a != (0..<5).map { _ in other.next() })
  }

  @Test func unitStaysInZeroToOne() {
    var random = CatalogRandom(seed: 1)
    for _ in 0..<1000 {
      let value = random.unit()
      #expect(value >= 0 && value < 1)
    }
  }
}
