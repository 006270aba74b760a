import Foundation
import Reactors
import Testing

@testable import GitHubSearchKit

@Suite(.timeLimit(.minutes(1))) struct GitHubTokenTests {
  let secret = "ghp_s3cr3tT0k3nValue"

  @Test func neverPrintsItsValue() throws {
    let token = try #require(GitHubToken(secret))
    var dumped = ""
    dump(token, to: &dumped)
    let configuration = GitHubConfiguration(token: token)
    var dumpedConfiguration = ""
    dump(configuration, to: &dumpedConfiguration)
    for text in [
      "\(token)", String(describing: token), String(reflecting: token), dumped,
      "\(configuration)", String(reflecting: configuration), dumpedConfiguration,
      "\(Optional(token) as Any)",
    ] {
      #expect(!text.contains(secret), "\(text)")
    }
  }

  @Test func isSentOnlyAsABearerAuthorization() throws {
    let configuration = GitHubConfiguration(token: GitHubToken(secret))
    let request = try configuration.urlRequest(for: .firstPage(query: "swift"))
    #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer \(secret)")
    #expect(!(request.url?.absoluteString.contains(secret) ?? true))
  }

  @Test func comesFromGITHUB_TOKENWhenSetAndNotBlank() {
    #expect(
      GitHubToken.fromEnvironment(["GITHUB_TOKEN": " \(secret)\n"])?.authorization
        == "Bearer \(secret)")
    #expect(GitHubToken.fromEnvironment(["GITHUB_TOKEN": "  "]) == nil)
    #expect(GitHubToken.fromEnvironment([:]) == nil)
  }

  @Test func isRedactedInReactorDiagnostics() throws {
    let token = try #require(GitHubToken(secret))
    let description = Redaction.default.describe(token)
    #expect(!description.contains(secret))
  }
}
