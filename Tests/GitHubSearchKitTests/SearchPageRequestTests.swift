import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct SearchPageRequestTests {
  @Test func tellsTheFirstPageFromALinkedPage() {
    #expect(SearchPageRequest.firstPage(query: "swift").isFirstPage)
    #expect(
      !SearchPageRequest.nextPage(PageLink(url: URL(string: "https://x.test/?page=2")!)).isFirstPage
    )
  }
}
