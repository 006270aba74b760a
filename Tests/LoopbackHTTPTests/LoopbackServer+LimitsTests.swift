import Foundation
import LoopbackHTTP
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct LoopbackServerLimitsTests {
  @Test func theDefaultsAreDocumented() {
    let limits = LoopbackServer.Limits()
    #expect(limits.maximumConnectionCount == 64)
    #expect(limits.idleTimeout == .seconds(30))
    #expect(limits.maximumHeadByteCount == 64 * 1024)
    #expect(limits.maximumHeaderCount == 100)
    #expect(limits.maximumBodyByteCount == 1024 * 1024)
    #expect(limits.logCapacity == 1000)
  }

  @Test func aBodyOverTheLimitGets413AndASmallerOneIsServed() async throws {
    var limits = LoopbackServer.Limits()
    limits.maximumBodyByteCount = 10
    let server = try LoopbackServer(limits: limits) { request in HTTPResponse(body: request.body) }
    let session = URLSession.makeEphemeral()
    for (body, status) in [("0123456789", 200), ("0123456789A", 413)] {
      var request = URLRequest(url: server.baseURL)
      request.httpMethod = "POST"
      request.httpBody = Data(body.utf8)
      #expect(try await session.exchange(request).1.statusCode == status)
    }
  }
}
