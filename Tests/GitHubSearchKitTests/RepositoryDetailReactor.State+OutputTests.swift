import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct RepositoryDetailReactorStateOutputTests {
  typealias State = RepositoryDetailReactor.State
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func printsTheDocumentedKeysInOrderWithNullsUntilLoaded() {
    let loading = State(repository: .fixture(2))
    #expect(
      loading.outputJSON(now: now).serialized
        == #"{"fullName":"owner/repo2","isLoading":true,"description":"Repository 2","stars":20,"forks":null,"openIssues":null,"defaultBranch":null,"error":null}"#
    )
    var loaded = loading
    loaded.isLoading = false
    loaded.forks = 4
    loaded.openIssues = 6
    loaded.defaultBranch = "main"
    #expect(
      loaded.outputJSON(now: now).serialized
        == #"{"fullName":"owner/repo2","isLoading":false,"description":"Repository 2","stars":20,"forks":4,"openIssues":6,"defaultBranch":"main","error":null}"#
    )
    var failed = loading
    failed.isLoading = false
    failed.error = .notFound("owner/repo2")
    #expect(
      failed.outputJSON(now: now).serialized.hasSuffix(
        #""error":"GitHub has no repository named owner/repo2"}"#))
  }

  @Test func theStateLineSaysWhereTheDetailStands() {
    var state = GitHubSearchReactor.State()
    state.detail = State(repository: .fixture(2))
    #expect(state.outputLine(now: now).hasSuffix(" · detail owner/repo2: loading…"))
    state.detail?.isLoading = false
    state.detail?.forks = 4
    state.detail?.openIssues = 6
    state.detail?.defaultBranch = "main"
    #expect(
      state.outputLine(now: now).hasSuffix(
        " · detail owner/repo2 ★20 · 4 forks · 6 open issues · default branch main"))
    state.detail?.error = .unavailable(status: 503)
    #expect(
      state.outputLine(now: now).hasSuffix(
        " · detail owner/repo2: error: GitHub is unavailable (HTTP 503); try again later"))
  }
}
