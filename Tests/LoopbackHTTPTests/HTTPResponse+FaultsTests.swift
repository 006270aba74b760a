import Foundation
import LoopbackHTTP
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// A safety net against a hang, not a timing assertion.
@Suite(.timeLimit(.minutes(1))) struct HTTPResponseFaultsTests {
  @Test func aStalledResponseHoldsTheRequestUntilTheClientCancels() async throws {
    let server = try LoopbackServer { _ in .stall }
    let session = URLSession.makeEphemeral()
    let client = Task { try await session.get("/stall", from: server.baseURL) }

    await server.waitUntil { $0.count == 1 }
    #expect(server.requests.map(\.outcome) == [.pending])
    client.cancel()

    let error = await #expect(throws: URLError.self) { try await client.value }
    #expect(error?.code == .cancelled)
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  @Test func aStalledResponseEndsWhenTheServerStops() async throws {
    let server = try LoopbackServer { _ in .stall }
    let session = URLSession.makeEphemeral()
    let client = Task { try await session.get("/stall", from: server.baseURL) }
    await server.waitUntil { $0.count == 1 }

    server.stop()

    await #expect(throws: URLError.self) { try await client.value }
    #expect(server.requests.map(\.outcome) == [.serverStopped])
  }

  @Test func aResponseClosedMidBodyIsAnErrorForTheClient() async throws {
    let body = Data(repeating: UInt8(ascii: "x"), count: 1000)
    let server = try LoopbackServer { _ in
      HTTPResponse.json(body).closingConnection(afterBodyBytes: 10)
    }

    await #expect(throws: URLError.self) {
      try await URLSession.makeEphemeral().get("/cut", from: server.baseURL)
    }
    #expect(server.requests.map(\.outcome) == [.closedMidBody(status: 200)])
  }

  @Test func aResponseClosedMidBodyAnnouncesTheFullLengthAndSendsThePrefix() async throws {
    let server = try LoopbackServer { _ in
      HTTPResponse.text("0123456789").closingConnection(afterBodyBytes: 4)
    }
    let client = try #require(await RawClient.connect(port: server.port))
    defer { client.close() }

    await client.send("GET / HTTP/1.1\r\n\r\n")
    let response = await client.readToEnd()

    #expect(response.contains("Content-Length: 10\r\n"))
    #expect(response.hasSuffix("\r\n\r\n0123"))
  }

  @Test func aHugeBodyArrivesWhole() async throws {
    // 24 MB, with a marker byte every 4 KiB so a lost or repeated block shows.
    let body = {
      var body = Data(count: 24_000_000)
      body.withUnsafeMutableBytes { bytes in
        for index in stride(from: 0, to: bytes.count, by: 4096) {
          bytes[index] = UInt8(truncatingIfNeeded: index >> 12)
        }
      }
      return body
    }()
    let server = try LoopbackServer { _ in HTTPResponse(body: body) }

    let (data, response) = try await URLSession.makeEphemeral().get("/huge", from: server.baseURL)

    #expect(response.statusCode == 200)
    #expect(data.count == body.count)
    #expect(data == body)
  }

  @Test func nonUTF8BytesArriveUnchanged() async throws {
    let bytes = Data([0xFF, 0xFE, 0x00, 0xC3, 0x28, 0xA0, 0xA1, 0x80])
    let server = try LoopbackServer { _ in
      HTTPResponse(headers: ["Content-Type": "application/json"], body: bytes)
    }

    let (data, _) = try await URLSession.makeEphemeral().get("/bytes", from: server.baseURL)

    #expect(data == bytes)
  }

  @Test func aStreamedBodyRepeatsItsChunkUpToItsLength() async throws {
    let server = try LoopbackServer { _ in
      .streaming(Data("abc".utf8), byteCount: 100_000, status: 206)
    }
    let (data, response) = try await URLSession.makeEphemeral().get("/", from: server.baseURL)
    #expect(response.statusCode == 206)
    #expect(response.value(forHTTPHeaderField: "Content-Length") == "100000")
    #expect(data.count == 100_000)
    #expect(data.prefix(7) == Data("abcabca".utf8))
    #expect(server.requests.map(\.outcome) == [.responded(status: 206)])
  }

  @Test func anEndlessStreamHasNoLengthAndRunsUntilTheClientLeaves() async throws {
    let server = try LoopbackServer { _ in .streaming(Data(repeating: 0x20, count: 1000)) }
    let client = try #require(await RawClient.connect(port: server.port))
    await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    let head = await client.read(through: "\r\n\r\n")
    #expect(!head.contains("Content-Length"))
    #expect(head.contains("Connection: close"))
    _ = await client.read(through: String(repeating: " ", count: 50_000))
    client.close()
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  @Test func aSlowStreamSendsOneChunkPerInterval() async throws {
    let server = try LoopbackServer { _ in
      .streaming(Data("tick".utf8), byteCount: 12, every: .milliseconds(20))
    }
    let (data, _) = try await URLSession.makeEphemeral().get("/", from: server.baseURL)
    #expect(String(decoding: data, as: UTF8.self) == "tickticktick")
  }
}
