import Foundation

/// A page of results the server offered, as its `Link` header named it (`rel="next"`).
///
/// The ``url`` is followed as given; ``number`` is read from its `page` parameter for display and
/// for the 1000-result cap, never computed as `page + 1`.
public struct PageLink: Sendable, Hashable, Codable {
  /// The address of the page, with the query and page size the server chose.
  public var url: URL
  /// The `page` parameter of ``url``, when it has one from 1 up.
  public var number: Int?
  /// The `per_page` parameter of ``url``, when it has one from 1 to
  /// ``GitHubConfiguration/maximumPageSize``.
  public var pageSize: Int?

  /// Makes a link to `url`, reading its `page` and `per_page` parameters.
  public init(url: URL) {
    self.url = url
    let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
    // A server's link may say `page=-3` or `per_page=99999999999999999999`: out of range, a
    // parameter is as good as absent, so nothing downstream computes with it.
    number = items.last { $0.name == "page" }?.value.flatMap { Int($0) }.flatMap {
      $0 >= 1 ? $0 : nil
    }
    pageSize = items.last { $0.name == "per_page" }?.value.flatMap { Int($0) }.flatMap {
      (1...GitHubConfiguration.maximumPageSize).contains($0) ? $0 : nil
    }
  }
}
