import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct PageLinkTests {
  @Test func readsThePageNumberAndSizeFromTheServersURL() {
    let link = PageLink(
      url: URL(string: "https://api.github.com/search/repositories?q=c%2B%2B&per_page=50&page=7")!)
    #expect(link.number == 7)
    #expect(link.pageSize == 50)
  }

  @Test func hasNoNumberWhenTheServerUsesCursors() {
    let link = PageLink(url: URL(string: "https://x.test/search?q=a&after=Y3Vyc29y")!)
    #expect(link.number == nil)
    #expect(link.pageSize == nil)
  }

  @Test(arguments: [
    "page=0&per_page=0", "page=-3&per_page=-1", "page=99999999999999999999&per_page=101",
    "page=nan&per_page=1e308",
  ])
  func hasNoNumberOrSizeOutOfRange(query: String) {
    let link = PageLink(url: URL(string: "https://x.test/search?q=a&" + query)!)
    #expect(link.number == nil)
    #expect(link.pageSize == nil)
  }
}
