import Foundation
import Testing

@testable import LoopbackHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct HTTPFetchErrorTests {
  let url = URL(string: "http://127.0.0.1:8080/search?q=secret&token=abc")

  func sentence(_ code: URLError.Code) -> String {
    HTTPFetchError(URLError(code), url: url, deadline: .seconds(30)).description
  }

  @Test func everyFailureIsAPlainSentenceNamingOnlyTheServer() {
    #expect(sentence(.timedOut) == "127.0.0.1:8080 did not answer within 30 s")
    #expect(sentence(.cannotConnectToHost) == "could not connect to 127.0.0.1:8080")
    #expect(sentence(.cannotFindHost) == "could not find 127.0.0.1:8080")
    #expect(sentence(.notConnectedToInternet) == "no network connection")
    #expect(
      sentence(.networkConnectionLost)
        == "the connection to 127.0.0.1:8080 broke before the answer was complete")
    #expect(sentence(.httpTooManyRedirects) == "127.0.0.1:8080 redirected too many times")
    #expect(sentence(.badServerResponse) == "127.0.0.1:8080 sent a broken HTTP answer")
    #expect(
      sentence(.serverCertificateUntrusted) == "the secure connection to 127.0.0.1:8080 failed")
    #expect(sentence(.unknown) == "the request to 127.0.0.1:8080 failed")
  }

  @Test func noSentenceShowsACodeThePathOrTheQuery() {
    let codes: [URLError.Code] = [
      .unknown, .cancelled, .badURL, .timedOut, .httpTooManyRedirects, .cannotParseResponse,
      .dataLengthExceedsMaximum, .secureConnectionFailed,
    ]
    for code in codes {
      let text = sentence(code)
      #expect(!text.contains("-1"), "\(text)")
      #expect(!text.contains("secret") && !text.contains("search"), "\(text)")
    }
  }

  @Test func aBodyOverTheLimitNamesTheLimitInBinaryUnits() {
    #expect(
      HTTPFetchError(.bodyTooLarge(limit: 8 << 20), server: "h").description
        == "h sent an answer larger than 8 MiB")
    #expect(
      HTTPFetchError(.bodyTooLarge(limit: 64 << 10), server: "h").description
        == "h sent an answer larger than 64 KiB")
    #expect(
      HTTPFetchError(.bodyTooLarge(limit: 1000), server: "h").description
        == "h sent an answer larger than 1000 bytes")
  }

  @Test func onlyFailuresToReachTheServerAreUnreachable() {
    let unreachable: [HTTPFetchError.Reason] = [
      .cannotConnect, .cannotFindHost, .notConnectedToInternet,
    ]
    let reached: [HTTPFetchError.Reason] = [
      .timedOut(.seconds(1)), .connectionLost, .brokenResponse, .tooManyRedirects, .failed,
    ]
    #expect(unreachable.allSatisfy { HTTPFetchError($0, server: "h").isUnreachable })
    #expect(reached.allSatisfy { !HTTPFetchError($0, server: "h").isUnreachable })
  }

  @Test func theServerIsTheHostAndAnyPort() {
    #expect(
      HTTPFetchError.serverName(of: URL(string: "https://api.github.com/x")) == "api.github.com")
    #expect(HTTPFetchError.serverName(of: URL(string: "http://h:81/")) == "h:81")
    #expect(HTTPFetchError.serverName(of: nil) == "the server")
  }
}
