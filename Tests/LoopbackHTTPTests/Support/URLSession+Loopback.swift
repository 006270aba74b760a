import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
  /// A fresh session that shares no cache, cookies or connections with any other.
  static func makeEphemeral(maximumConnectionsPerHost: Int = 6) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    // A safety net against a hung test, not a timing assertion.
    configuration.timeoutIntervalForRequest = 60
    return URLSession(configuration: configuration)
  }

  /// Sends `request` and returns the body with the response as an `HTTPURLResponse`.
  func exchange(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let (data, response) = try await data(for: request)
    return (data, response as! HTTPURLResponse)
  }

  /// Sends a GET for `target` (path and query, kept as written) relative to `server`.
  func get(_ target: String, from server: URL) async throws -> (Data, HTTPURLResponse) {
    try await exchange(URLRequest(url: URL(string: server.absoluteString + target)!))
  }
}
