import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct LinkHeaderTests {
  @Test func findsGitHubsNextAndLastLinks() {
    let header = LinkHeader(
      #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=2>; rel="next", "#
        + #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=34>; rel="last""#
    )
    #expect(
      header.url(for: "next")?.absoluteString
        == "https://api.github.com/search/repositories?q=swift&per_page=30&page=2")
    #expect(header.url(for: "last")?.absoluteString.hasSuffix("page=34") == true)
    #expect(header.url(for: "prev") == nil)
  }

  @Test func isLenientAboutCaseQuotesAndSpacing() {
    let header = LinkHeader(
      #"  <https://x.test/a?page=3> ;REL=Next ;title="a, b; c",<https://x.test/a?page=1>;rel=first"#
    )
    #expect(header.url(for: "next")?.absoluteString == "https://x.test/a?page=3")
    #expect(header.url(for: "FIRST")?.absoluteString == "https://x.test/a?page=1")
  }

  @Test func readsSeveralRelationsInOneRel() {
    let header = LinkHeader(#"<https://x.test/p2>; rel="next last""#)
    #expect(header.links.first?.relations == ["next", "last"])
    #expect(header.url(for: "last") == header.url(for: "next"))
  }

  @Test func resolvesRelativeTargetsAgainstTheRequest() {
    let base = URL(string: "https://ghe.example.com/api/v3/search/repositories?q=a")!
    let header = LinkHeader(
      #"</api/v3/search/repositories?q=a&page=2>; rel="next""#, relativeTo: base)
    #expect(
      header.url(for: "next")?.absoluteString
        == "https://ghe.example.com/api/v3/search/repositories?q=a&page=2")
  }

  @Test func keepsCommasAndSemicolonsInsideTheTarget() {
    let header = LinkHeader(#"<https://x.test/s?q=a,b;c&page=2>; rel="next""#)
    #expect(header.url(for: "next")?.absoluteString == "https://x.test/s?q=a,b;c&page=2")
  }

  @Test(arguments: [
    "", "garbage", "<https://x.test/p2", "https://x.test/p2; rel=next", "<https://x.test/p2>",
    #"<https://x.test/p2>; rel="next"#, ";;;,,,<>",
  ])
  func skipsMalformedLinksWithoutFailing(value: String) {
    let header = LinkHeader(value)
    #expect(header.links.allSatisfy { !$0.relations.isEmpty })
    if value.hasPrefix("<https://x.test/p2>; rel=\"next") {
      // An unterminated quote still names the relation.
      #expect(header.url(for: "next") != nil)
    } else {
      #expect(header.url(for: "next") == nil)
    }
  }

  @Test func skipsAMalformedLinkAndKeepsTheNextOne() {
    let header = LinkHeader(#"junk; rel="prev", <https://x.test/p2>; rel="next""#)
    #expect(header.links.count == 1)
    #expect(header.url(for: "next")?.absoluteString == "https://x.test/p2")
  }
}
