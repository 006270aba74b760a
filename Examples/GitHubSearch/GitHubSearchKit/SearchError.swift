import Foundation

/// Why a page of results or a repository's detail did not arrive, with what a person needs to
/// act on it.
///
/// The seed swallowed every failure into "no results"; here each one is a state the screen can
/// explain. Server-supplied text is cut to one line of printable characters before it is kept,
/// so a hostile answer cannot move the cursor or forge lines on a terminal.
public enum SearchError: Error, Sendable, Hashable, Codable {
  /// GitHub's rate limit is used up until `until` (`x-ratelimit-reset`, or now + `retry-after`).
  case rateLimited(until: Date)
  /// GitHub refused the query (422), with its explanation.
  case invalidQuery(String)
  /// The service failed (5xx); trying again later may work.
  case unavailable(status: Int)
  /// A network error: the server could not be reached, did not answer within the request
  /// timeout, or the connection broke before the answer was complete.
  case offline(String)
  /// Access was refused for another reason than the rate limit (401, or 403 without
  /// `x-ratelimit-remaining: 0`), with the server's explanation.
  case forbidden(String)
  /// GitHub serves only the first 1000 results of a search; there is no page past them.
  case endOfResults
  /// The answer could not be read: not UTF-8, not JSON, not the expected shape, or an unexpected
  /// status.
  case invalidResponse(String)
  /// There is no repository with this full name (404 to `GET /repos/{owner}/{repo}`).
  case notFound(String)

  /// Makes an `.invalidQuery` error from server text, reduced to one safe line.
  public static func invalidQuery(serverMessage: String) -> SearchError {
    .invalidQuery(oneLine(serverMessage))
  }

  /// Whether asking again for the same page may work: after a rate limit (once it is over), an
  /// unavailable service, a broken connection or an unreadable answer — not after a refused
  /// query or access.
  public var isRetryable: Bool {
    switch self {
    case .rateLimited, .unavailable, .offline, .invalidResponse: true
    case .invalidQuery, .forbidden, .endOfResults, .notFound: false
    }
  }

  /// Whether this is a rate limit that is still in force at `date`.
  public func isRateLimit(at date: Date) -> Bool {
    if case .rateLimited(let until) = self { date < until } else { false }
  }

  /// A one-line explanation for a person; a rate limit says when it ends, relative to `now`.
  ///
  /// It states the reason and nothing the caller cannot vouch for: whether a token would raise
  /// a rate limit depends on whether one is set and who answered, so that advice is the
  /// caller's to add.
  ///
  /// - Parameters:
  ///   - now: The date a rate limit's remaining time is counted from.
  ///   - server: Who answered, as the message names it: `"GitHub"`, or `"the offline server"`
  ///     for the simulation, which must not be blamed on GitHub.
  public func message(now: Date = Date(), server: String = "GitHub") -> String {
    switch self {
    case .rateLimited(let until):
      let seconds = Self.wholeSeconds(from: now, to: until)
      let time = until.formatted(.iso8601)
      return "rate limited by \(server) for \(seconds) s more (until \(time))"
    case .invalidQuery(let reason):
      return "invalid query: \(reason)"
    case .unavailable(let status):
      return "\(server) is unavailable (HTTP \(status)); try again later"
    case .offline(let reason):
      return "network error: \(reason)"
    case .forbidden(let reason):
      return "access forbidden: \(reason)"
    case .endOfResults:
      return "\(server) serves only the first 1000 results of a search"
    case .invalidResponse(let reason):
      return "unreadable answer from the server: \(reason)"
    case .notFound(let fullName):
      return "\(server) has no repository named \(fullName)"
    }
  }

  /// `text` on one line of printable characters, at most `limit` of them: control characters
  /// and line breaks become spaces, runs of spaces one space.
  public static func oneLine(_ text: String, limit: Int = 200) -> String {
    var line = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let isControl =
        scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .format
      line.append(isControl || scalar.properties.isWhitespace ? " " : scalar)
    }
    var result = String(line).split(separator: " ", omittingEmptySubsequences: true)
      .joined(separator: " ")
    if result.count > limit { result = String(result.prefix(limit - 1)) + "…" }
    return result.isEmpty ? "no explanation given" : result
  }
}

extension SearchError: LocalizedError {
  /// The one-line ``message(now:)``.
  public var errorDescription: String? { message() }
}
