import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RepositoryDetail {
  /// Decodes the answer to `GET /repos/{owner}/{repo}` for `fullName`.
  ///
  /// A 404 is ``SearchError/notFound(_:)``; every other status reads as for a search (a rate
  /// limit with its end, forbidden, unavailable); a body that is not a repository the pane can
  /// show is an ``SearchError/invalidResponse(_:)`` with the reason, never a crash.
  ///
  /// - Parameters:
  ///   - body: The bytes received.
  ///   - response: The status and headers.
  ///   - fullName: The repository that was asked for.
  ///   - now: When the answer arrived, for rate limits.
  public static func decode(
    from body: Data, response: HTTPURLResponse, fullName: String, now: Date
  ) throws(SearchError) -> RepositoryDetail {
    if response.statusCode == 404 { throw .notFound(SearchError.oneLine(fullName)) }
    if let error = SearchError(response: response, body: body, now: now) { throw error }
    return try SearchResponseDecoder.decode(RepositoryDetail.self, from: body)
  }
}
