import Foundation
import GitHubSearchKit
import TerminalUI
import Testing

@testable import GitHubSearchApp

/// The interactive search's screen, drawn without a terminal: what it says of the query history
/// and of the saved state. (The binary's own tests are in ``SavedStateEndToEndTests``.)
@Suite(.timeLimit(.minutes(1)))
struct SearchScreenTests {
  let server = SearchScreen.Server(
    apiURL: URL(string: "http://127.0.0.1:8080")!, isOffline: true, environment: [:])
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  /// The screen's rows for `search` in a window of `columns` × `rows`.
  func rows(
    _ search: GitHubSearchReactor.State, local: SearchScreen.Local = .init(), columns: Int = 100,
    rows: Int = 30
  ) -> [String] {
    SearchScreen.frame(
      search: search, local: local, size: TerminalSize(rows: rows, columns: columns), now: now,
      server: server
    ).lines.map(\.text)
  }

  @Test func theHistoryKeysAreOfferedOnceAQuerySearchedIsRemembered() {
    let keys = { (state: GitHubSearchReactor.State) in
      SearchScreen.hints(state, now: self.now).map(\.keys)
    }
    #expect(!keys(GitHubSearchReactor.State()).contains("Ctrl-P/Ctrl-N"))
    let remembered = GitHubSearchReactor.State(history: QueryHistory(restoring: ["swift"]))
    #expect(keys(remembered) == ["Ctrl-P/Ctrl-N", "Esc"])
    #expect(rows(remembered).last == "Ctrl-P/Ctrl-N history · Esc quit")
  }

  @Test func aNoticeShowsUnderTheStatusWrappedInFiveRowsAtMostAndTheHintsStay() {
    var local = SearchScreen.Local()
    local.notice =
      "the saved state /a/very/long/path/github-search.json is not JSON; "
      + String(repeating: "it was moved aside and this run starts afresh; ", count: 10)
    let shown = rows(GitHubSearchReactor.State(), local: local, columns: 60, rows: 12)
    let notice = shown.filter { $0.hasPrefix("! ") || $0.hasPrefix("  ") && !$0.isEmpty }
    #expect(shown[2].hasPrefix("! the saved state"))
    #expect(notice.count == SearchScreen.noticeRows)
    #expect(notice.last?.hasSuffix("…") == true)
    #expect(shown.allSatisfy { $0.displayWidth <= 60 })
    #expect(shown.count == 12)
    #expect(shown.last == "Esc quit")
  }

  @Test func aNoticeTakesItsRowsFromTheList() {
    var local = SearchScreen.Local()
    let search = GitHubSearchReactor.State()
    let size = TerminalSize(rows: 30, columns: 100)
    let without = SearchScreen.listHeight(for: size, search: search, now: now, server: server)
    local.notice = "the saved state /x.json is in use by another process: this run is not saved"
    let with = SearchScreen.listHeight(
      for: size, search: search, now: now, server: server, notice: local.notice)
    #expect(with == without - 1)
  }
}
