import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SearchError {
  /// The error an HTTP answer stands for, or `nil` for a success (2xx).
  ///
  /// GitHub's rules, in order:
  /// - 403 or 429 with `retry-after`: a secondary rate limit, over after that many seconds.
  /// - 403 or 429 with `x-ratelimit-remaining: 0`: the primary rate limit, over at
  ///   `x-ratelimit-reset` (seconds since 1970).
  /// - 429 without either: a rate limit of unknown length; GitHub advises waiting a minute.
  /// - Any other 403, and 401: access refused; the seed read every 403 as a rate limit.
  /// - 422: the query is invalid, or the page lies past the 1000-result cap.
  /// - 5xx: the service is unavailable.
  ///
  /// - Parameters:
  ///   - response: The status and headers.
  ///   - body: The body, for GitHub's `message`.
  ///   - now: The time the answer arrived, for `retry-after`.
  public init?(response: HTTPURLResponse, body: Data, now: Date) {
    let status = response.statusCode
    if (200..<300).contains(status) { return nil }
    let message = Self.serverMessage(in: body)
    switch status {
    case 403, 429:
      if let retryAfter = response.value(forHTTPHeaderField: "retry-after")
        .flatMap({ Self.seconds(inRetryAfter: $0, now: now) })
      {
        self = .rateLimited(until: now.addingTimeInterval(retryAfter), now: now)
      } else if response.value(forHTTPHeaderField: "x-ratelimit-remaining")?
        .trimmingCharacters(in: .whitespaces) == "0"
      {
        // Whole seconds since 1970, as GitHub sends it; not `TimeInterval(_:)`, which takes
        // `nan`, `inf` and `1e308`. Any end is clamped to the next hour.
        let reset = response.value(forHTTPHeaderField: "x-ratelimit-reset")
          .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        self = .rateLimited(
          until: reset.map { Date(timeIntervalSince1970: TimeInterval($0)) }
            ?? now.addingTimeInterval(60),
          now: now)
      } else if status == 429 {
        self = .rateLimited(until: now.addingTimeInterval(60))
      } else {
        self = .forbidden(Self.oneLine(message ?? "HTTP 403"))
      }
    case 401:
      self = .forbidden(Self.oneLine(message ?? "bad credentials") + " (check GITHUB_TOKEN)")
    case 422:
      if let message, message.lowercased().contains("first 1000") {
        self = .endOfResults
      } else {
        self = .invalidQuery(serverMessage: message ?? "HTTP 422")
      }
    case 500...599:
      self = .unavailable(status: status)
    default:
      let reason = message.map { ": " + $0 } ?? ""
      self = .invalidResponse(Self.oneLine("unexpected HTTP status \(status)\(reason)"))
    }
  }

  /// GitHub's `message`, followed by the messages of its `errors`, if the body has them.
  static func serverMessage(in body: Data) -> String? {
    struct ErrorBody: Decodable {
      struct Detail: Decodable {
        var message: String?
        var field: String?
        var code: String?
      }
      var message: String?
      var errors: [Detail]?
    }
    guard let decoded = try? JSONDecoder().decode(ErrorBody.self, from: body) else { return nil }
    let details = (decoded.errors ?? []).compactMap { detail -> String? in
      if let message = detail.message { return message }
      if let field = detail.field, let code = detail.code { return "\(field) is \(code)" }
      return nil
    }
    let parts = [decoded.message].compactMap { $0 } + details
    return parts.isEmpty ? nil : parts.joined(separator: ": ")
  }

  /// The delay a `retry-after` header asks for: seconds, or an HTTP date; at most
  /// ``longestRateLimit``, so a 30-digit or far-future value is an hour, not centuries.
  static func seconds(inRetryAfter value: String, now: Date) -> TimeInterval? {
    let value = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(value) { return min(TimeInterval(max(0, seconds)), longestRateLimit) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return min(max(0, date.timeIntervalSince(now)), longestRateLimit)
  }
}
