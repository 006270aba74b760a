import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct GitHubConfigurationTests {
  @Test func defaultsToThePublicAPIThirtyPerPageAndAThirtySecondTimeout() {
    let configuration = GitHubConfiguration()
    #expect(configuration.apiURL.absoluteString == "https://api.github.com")
    #expect(configuration.pageSize == 30)
    #expect(configuration.token == nil)
    #expect(configuration.requestTimeout == .seconds(30))
  }

  @Test(arguments: [(0, 1), (1, 1), (100, 100), (101, 100), (-5, 1)])
  func clampsThePageSizeToWhatGitHubAccepts(asked: Int, used: Int) {
    #expect(GitHubConfiguration(pageSize: asked).pageSize == used)
  }
}
