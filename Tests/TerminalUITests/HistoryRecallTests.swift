import TerminalUI
import Testing

@Suite(.timeLimit(.minutes(1)))
struct HistoryRecallTests {
  @Test func stepsOlderFromTheNewestToTheOldestAndStopsThere() {
    var recall = HistoryRecall(entries: ["rust", "swift", "go"], draft: "")

    #expect(recall.older() == "rust")
    #expect(recall.older() == "swift")
    #expect(recall.older() == "go")
    #expect(recall.older() == nil)
    #expect(recall.position == 2)
  }

  @Test func stepsNewerBackToTheDraftAndStopsThere() {
    var recall = HistoryRecall(entries: ["rust", "swift"], draft: "sw")
    _ = recall.older()
    _ = recall.older()

    #expect(recall.newer() == "rust")
    #expect(recall.newer() == "sw")
    #expect(recall.position == nil)
    #expect(recall.newer() == nil)
  }

  @Test func aDraftThatIsTheNewestEntryStartsAtItSoTheFirstStepChangesTheText() {
    var recall = HistoryRecall(entries: ["rust", "swift"], draft: "rust")

    #expect(recall.newer() == nil)
    #expect(recall.older() == "swift")
    #expect(recall.newer() == "rust")
    #expect(recall.newer() == nil)
  }

  @Test func aDraftThatIsAnOlderEntryIsADraftLikeAnother() {
    var recall = HistoryRecall(entries: ["rust", "swift"], draft: "swift")

    #expect(recall.older() == "rust")
    #expect(recall.newer() == "swift")
    #expect(recall.position == nil)
  }

  @Test func anEmptyHistoryGivesNothingEitherWay() {
    var recall = HistoryRecall(entries: [], draft: "")

    #expect(recall.older() == nil)
    #expect(recall.newer() == nil)
  }
}
