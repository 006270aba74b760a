import LoopbackHTTP

/// Why GitHub could not say whether a username is taken.
///
/// None of these means "taken": a rate limit, a server error or a dropped connection says nothing
/// about the name, so the form reports "couldn't check" and lets the user try again.
public enum AvailabilityCheckError: Error, Sendable, Hashable, CustomStringConvertible {
  /// 429, or 403 with `x-ratelimit-remaining: 0`: too many requests for now.
  case rateLimited
  /// Any other 403: the server refuses to answer.
  case forbidden
  /// A 5xx status: the server is failing.
  case serverError(status: Int)
  /// A status the API does not document for this endpoint.
  case unexpectedStatus(Int)
  /// No complete answer within the client's time limit.
  case timedOut(after: Duration)
  /// The server could not be reached at all (refused, unknown host, no network).
  case unreachable(host: String)
  /// The exchange failed midway: the connection broke, the answer was not HTTP or too large,
  /// the server redirected in circles; `reason` says which, in a sentence.
  case failed(reason: String)

  /// The error a failed exchange stands for.
  init(_ error: HTTPFetchError) {
    switch error.reason {
    case .timedOut(let limit): self = .timedOut(after: limit)
    case _ where error.isUnreachable: self = .unreachable(host: error.server)
    default: self = .failed(reason: error.description)
    }
  }

  /// A sentence for the user, naming the cause and what to do.
  public var description: String {
    switch self {
    case .rateLimited:
      "Couldn't check availability: GitHub's rate limit was reached, try again in a minute"
    case .forbidden:
      "Couldn't check availability: GitHub refused the request (403)"
    case .serverError(let status):
      "Couldn't check availability: GitHub is having trouble (\(status)), try again"
    case .unexpectedStatus(let status):
      "Couldn't check availability: unexpected answer from GitHub (\(status))"
    case .timedOut(let limit):
      "Couldn't check availability: GitHub didn't answer within \(limit.secondsText), try again"
    case .unreachable(let host):
      "Couldn't check availability: can't reach \(host); without a network, use --offline"
    case .failed(let reason):
      "Couldn't check availability: \(reason)"
    }
  }
}
