import ExampleCommandLine
import Foundation
import LoopbackHTTP

/// Faults the offline server injects for chosen queries and pages, for demos of the error
/// states and of cancellation.
///
/// Written as a comma-separated list of `QUERY[@PAGE]=FAULT[:TIMES]` rules, as in the
/// `GITHUB_SEARCH_OFFLINE_FAULTS` variable:
///
/// ```
/// slow=stall                 # "slow" never gets an answer (only cancelling ends it)
/// swift@2=503:1              # page 2 of "swift" fails once with 503, then works
/// *=cut                      # every answer is cut off mid-body
/// /repos/ada/kit=stall       # a QUERY starting with "/" is a path: this repository's detail
/// ```
///
/// Faults: `stall`, `cut` (connection closed mid-body), `malformed` (broken JSON), `binary`
/// (a body that is not UTF-8), `forbidden` (403 with requests left), `ratelimit` (403 with
/// `x-ratelimit-remaining: 0`, reset in a minute), `retryafter` (429 with `retry-after: 30`),
/// or any status code from 400 to 599.
public final class OfflineFaults: @unchecked Sendable {
  // Safe: `remaining` is read and written only with `lock` held; `rules` never changes.

  /// One rule: which requests it matches and what they get.
  public struct Rule: Sendable, Equatable {
    /// The `q` it applies to, or the path when it starts with `/`; `nil` for every request (`*`).
    public var query: String?
    /// The page it applies to (`page`, 1 when absent), or `nil` for every page.
    public var page: Int?
    /// What the matching requests get.
    public var fault: Fault
    /// How many requests it applies to, or `nil` for all of them.
    public var times: Int?

    /// Makes a rule.
    public init(query: String?, page: Int?, fault: Fault, times: Int?) {
      self.query = query
      self.page = page
      self.fault = fault
      self.times = times
    }
  }

  /// What a faulty answer looks like.
  public enum Fault: Sendable, Equatable {
    /// No answer at all, until the client leaves.
    case stall
    /// The head and part of the body, then the connection closes.
    case cut
    /// A 200 whose body is not valid JSON.
    case malformed
    /// A 200 whose body is not UTF-8.
    case binary
    /// A 403 that is not a rate limit.
    case forbidden
    /// A 403 with `x-ratelimit-remaining: 0`, reset a minute later.
    case rateLimit
    /// A 429 with `retry-after: 30`.
    case retryAfter
    /// An error status with a GitHub-style JSON message.
    case status(Int)
  }

  /// A rule list that does not parse.
  public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var description: String
  }

  /// The rules, in the order they are tried.
  public let rules: [Rule]
  private let lock = NSLock()
  private var remaining: [Int?]
  private let now: @Sendable () -> Date

  /// Makes faults from rules; `now` dates the `ratelimit` fault's reset.
  public init(rules: [Rule], now: @escaping @Sendable () -> Date = Date.init) {
    self.rules = rules
    self.remaining = rules.map(\.times)
    self.now = now
  }

  /// Parses `QUERY[@PAGE]=FAULT[:TIMES],…`.
  public convenience init(
    parsing text: String, now: @escaping @Sendable () -> Date = Date.init
  ) throws(ParseError) {
    var rules: [Rule] = []
    for item in text.split(separator: ",") {
      let item = item.trimmingCharacters(in: .whitespaces)
      if item.isEmpty { continue }
      guard let equals = item.lastIndex(of: "=") else {
        throw ParseError(description: "\"\(item)\" is not QUERY[@PAGE]=FAULT[:TIMES]")
      }
      var target = String(item[..<equals])
      var specification = String(item[item.index(after: equals)...])
      var page: Int?
      if let at = target.lastIndex(of: "@"), let number = Int(target[target.index(after: at)...]) {
        page = number
        target = String(target[..<at])
      }
      var times: Int?
      if let colon = specification.lastIndex(of: ":") {
        guard let count = Int(specification[specification.index(after: colon)...]), count > 0
        else { throw ParseError(description: "\"\(item)\": TIMES must be a positive number") }
        times = count
        specification = String(specification[..<colon])
      }
      guard let fault = Self.fault(named: specification.lowercased()) else {
        throw ParseError(description: "\"\(item)\": unknown fault \"\(specification)\"")
      }
      rules.append(
        Rule(query: target == "*" ? nil : target, page: page, fault: fault, times: times))
    }
    self.init(rules: rules, now: now)
  }

  /// The faulty answer for `request`, or `nil` to let the routes answer.
  public func response(for request: HTTPRequest) -> HTTPResponse? {
    let query = request.queryValue(for: "q")
    let page = request.queryValue(for: "page").flatMap { Int($0) } ?? 1
    let fault = lock.withLock { () -> Fault? in
      for (index, rule) in rules.enumerated() {
        let target = rule.query?.hasPrefix("/") == true ? request.path : query
        guard rule.query == nil || rule.query == target, rule.page == nil || rule.page == page
        else { continue }
        if let left = remaining[index] {
          guard left > 0 else { continue }
          remaining[index] = left - 1
        }
        return rule.fault
      }
      return nil
    }
    return fault.map(response(for:))
  }

  private func response(for fault: Fault) -> HTTPResponse {
    let page = Data(#"{"total_count": 1, "incomplete_results": false, "items": []}"#.utf8)
    switch fault {
    case .stall:
      return .stall
    case .cut:
      return HTTPResponse.json(page).closingConnection(afterBodyBytes: page.count / 2)
    case .malformed:
      return .json(Data(#"{"total_count": 1, "items": [{"id": 1, "full_"#.utf8))
    case .binary:
      return .json(Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D]))
    case .forbidden:
      return .json(
        Self.message("Resource not accessible (simulated)"), status: 403,
        headers: ["X-RateLimit-Remaining": "9"])
    case .rateLimit:
      let reset = Int(now().addingTimeInterval(60).timeIntervalSince1970.rounded(.up))
      return .json(
        Self.message("API rate limit exceeded (simulated)"), status: 403,
        headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(reset)])
    case .retryAfter:
      return .json(
        Self.message("You have exceeded a secondary rate limit (simulated)"), status: 429,
        headers: ["Retry-After": "30"])
    case .status(let status):
      return .json(Self.message("Simulated failure \(status)"), status: status)
    }
  }

  private static func fault(named name: String) -> Fault? {
    switch name {
    case "stall": .stall
    case "cut": .cut
    case "malformed": .malformed
    case "binary": .binary
    case "forbidden": .forbidden
    case "ratelimit": .rateLimit
    case "retryafter": .retryAfter
    default: Int(name).flatMap { (400...599).contains($0) ? .status($0) : nil }
    }
  }

  private static func message(_ text: String) -> Data {
    Data("{\"message\": \(JSONValue.quoted(text))}".utf8)
  }
}
