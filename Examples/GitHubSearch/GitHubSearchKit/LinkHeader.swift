import Foundation

/// The links of an HTTP `Link` header (RFC 8288), looked up by relation: how GitHub says where the
/// next page is.
///
/// ```swift
/// let header = LinkHeader(
///   #"<https://api.github.com/search/repositories?q=swift&page=2>; rel="next", "#
///     + #"<https://api.github.com/search/repositories?q=swift&page=34>; rel="last""#)
/// header.url(for: "next")  // …&page=2
/// ```
///
/// The next page is the one the server names, not `page + 1`: the server may change the page
/// size, add cursors, or stop offering pages (at GitHub's 1000-result cap) — only its links know.
/// Parsing is lenient: quoted or bare parameter values, several relations in one `rel`, any
/// letter case, commas inside `<…>` or quotes; a malformed link is skipped, never fatal.
public struct LinkHeader: Sendable, Equatable {
  /// One link: a target and the relations it has to the current page.
  public struct Link: Sendable, Equatable {
    /// The target, resolved against the request's URL when it was relative.
    public var url: URL
    /// The relation types, lowercased: `next`, `last`, `prev`, `first`…
    public var relations: [String]
  }

  /// Every well-formed link, in header order.
  public var links: [Link]

  /// Parses the value of a `Link` header; relative targets are resolved against `base`.
  public init(_ value: String, relativeTo base: URL? = nil) {
    var scanner = Scanner(Array(value.unicodeScalars))
    var links: [Link] = []
    while let (target, parameters) = scanner.nextLink() {
      guard let url = URL(string: target, relativeTo: base)?.absoluteURL,
        let relations = parameters["rel"]
      else { continue }
      let names = relations.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
      links.append(Link(url: url, relations: names))
    }
    self.links = links
  }

  /// The target of the first link with `relation` (case-insensitive), if any.
  public func url(for relation: String) -> URL? {
    let relation = relation.lowercased()
    return links.first { $0.relations.contains(relation) }?.url
  }
}

extension LinkHeader {
  /// Reads `<target>; name=value; name="quoted value", …` one link at a time.
  private struct Scanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) {
      self.scalars = scalars
    }

    /// The next link's target and parameters (names lowercased), or `nil` at the end.
    mutating func nextLink() -> (String, [String: String])? {
      while true {
        skip { $0 == "," || $0.properties.isWhitespace }
        guard index < scalars.count else { return nil }
        guard scalars[index] == "<" else {
          skipPastLink()  // Not a link: drop up to the next top-level comma.
          continue
        }
        index += 1
        let target = read { $0 != ">" }
        guard index < scalars.count else { return nil }  // No closing `>`: nothing usable left.
        index += 1
        return (target.trimmingCharacters(in: .whitespaces), parameters())
      }
    }

    /// Reads `; name=value` pairs up to the comma that ends the link.
    private mutating func parameters() -> [String: String] {
      var parameters: [String: String] = [:]
      while true {
        skip { $0.properties.isWhitespace }
        guard index < scalars.count, scalars[index] == ";" else {
          skipPastLink()
          return parameters
        }
        index += 1
        skip { $0.properties.isWhitespace }
        let name = read { $0 != "=" && $0 != ";" && $0 != "," }
          .trimmingCharacters(in: .whitespaces).lowercased()
        var value = ""
        if index < scalars.count, scalars[index] == "=" {
          index += 1
          skip { $0.properties.isWhitespace }
          value = index < scalars.count && scalars[index] == "\"" ? quoted() : bare()
        }
        // RFC 8288: only the first occurrence of a parameter counts.
        if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
      }
    }

    private mutating func quoted() -> String {
      index += 1  // The opening quote.
      var value = String.UnicodeScalarView()
      while index < scalars.count, scalars[index] != "\"" {
        if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
        value.append(scalars[index])
        index += 1
      }
      if index < scalars.count { index += 1 }  // The closing quote.
      return String(value)
    }

    private mutating func bare() -> String {
      read { $0 != ";" && $0 != "," }.trimmingCharacters(in: .whitespaces)
    }

    /// Skips to the comma that ends the current link, stepping over quoted strings.
    private mutating func skipPastLink() {
      while index < scalars.count, scalars[index] != "," {
        if scalars[index] == "\"" { _ = quoted() } else { index += 1 }
      }
    }

    private mutating func read(while predicate: (Unicode.Scalar) -> Bool) -> String {
      var value = String.UnicodeScalarView()
      while index < scalars.count, predicate(scalars[index]) {
        value.append(scalars[index])
        index += 1
      }
      return String(value)
    }

    private mutating func skip(while predicate: (Unicode.Scalar) -> Bool) {
      while index < scalars.count, predicate(scalars[index]) { index += 1 }
    }
  }
}
