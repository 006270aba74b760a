import Foundation
import Testing

@testable import GitHubSearchKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct GitHubConfigurationRequestsTests {
  let configuration = GitHubConfiguration(pageSize: 50)

  /// The `q` value as a server decodes it: percent-decoding only, `+` kept as is.
  func decodedQ(_ request: URLRequest) throws -> String {
    let query = try #require(request.url?.query(percentEncoded: true))
    let q = try #require(query.split(separator: "&").first { $0.hasPrefix("q=") })
    return try #require(String(q.dropFirst(2)).removingPercentEncoding)
  }

  @Test(arguments: [
    "c++", "c#", "a&b=c", "swift language:swift", "50% off", "naïve 検索 🚀", "a+b #1 ?x /y",
    "q=evil&per_page=1",
  ])
  func keepsEveryCharacterInsideTheQuery(query: String) throws {
    let request = try configuration.urlRequest(for: .firstPage(query: query))
    #expect(try decodedQ(request) == query)
    #expect(request.url?.fragment == nil)
    let items = request.url?.query(percentEncoded: true)?.split(separator: "&") ?? []
    #expect(items.count == 2, "no parameter leaked out of q: \(items)")
  }

  @Test func encodesPlusAndSpaceSoNoServerReadsPlusAsSpace() throws {
    let request = try configuration.urlRequest(for: .firstPage(query: "c++ lib"))
    #expect(request.url?.absoluteString.contains("q=c%2B%2B%20lib&") == true)
  }

  @Test func asksForThePublicSearchEndpointWithGitHubsHeaders() throws {
    let request = try configuration.urlRequest(for: .firstPage(query: "swift"))
    #expect(
      request.url?.absoluteString
        == "https://api.github.com/search/repositories?q=swift&per_page=50")
    #expect(request.httpMethod == "GET")
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.github+json")
    #expect(request.value(forHTTPHeaderField: "X-GitHub-Api-Version") == "2022-11-28")
    #expect(
      request.value(forHTTPHeaderField: "User-Agent")?.hasPrefix("Reactors-GitHubSearch/") == true)
    #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
  }

  @Test func keepsTheEnterprisePathPrefix() throws {
    for base in ["https://ghe.example.com/api/v3", "https://ghe.example.com/api/v3/"] {
      let configuration = GitHubConfiguration(apiURL: URL(string: base)!)
      let request = try configuration.urlRequest(for: .firstPage(query: "x"))
      #expect(
        request.url?.absoluteString
          == "https://ghe.example.com/api/v3/search/repositories?q=x&per_page=30")
    }
  }

  @Test func followsTheServersNextLinkAsGiven() throws {
    let link = PageLink(
      url: URL(string: "https://api.github.com/search/repositories?q=swift&per_page=50&page=2")!)
    let request = try configuration.urlRequest(for: .nextPage(link))
    #expect(request.url == link.url)
    #expect(request.value(forHTTPHeaderField: "X-GitHub-Api-Version") == "2022-11-28")
  }

  @Test(arguments: [
    "https://evil.example.com/search/repositories?page=2",
    "http://api.github.com/search/repositories?page=2",
    "https://api.github.com:8443/search/repositories?page=2",
  ])
  func refusesToFollowALinkToAnotherServer(url: String) throws {
    let configuration = GitHubConfiguration(token: GitHubToken("secret"))
    #expect(throws: SearchError.self) {
      try configuration.urlRequest(for: .nextPage(PageLink(url: URL(string: url)!)))
    }
  }

  @Test func treatsTheDefaultPortAsTheSameServer() {
    #expect(configuration.isSameServer(URL(string: "https://API.github.com:443/x")!))
  }
}

@Suite(.timeLimit(.minutes(1))) struct GitHubConfigurationRepositoryRequestTests {
  @Test func asksForTheRepositoryUnderTheAPIsPathWithGitHubsHeaders() throws {
    let configuration = GitHubConfiguration(
      apiURL: URL(string: "https://ghe.example.com/api/v3/")!, token: GitHubToken("t0ken"))
    let request = try configuration.urlRequest(forRepository: "apple/swift")
    #expect(request.url?.absoluteString == "https://ghe.example.com/api/v3/repos/apple/swift")
    #expect(request.httpMethod == "GET")
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.github+json")
    #expect(request.value(forHTTPHeaderField: "X-GitHub-Api-Version") == "2022-11-28")
    #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
  }

  @Test func encodesEachPartOfTheNameAsOnePathSegment() throws {
    let request = try GitHubConfiguration().urlRequest(forRepository: "o wn?er/re#po%")
    #expect(
      request.url?.absoluteString == "https://api.github.com/repos/o%20wn%3Fer/re%23po%25")
  }

  @Test(arguments: ["apple", "apple/swift/extra", "/swift", "apple/", "../x", "apple/..", ""])
  func refusesANameThatIsNotOwnerSlashName(name: String) {
    #expect(throws: SearchError.self) {
      try GitHubConfiguration().urlRequest(forRepository: name)
    }
  }
}
