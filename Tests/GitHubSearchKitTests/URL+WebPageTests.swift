import Foundation
import Testing

@testable import GitHubSearchKit

@Suite(.timeLimit(.minutes(1))) struct URLWebPageTests {
  @Test(arguments: [
    "https://github.com/apple/swift", "HTTP://example.com", "http://127.0.0.1:8080/a",
  ])
  func anHTTPOrHTTPSAddressWithAHostIsAWebPage(address: String) throws {
    #expect(try #require(URL(string: address)).isWebPage)
  }

  @Test(arguments: [
    "javascript:alert(1)", "file:///etc/passwd", "https:///apple/swift", "ftp://example.com/a",
    "github.com/apple/swift",
  ])
  func anythingElseIsNot(address: String) throws {
    #expect(try !#require(URL(string: address)).isWebPage)
  }
}
