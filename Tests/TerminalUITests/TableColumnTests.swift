import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1)))
struct TableColumnTests {
  /// The result list of github-search: name, stars, language, description.
  let columns = [
    TableColumn(natural: 25, minimum: 8, priority: 0),
    TableColumn(natural: 6, minimum: 6, priority: 1),
    TableColumn(natural: 11, minimum: 4, priority: 2),
    TableColumn(natural: 80, minimum: 12, priority: 3),
  ]

  @Test func everyColumnGetsItsNaturalWidthWhenThereIsRoom() {
    #expect(TableColumn.widths(columns, fitting: 200) == [25, 6, 11, 80])
  }

  @Test func theLastColumnTakesWhatIsLeftAndAColumnBelowItsMinimumIsLeftOut() {
    #expect(TableColumn.widths(columns, fitting: 98) == [25, 6, 11, 53])
    // 38 columns: the name whole, the stars, a cut language; no sliver of description.
    #expect(TableColumn.widths(columns, fitting: 38) == [25, 6, 5, 0])
    #expect(TableColumn.widths(columns, fitting: 35) == [25, 6, 0, 0])
  }

  @Test func theMostImportantColumnIsCutOnlyWhenItAloneIsTooWide() {
    #expect(TableColumn.widths(columns, fitting: 18) == [18, 0, 0, 0])
    #expect(TableColumn.widths(columns, fitting: 0) == [0, 0, 0, 0])
  }

  @Test func priorityNotPositionDecidesWhoIsServedFirst() {
    let reversed = [
      TableColumn(natural: 10, minimum: 5, priority: 1),
      TableColumn(natural: 10, minimum: 5, priority: 0),
    ]
    #expect(TableColumn.widths(reversed, fitting: 14) == [0, 10])
    #expect(TableColumn.widths(reversed, fitting: 16) == [5, 10])
  }
}
