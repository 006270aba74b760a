import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubSearchReactorStateOutputTests {
  typealias State = GitHubSearchReactor.State
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  var loaded: State {
    var state = State()
    state.query = "swift"
    state.repositories = [.fixture(1), .fixture(2)]
    state.totalCount = 713
    state.nextPage = .fixture("swift", page: 2)
    return state
  }

  @Test func describesEachStageOnOneLine() {
    var searching = State()
    searching.query = "swift"
    searching.isLoadingFirstPage = true
    #expect(searching.outputLine(now: now) == #"query "swift" · 0 repositories · searching…"#)
    #expect(loaded.outputLine(now: now) == #"query "swift" · 2 of 713 repositories · next page 2"#)

    var loading = loaded
    loading.isLoadingNextPage = true
    #expect(
      loading.outputLine(now: now) == #"query "swift" · 2 of 713 repositories · loading page 2…"#)

    var last = loaded
    last.nextPage = nil
    last.isIncomplete = true
    last.skippedItemCount = 1
    #expect(
      last.outputLine(now: now)
        == #"query "swift" · 2 of 713 repositories · last page · incomplete results · 1 malformed skipped"#
    )

    var failed = loaded
    failed.error = .unavailable(status: 502)
    #expect(
      failed.outputLine(now: now)
        == #"query "swift" · 2 of 713 repositories · next page 2 · error: GitHub is unavailable (HTTP 502); try again later"#
    )
    #expect(State().outputLine(now: now) == #"query "" · 0 repositories"#)

    var opened = loaded
    opened.detail = .init(repository: .fixture(1))
    #expect(
      opened.outputLine(now: now)
        == #"query "swift" · 2 of 713 repositories · next page 2 · detail owner/repo1: loading…"#)
  }

  @Test func errorsNameTheServerThatAnsweredInTheLineAndTheJSON() throws {
    var failed = loaded
    failed.error = .unavailable(status: 503)
    failed.detail = .init(repository: .fixture(1))
    failed.detail?.isLoading = false
    failed.detail?.error = .notFound("owner/repo1")
    let line = failed.outputLine(now: now, server: "the offline server")
    #expect(
      line.contains(" · error: the offline server is unavailable (HTTP 503); try again later"))
    #expect(
      line.hasSuffix(
        " · detail owner/repo1: error: the offline server has no repository named owner/repo1"))
    #expect(!line.contains("GitHub"))

    let json = failed.outputJSON(now: now, server: "the offline server")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(
      object["error"] as? String == "the offline server is unavailable (HTTP 503); try again later")
    let detail = try #require(object["detail"] as? [String: Any])
    #expect(detail["error"] as? String == "the offline server has no repository named owner/repo1")
  }

  @Test func controlCharactersFromTheQueryOrTheServerAreShownEscaped() {
    var hostile = loaded
    hostile.query = "a\u{1B}]0;pwned\u{7}"
    hostile.error = .forbidden("clear\u{9B}2J")
    let line = hostile.outputLine(now: now)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(line.hasPrefix(#"query "a\u001b]0;pwned\u0007""#))
  }

  @Test func printsTheDocumentedJSONKeys() throws {
    var failed = loaded
    failed.error = .rateLimited(until: now.addingTimeInterval(5))
    let json = failed.outputJSON(now: now)
    #expect(json.hasPrefix(#"{"query":"swift","repositoryCount":2,"#))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["hasNextPage"] as? Bool == true)
    #expect(object["nextPage"] as? Int == 2)
    #expect(object["isLoadingFirstPage"] as? Bool == false)
    #expect(object["isLoadingNextPage"] as? Bool == false)
    #expect(object["totalCount"] as? Int == 713)
    #expect((object["error"] as? String)?.hasPrefix("rate limited by GitHub for 5 s more") == true)
    #expect(object["lastRepository"] as? String == "owner/repo2")

    let empty = try #require(
      try JSONSerialization.jsonObject(with: Data(State().outputJSON(now: now).utf8))
        as? [String: Any])
    #expect(empty["error"] is NSNull)
    #expect(empty["totalCount"] is NSNull)
    #expect(empty["nextPage"] is NSNull)
    #expect(empty["detail"] is NSNull)
    #expect(Array(empty.keys).count == 12)

    var opened = loaded
    opened.detail = .init(repository: .fixture(1))
    let line = opened.outputJSON(now: now)
    #expect(
      line.hasSuffix(
        #""lastRepository":"owner/repo2","detail":{"fullName":"owner/repo1","isLoading":true,"description":"Repository 1","stars":10,"forks":null,"openIssues":null,"defaultBranch":null,"error":null}}"#
      ))
  }
}
