import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1)))
struct TimelineBrowserNavigationTests {
  /// Ten events: actions at 0, 3 and 7, mutations between them.
  private let labels = [
    #"action updateQuery("s")"#, "mutation setQuery(s)", "mutation setLoading(true)",
    #"action updateQuery("swift")"#, "mutation setQuery(swift)", "mutation setLoading(true)",
    "mutation setResults(30 repositories)", "action loadNextPage", "mutation setLoading(true)",
    "mutation appendResults(30 repositories)",
  ]

  private func press(
    _ keys: [Key], on navigation: inout TimelineBrowser.Navigation
  )
    -> [TimelineBrowser.Navigation.Outcome]
  {
    keys.map { key in
      navigation.handle(
        key, isAction: { labels[$0].hasPrefix("action") }, label: { labels[$0] })
    }
  }

  private func navigation(after keys: [Key]) -> TimelineBrowser.Navigation {
    var navigation = TimelineBrowser.Navigation(count: labels.count)
    _ = press(keys, on: &navigation)
    return navigation
  }

  private func typing(_ text: String) -> [Key] {
    text.map(Key.character)
  }

  @Test func startsOnTheFirstEvent() {
    #expect(navigation(after: []).selection == 0)
  }

  @Test func anEmptyTimelineHasNoSelectionAndNoKeyMakesOne() {
    var navigation = TimelineBrowser.Navigation(count: 0)
    let outcomes = press(
      [.right, .left, .end, .home, .shiftRight, .shiftLeft, .character("n")], on: &navigation)
    #expect(navigation.selection == nil)
    #expect(outcomes.allSatisfy { $0 == .redraw })
  }

  @Test func aNegativeCountIsAnEmptyTimeline() {
    let navigation = TimelineBrowser.Navigation(count: -3)
    #expect(navigation.count == 0)
    #expect(navigation.selection == nil)
  }

  @Test func rightAndLeftStepOneEventAndStopAtTheEnds() {
    #expect(navigation(after: [.right, .right]).selection == 2)
    #expect(navigation(after: [.right, .right, .left]).selection == 1)
    #expect(navigation(after: [.left]).selection == 0)
    #expect(navigation(after: Array(repeating: .right, count: 20)).selection == 9)
  }

  @Test func homeAndEndSelectTheFirstAndLastEvent() {
    #expect(navigation(after: [.end]).selection == 9)
    #expect(navigation(after: [.end, .home]).selection == 0)
  }

  @Test func shiftRightAndShiftLeftStopOnActionsOnly() {
    #expect(navigation(after: [.shiftRight]).selection == 3)
    #expect(navigation(after: [.shiftRight, .shiftRight]).selection == 7)
    // From a mutation, Shift-← goes back to the action it followed.
    #expect(navigation(after: [.end, .shiftLeft]).selection == 7)
    #expect(navigation(after: [.end, .shiftLeft, .shiftLeft]).selection == 3)
  }

  @Test func shiftArrowsPastTheLastActionStayAndSaySo() {
    let atEnd = navigation(after: [.end, .shiftRight])
    #expect(atEnd.selection == 9)
    #expect(atEnd.message == "no later action")
    let atStart = navigation(after: [.shiftLeft])
    #expect(atStart.selection == 0)
    #expect(atStart.message == "no earlier action")
  }

  @Test func aMessageLastsUntilTheNextKey() {
    #expect(navigation(after: [.end, .shiftRight, .left]).message == nil)
  }

  @Test func qAndEscapeQuitButOtherKeysRedraw() {
    var navigation = TimelineBrowser.Navigation(count: labels.count)
    #expect(press([.character("q")], on: &navigation) == [.quit])
    #expect(press([.escape], on: &navigation) == [.quit])
    #expect(
      press([.right, .character("x"), .tab], on: &navigation) == [.redraw, .redraw, .redraw])
  }

  @Test func controlLRedrawsEverything() {
    var navigation = TimelineBrowser.Navigation(count: labels.count)
    #expect(press([.control("l")], on: &navigation) == [.redrawAll])
  }

  @Test func slashOpensThePromptWhereKeysEditTheTextInsteadOfMoving() {
    let navigation = navigation(after: [.character("/")] + typing("qs") + [.left, .right])
    #expect(navigation.query?.text == "qs")
    #expect(navigation.selection == 0)
  }

  @Test func qAndEscapeInThePromptDoNotQuit() {
    var navigation = TimelineBrowser.Navigation(count: labels.count)
    #expect(press([.character("/"), .character("q")], on: &navigation) == [.redraw, .redraw])
    #expect(press([.escape], on: &navigation) == [.redraw])
    #expect(navigation.query == nil)
  }

  @Test func escapeCancelsThePromptAndLeavesTheSelection() {
    let navigation = navigation(after: [.right, .character("/")] + typing("results") + [.escape])
    #expect(navigation.query == nil)
    #expect(navigation.selection == 1)
  }

  @Test func enterSelectsTheNextMatchAfterTheSelectionIgnoringCase() {
    let navigation = navigation(after: [.character("/")] + typing("SETLOADING") + [.enter])
    #expect(navigation.selection == 2)
    #expect(navigation.query == nil)
    #expect(navigation.lastQuery == "SETLOADING")
  }

  @Test func nFindsTheSameTextAgainAndGoesRoundToTheStart() {
    let keys = [.character("/")] + typing("setLoading") + [.enter]
    #expect(navigation(after: keys + [.character("n")]).selection == 5)
    #expect(navigation(after: keys + [.character("n"), .character("n")]).selection == 8)
    #expect(
      navigation(after: keys + [.character("n"), .character("n"), .character("n")]).selection == 2)
  }

  @Test func aSingleMatchIsFoundFromItselfToo() {
    let keys = [.character("/")] + typing("loadNextPage") + [.enter]
    #expect(navigation(after: keys).selection == 7)
    #expect(navigation(after: keys + [.character("n")]).selection == 7)
  }

  @Test func thePromptOpensEmptyAndAnEmptyEnterFindsTheLastTextAgain() {
    let keys = [.character("/")] + typing("setLoading") + [.enter, .character("/")]
    #expect(navigation(after: keys).query?.text == "")
    #expect(navigation(after: keys + [.enter]).selection == 5)
  }

  @Test func noMatchStaysAndSaysSo() {
    let navigation = navigation(after: [.right, .character("/")] + typing("rust") + [.enter])
    #expect(navigation.selection == 1)
    #expect(navigation.message == #"no match for "rust""#)
  }

  @Test func anEmptyFindDoesNothing() {
    let navigation = navigation(after: [.right, .character("/"), .enter, .character("n")])
    #expect(navigation.selection == 1)
    #expect(navigation.message == nil)
  }

  @Test func findingInAnEmptyTimelineSaysNoMatch() {
    var navigation = TimelineBrowser.Navigation(count: 0)
    _ = press([.character("/")] + typing("x") + [.enter], on: &navigation)
    #expect(navigation.message == #"no match for "x""#)
  }
}
