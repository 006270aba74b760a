import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct QueryHistoryTests {
  @Test func remembersNewestFirstAndMovesARepeatToTheFront() {
    var history = QueryHistory()
    for query in ["swift", "rust", "go", "rust"] { history.remember(query) }

    #expect(history.entries == ["rust", "go", "swift"])
    #expect(history.newest == "rust")
  }

  @Test func keepsTheNewestHundredAndForgetsTheOldest() {
    var history = QueryHistory()
    for number in 1...130 { history.remember("q\(number)") }

    #expect(history.entries.count == QueryHistory.capacity)
    #expect(history.entries.first == "q130")
    #expect(history.entries.last == "q31")
  }

  @Test func ignoresWhatNoSearchWouldBeWorthRecalling() {
    var history = QueryHistory()
    history.remember("swift")
    for query in ["", String(repeating: "a", count: 257), "a\u{1B}[2Jb"] {
      history.remember(query)
    }

    #expect(history.entries == ["swift"])
  }

  @Test func aRestoredHistoryIsTrimmedAndDropsEmptiesRepeatsControlsAndTheExcess() {
    let saved =
      ["  swift ", "", "rust", "swift", "bad\u{7}", String(repeating: "x", count: 300)]
      + (1...200).map { "q\($0)" }
    let history = QueryHistory(restoring: saved)

    #expect(history.entries.prefix(3) == ["swift", "rust", "q1"])
    #expect(history.entries.count == QueryHistory.capacity)
    #expect(history.entries.last == "q98")
  }
}
