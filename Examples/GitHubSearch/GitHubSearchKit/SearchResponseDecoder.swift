import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns one HTTP answer of `GET /search/repositories` into a ``SearchPage`` or a
/// ``SearchError``.
///
/// A malformed item is skipped and counted, so one bad repository never costs the page (the
/// seed failed the whole page). A body that is not UTF-8, not JSON, lacks `total_count` or
/// `items`, or has a negative `total_count` is an ``SearchError/invalidResponse(_:)`` with a
/// reason, never a crash; so is a number past `Int`'s range, never a trap.
public enum SearchResponseDecoder {
  /// Bodies larger than this are refused rather than parsed: a page of 100 results is ~300 KB.
  public static let maximumBodySize = 8 * 1024 * 1024

  /// Decodes the answer to a request for `url`.
  ///
  /// - Parameters:
  ///   - body: The bytes received.
  ///   - response: The status and headers.
  ///   - url: The address that was requested; relative `Link` targets resolve against it.
  ///   - pageSize: The page size that was asked for, for the 1000-result cap.
  ///   - now: When the answer arrived, for rate limits.
  public static func page(
    from body: Data, response: HTTPURLResponse, url: URL, pageSize: Int, now: Date
  ) throws(SearchError) -> SearchPage {
    if let error = SearchError(response: response, body: body, now: now) { throw error }
    let decoded = try decode(Body.self, from: body)
    guard decoded.totalCount >= 0 else {
      throw .invalidResponse("the answer has a negative `total_count`")
    }
    let repositories = decoded.items.compactMap(\.value)
    return SearchPage(
      repositories: repositories,
      totalCount: decoded.totalCount,
      isIncomplete: decoded.incompleteResults ?? false,
      nextPage: nextPage(
        response: response, url: url, pageSize: pageSize, isEmpty: repositories.isEmpty),
      skippedItemCount: decoded.items.count - repositories.count)
  }

  /// Decodes a successful answer's body, or says in a ``SearchError/invalidResponse(_:)`` why it
  /// cannot: too large, not UTF-8, not JSON, a field missing or malformed, or the reason the
  /// type's own decoder threw as a ``SearchError``.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from body: Data
  ) throws(SearchError) -> Value {
    guard body.count <= maximumBodySize else {
      throw .invalidResponse("the answer is too large (\(body.count) bytes)")
    }
    guard isUTF8(body) else { throw .invalidResponse("the answer is not UTF-8 text") }
    do {
      return try JSONDecoder().decode(Value.self, from: body)
    } catch let DecodingError.keyNotFound(key, _) {
      throw .invalidResponse("the answer has no `\(key.stringValue)`")
    } catch let DecodingError.typeMismatch(_, context) {
      throw .invalidResponse("the answer has a malformed `\(path(context.codingPath))`")
    } catch let DecodingError.valueNotFound(_, context) {
      throw .invalidResponse("the answer has a null `\(path(context.codingPath))`")
    } catch let error as SearchError {
      throw error  // A type's own check, with its own reason.
    } catch {
      throw .invalidResponse("the answer is not valid JSON (\(body.count) bytes; truncated?)")
    }
  }

  /// The `rel="next"` link, unless it lies past the 1000-result cap or goes nowhere new.
  static func nextPage(
    response: HTTPURLResponse, url: URL, pageSize: Int, isEmpty: Bool
  )
    -> PageLink?
  {
    guard !isEmpty, let header = response.value(forHTTPHeaderField: "Link"),
      let target = LinkHeader(header, relativeTo: url).url(for: "next"), target != url
    else { return nil }
    let link = PageLink(url: target)
    if let number = link.number {
      // GitHub answers 422 for any page that starts at or past the 1000th result. A page number
      // so large that the product overflows is past it too.
      let size = link.pageSize ?? min(max(pageSize, 1), GitHubConfiguration.maximumPageSize)
      let (firstIndex, overflow) = (number - 1).multipliedReportingOverflow(by: size)
      if overflow || firstIndex >= GitHubConfiguration.resultCap { return nil }
    }
    return link
  }

  private static func isUTF8(_ data: Data) -> Bool {
    let hadError = transcode(
      data.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
    return !hadError
  }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }

  private struct Body: Decodable {
    var totalCount: Int
    var incompleteResults: Bool?
    var items: [Lenient<Repository>]

    enum CodingKeys: String, CodingKey {
      case totalCount = "total_count"
      case incompleteResults = "incomplete_results"
      case items
    }
  }

  /// An element that decodes to `nil` instead of failing its array.
  private struct Lenient<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
      value = try? Value(from: decoder)
    }
  }
}
