import Testing

@testable import LoopbackHTTP

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1))) struct SocketTests {
  @Test func anAcceptedConnectionSendsWithoutNaglesDelay() async throws {
    // With Nagle's algorithm on, a small write after another waits for the peer's delayed ACK:
    // keep-alive answers stalled ~40 ms each.
    let listener = try Socket.listen(onLoopbackPort: 0)
    defer { listener.close() }
    let client = try #require(await RawClient.connect(port: listener.localPort))
    defer { client.close() }

    guard case .accepted(let connection) = listener.accept() else {
      Issue.record("no connection to accept")
      return
    }
    defer { connection.close() }
    var noDelay: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    #expect(
      getsockopt(connection.descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, &length) == 0)
    #expect(noDelay != 0)
  }

  @Test func theListenerIsBoundToLoopbackOnly() throws {
    let listener = try Socket.listen(onLoopbackPort: 0)
    defer { listener.close() }
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener.descriptor, $0, &length)
      }
    }
    #expect(result == 0)
    #expect(UInt32(bigEndian: address.sin_addr.s_addr) == 0x7F00_0001)
  }

  @Test func acceptingWithNothingWaitingReturnsNone() throws {
    let listener = try Socket.listen(onLoopbackPort: 0)
    defer { listener.close() }
    guard case .none = listener.accept() else {
      Issue.record("expected nothing to accept")
      return
    }
  }
}
