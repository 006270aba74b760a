import Foundation

/// A page of results the server offered, as its `Link` header named it (`rel="next"`).
///
/// The ``url`` is followed as given; ``number`` is read from its `page` parameter for display and
/// for the 1000-result cap, never computed as `page + 1`.
public struct PageLink: Sendable, Hashable, Codable {
  /// The address of the page, with the query and page size the server chose.
  public var url: URL
  /// The `page` parameter of ``url``, when it has one.
  public var number: Int?
  /// The `per_page` parameter of ``url``, when it has one.
  public var pageSize: Int?

  /// Makes a link to `url`, reading its `page` and `per_page` parameters.
  public init(url: URL) {
    self.url = url
    let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
    number = items.last { $0.name == "page" }?.value.flatMap { Int($0) }
    pageSize = items.last { $0.name == "per_page" }?.value.flatMap { Int($0) }
  }
}
