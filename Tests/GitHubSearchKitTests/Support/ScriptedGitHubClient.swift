import Foundation
import GitHubSearchKit

/// A `GitHubClient` whose every request waits until the test answers it.
///
/// `nextCall()` hands the test each request as it is made; `respond` / `fail` answer it. A
/// request whose task is cancelled ends with `CancellationError` and is recorded in
/// `cancelledRequests` — unless the client was made `ignoringCancellation`, to play a server
/// that answers anyway (the reactor must then drop the stale answer itself).
final class ScriptedGitHubClient: @unchecked Sendable {
  // Safe: every mutable field is touched only with `lock` held; continuations are resumed after
  // it is released.

  struct Call: Sendable {
    let request: SearchPageRequest
    fileprivate let id: Int
  }

  private let lock = NSLock()
  private let ignoresCancellation: Bool
  private var nextID = 0
  private var answers: [Int: CheckedContinuation<SearchPage, any Error>] = [:]
  private var cancelledBeforeSuspending: Set<Int> = []
  private var answered: Set<Int> = []
  private var unclaimedCalls: [Call] = []
  private var callWaiters: [CheckedContinuation<Call, Never>] = []
  private var requestLog: [SearchPageRequest] = []
  private var cancelledLog: [SearchPageRequest] = []

  init(ignoringCancellation: Bool = false) {
    ignoresCancellation = ignoringCancellation
  }

  /// Every request made so far, in order.
  var requests: [SearchPageRequest] { lock.withLock { requestLog } }

  /// The requests whose task was cancelled while they waited for an answer.
  var cancelledRequests: [SearchPageRequest] { lock.withLock { cancelledLog } }

  var client: GitHubClient {
    GitHubClient { [self] request in try await perform(request) }
  }

  /// The next request the reactor makes (already made, or the next one to come).
  func nextCall() async -> Call {
    await withCheckedContinuation { continuation in
      let call = lock.withLock { () -> Call? in
        if !unclaimedCalls.isEmpty { return unclaimedCalls.removeFirst() }
        callWaiters.append(continuation)
        return nil
      }
      if let call { continuation.resume(returning: call) }
    }
  }

  func respond(_ call: Call, with page: SearchPage) {
    takeAnswer(call)?.resume(returning: page)
  }

  func fail(_ call: Call, with error: SearchError) {
    takeAnswer(call)?.resume(throwing: error)
  }

  /// Answers every request still waiting with an empty page, so that a test whose reactor
  /// wrongly left a request running fails on its expectations instead of hanging in
  /// `waitUntilIdle()`.
  func answerEverything() {
    let waiting = lock.withLock {
      defer { answers = [:] }
      answered.formUnion(answers.keys)
      return Array(answers.values)
    }
    for answer in waiting { answer.resume(returning: SearchPage(repositories: [], totalCount: 0)) }
  }

  private func takeAnswer(_ call: Call) -> CheckedContinuation<SearchPage, any Error>? {
    lock.withLock {
      answered.insert(call.id)
      return answers.removeValue(forKey: call.id)
    }
  }

  private func perform(_ request: SearchPageRequest) async throws -> SearchPage {
    let id = lock.withLock {
      nextID += 1
      requestLog.append(request)
      return nextID
    }
    let wait = {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<SearchPage, any Error>) in
        let (isCancelled, waiter) = self.lock.withLock {
          () -> (Bool, CheckedContinuation<Call, Never>?) in
          if self.cancelledBeforeSuspending.remove(id) != nil { return (true, nil) }
          self.answers[id] = continuation
          let call = Call(request: request, id: id)
          if self.callWaiters.isEmpty {
            self.unclaimedCalls.append(call)
            return (false, nil)
          }
          return (false, self.callWaiters.removeFirst())
        }
        if isCancelled { continuation.resume(throwing: CancellationError()) }
        waiter?.resume(returning: Call(request: request, id: id))
      }
    }
    if ignoresCancellation { return try await wait() }
    return try await withTaskCancellationHandler(operation: wait) {
      let answer = lock.withLock { () -> CheckedContinuation<SearchPage, any Error>? in
        if answered.contains(id) { return nil }  // Too late: the answer is on its way.
        cancelledLog.append(request)
        unclaimedCalls.removeAll { $0.id == id }
        guard let answer = answers.removeValue(forKey: id) else {
          cancelledBeforeSuspending.insert(id)
          return nil
        }
        return answer
      }
      answer?.resume(throwing: CancellationError())
    }
  }
}

/// A date a test moves by hand, for rate limits.
final class TestDate: @unchecked Sendable {
  // Safe: `value` is touched only with `lock` held.
  private let lock = NSLock()
  private var value: Date

  init(_ value: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
    self.value = value
  }

  var now: Date { lock.withLock { value } }

  func advance(by seconds: TimeInterval) {
    lock.withLock { value = value.addingTimeInterval(seconds) }
  }
}

extension Repository {
  /// A repository named `owner/repo<id>`.
  static func fixture(_ id: Int, owner: String = "owner") -> Repository {
    Repository(
      id: id, fullName: "\(owner)/repo\(id)", description: "Repository \(id)",
      stargazersCount: id * 10, language: "Swift",
      htmlURL: URL(string: "https://github.com/\(owner)/repo\(id)")!)
  }
}

extension PageLink {
  /// A link as GitHub words it, to page `page` of `query`.
  static func fixture(_ query: String, page: Int) -> PageLink {
    PageLink(
      url: URL(
        string: "https://api.github.com/search/repositories?q=\(query)&per_page=30&page=\(page)")!
    )
  }
}

extension SearchPage {
  /// A page holding the fixtures `ids`, linking to `next` when given.
  static func fixture(
    _ ids: ClosedRange<Int>, total: Int = 100, next: PageLink? = nil, owner: String = "owner"
  ) -> SearchPage {
    SearchPage(
      repositories: ids.map { Repository.fixture($0, owner: owner) }, totalCount: total,
      nextPage: next)
  }
}
