import Foundation
import LoopbackHTTP
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// A safety net against a hang, not a timing assertion.
@Suite(.timeLimit(.minutes(1))) struct LoopbackServerTests {
  @Test func itListensOnAnEphemeralLoopbackPort() throws {
    let server = try LoopbackServer { _ in .text("ok") }

    #expect(server.port != 0)
    #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
  }

  @Test func aGETReachesTheHandlerWithItsQueryDecoded() async throws {
    let server = try LoopbackServer { request in
      .text(request.queryItems.map { "\($0.name)=\($0.value ?? "nil")" }.joined(separator: "\n"))
    }
    let session = URLSession.makeEphemeral()

    let (data, response) = try await session.get(
      "/search/repositories?q=c%2B%2B&h=%23&a=%26&e=%3D&u=%E5%90%8D%E5%89%8D&p=a+b",
      from: server.baseURL)

    #expect(response.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self) == "q=c++\nh=#\na=&\ne==\nu=名前\np=a b")
    let request = try #require(server.requests.first?.request)
    #expect(request.method == "GET")
    #expect(request.path == "/search/repositories")
    #expect(request.rawQuery == "q=c%2B%2B&h=%23&a=%26&e=%3D&u=%E5%90%8D%E5%89%8D&p=a+b")
  }

  @Test func theHandlerKnowsTheServersBaseURLForAbsoluteLinks() async throws {
    let server = try LoopbackServer { request in
      let next = request.serverBaseURL!.absoluteString + "/search?page=2"
      return .text("", headers: ["Link": "<\(next)>; rel=\"next\""])
    }

    let (_, response) = try await URLSession.makeEphemeral().get("/search", from: server.baseURL)

    #expect(
      response.value(forHTTPHeaderField: "Link")
        == "<\(server.baseURL.absoluteString)/search?page=2>; rel=\"next\"")
  }

  @Test func aQueryBuiltByURLComponentsArrivesIntact() async throws {
    let server = try LoopbackServer { _ in .text("ok") }
    var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
    components.path = "/search"
    components.queryItems = [URLQueryItem(name: "q", value: "swift #1 & a=b 名前")]

    _ = try await URLSession.makeEphemeral().exchange(URLRequest(url: components.url!))

    #expect(server.requests.first?.request.queryValue(for: "q") == "swift #1 & a=b 名前")
  }

  @Test func requestAndResponseHeadersCrossTheWire() async throws {
    let server = try LoopbackServer { request in
      .json(
        Data("{}".utf8),
        headers: [
          "Link": "<http://127.0.0.1/?page=2>; rel=\"next\"",
          "X-Echo": request.headers["x-github-api-version"] ?? "missing",
        ])
    }
    var request = URLRequest(url: server.baseURL.appendingPathComponent("headers"))
    request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")

    let (_, response) = try await URLSession.makeEphemeral().exchange(request)

    #expect(response.value(forHTTPHeaderField: "x-echo") == "2022-11-28")
    #expect(
      response.value(forHTTPHeaderField: "Link") == "<http://127.0.0.1/?page=2>; rel=\"next\"")
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
    let received = try #require(server.requests.first?.request)
    #expect(received.headers["ACCEPT"] == "application/vnd.github+json")
  }

  @Test func aStatusFromTheHandlerReachesTheClientWithItsBody() async throws {
    let server = try LoopbackServer { _ in
      .json(Data(#"{"message":"Not Found"}"#.utf8), status: 404)
    }

    let (data, response) = try await URLSession.makeEphemeral().get(
      "/users/nobody", from: server.baseURL)

    #expect(response.statusCode == 404)
    #expect(String(decoding: data, as: UTF8.self) == #"{"message":"Not Found"}"#)
    #expect(server.requests.map(\.outcome) == [.responded(status: 404)])
  }

  @Test func sequentialRequestsReuseOneKeptAliveConnection() async throws {
    let server = try LoopbackServer { request in .text(request.path) }
    let session = URLSession.makeEphemeral()

    for page in 1...4 {
      let (data, _) = try await session.get("/page/\(page)", from: server.baseURL)
      #expect(String(decoding: data, as: UTF8.self) == "/page/\(page)")
    }

    #expect(server.requests.count == 4)
    #expect(Set(server.requests.map(\.connection)) == [0])
  }

  @Test func aResponseAskingToCloseEndsTheConnectionAndTheClientReconnects() async throws {
    let server = try LoopbackServer { _ in .text("bye", headers: ["Connection": "close"]) }
    let session = URLSession.makeEphemeral()

    _ = try await session.get("/1", from: server.baseURL)
    _ = try await session.get("/2", from: server.baseURL)

    #expect(server.requests.map(\.connection) == [0, 1])
  }

  @Test func aPOSTBodyReachesTheHandler() async throws {
    let server = try LoopbackServer { request in HTTPResponse(body: request.body) }
    // Large enough that curl first sends `Expect: 100-continue` and waits for it.
    let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    var request = URLRequest(url: server.baseURL.appendingPathComponent("echo"))
    request.httpMethod = "POST"
    request.httpBody = body

    let (data, response) = try await URLSession.makeEphemeral().exchange(request)

    #expect(response.statusCode == 200)
    #expect(data == body)
    #expect(server.requests.first?.request.method == "POST")
  }

  @Test func concurrentRequestsAreHandledConcurrently() async throws {
    // Every handler waits at the gate until all four have arrived: only concurrency passes it.
    let gate = Gate(count: 4)
    let server = try LoopbackServer { request in
      await gate.arrive()
      return .text(request.path)
    }
    let session = URLSession.makeEphemeral(maximumConnectionsPerHost: 4)

    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<4 {
        group.addTask {
          let (data, _) = try await session.get("/\(index)", from: server.baseURL)
          return String(decoding: data, as: UTF8.self)
        }
      }
      return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }

    #expect(bodies == ["/0", "/1", "/2", "/3"])
    #expect(Set(server.requests.map(\.connection)).count == 4)
  }

  @Test func aHEADRequestGetsTheHeadWithoutTheBody() async throws {
    let server = try LoopbackServer { _ in .text("twelve bytes") }
    var request = URLRequest(url: server.baseURL)
    request.httpMethod = "HEAD"

    let (data, response) = try await URLSession.makeEphemeral().exchange(request)

    #expect(response.statusCode == 200)
    #expect(data.isEmpty)
    #expect(response.value(forHTTPHeaderField: "Content-Length") == "12")
  }

  // MARK: Disconnects and stopping

  @Test func aClientThatCancelsIsRecordedAsDisconnectedAndTheHandlerIsCancelled() async throws {
    let (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)
    let server = try LoopbackServer { _ in
      await waitForCancellation()
      cancelled.yield()
      return .text("too late")
    }
    let session = URLSession.makeEphemeral()
    let client = Task { try await session.get("/slow", from: server.baseURL) }

    await server.waitUntil { $0.count == 1 }
    client.cancel()

    await #expect(throws: URLError.self) { try await client.value }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
    var iterator = cancellations.makeAsyncIterator()
    #expect(await iterator.next() != nil)
  }

  @Test func stoppingWhileARequestIsInFlightFailsTheClientAndCancelsTheHandler() async throws {
    let (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)
    let server = try LoopbackServer { _ in
      await waitForCancellation()
      cancelled.yield()
      return .text("too late")
    }
    let session = URLSession.makeEphemeral()
    let client = Task { try await session.get("/slow", from: server.baseURL) }
    await server.waitUntil { $0.count == 1 }

    server.stop()

    await #expect(throws: URLError.self) { try await client.value }
    #expect(server.requests.map(\.outcome) == [.serverStopped])
    var iterator = cancellations.makeAsyncIterator()
    #expect(await iterator.next() != nil)
  }

  // NB: the two tests below use fixed ports under Linux's ephemeral range (32768–60999): once
  // stopped, an ephemeral port may be handed at once to another test's server, which would answer.

  @Test func afterStopNewConnectionsAreRefusedAndStopCanBeCalledAgain() async throws {
    let server = try LoopbackServer(port: 28_431) { _ in .text("ok") }

    server.stop()
    server.stop()

    #expect(await RawClient.connect(port: server.port) == nil)
  }

  @Test func releasingTheServerStopsIt() async throws {
    var server: LoopbackServer? = try LoopbackServer(port: 28_432) { _ in .text("ok") }
    let port = try #require(server?.port)

    server = nil

    #expect(await RawClient.connect(port: port) == nil)
  }

  @Test func anIdleKeptAliveConnectionIsClosedByStop() async throws {
    let server = try LoopbackServer { _ in .text("ok") }
    let client = try #require(await RawClient.connect(port: server.port))
    defer { client.close() }
    await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = await client.read(through: "ok")

    server.stop()

    #expect(await client.readToEnd() == "")
  }

  // MARK: Malformed requests

  @Test func aMalformedRequestGetsA400AndTheConnectionCloses() async throws {
    let server = try LoopbackServer { _ in .text("never") }
    let response = try await RawClient.exchange("GARBAGE\r\n\r\n", port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    #expect(response.contains("Connection: close\r\n"))
    #expect(server.requests.isEmpty)
  }

  @Test func aMalformedRequestAfterAGoodOneStillGetsA400() async throws {
    let server = try LoopbackServer { _ in .text("fine") }
    let response = try await RawClient.exchange(
      "GET /ok HTTP/1.1\r\nHost: x\r\n\r\nGET /bad HTTP/1.1\r\nBad Header\r\n\r\n",
      port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(response.contains("fine"))
    #expect(response.contains("HTTP/1.1 400 Bad Request\r\n"))
    #expect(server.requests.map(\.request.path) == ["/ok"])
  }

  @Test func anOversizedHeadGets431() async throws {
    let server = try LoopbackServer { _ in .text("never") }
    let response = try await RawClient.exchange(
      "GET / HTTP/1.1\r\nX-Huge: " + String(repeating: "x", count: 70_000), port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 431 "))
  }

  @Test func anOversizedBodyGets413WithoutBeingRead() async throws {
    let server = try LoopbackServer { _ in .text("never") }
    let response = try await RawClient.exchange(
      "POST / HTTP/1.1\r\nContent-Length: 999999999\r\n\r\n", port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 413 "))
  }

  @Test func aClientThatLeavesMidRequestIsNotLogged() async throws {
    let server = try LoopbackServer { _ in .text("never") }
    let client = try #require(await RawClient.connect(port: server.port))
    await client.send("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")
    client.close()

    // A second, complete request proves the server is still serving.
    let (data, _) = try await URLSession.makeEphemeral().get("/after", from: server.baseURL)

    #expect(String(decoding: data, as: UTF8.self) == "never")
    #expect(server.requests.map(\.request.path) == ["/after"])
  }

  // MARK: Abuse

  /// Limits with a short idle timeout, so that abuse is cheap to provoke.
  static func limits(idleTimeout: Duration = .seconds(30)) -> LoopbackServer.Limits {
    var limits = LoopbackServer.Limits()
    limits.idleTimeout = idleTimeout
    return limits
  }

  @Test func aOneMegabyteRequestLineGets431AndTheServerGoesOn() async throws {
    let server = try LoopbackServer { _ in .text("fine") }
    let response = try await RawClient.exchange(
      "GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\n\r\n", port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 431 "))
    let (data, _) = try await URLSession.makeEphemeral().get("/after", from: server.baseURL)
    #expect(String(decoding: data, as: UTF8.self) == "fine")
  }

  @Test func tenThousandHeaderFieldsGet431() async throws {
    let server = try LoopbackServer { _ in .text("never") }
    // 50 KB: under the head's size limit, far over its field limit.
    let fields = String(repeating: "A:b\r\n", count: 10_000)
    let response = try await RawClient.exchange(
      "GET / HTTP/1.1\r\n" + fields + "\r\n", port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 431 "))
    #expect(response.contains("too many header fields"))
    #expect(server.requests.isEmpty)
  }

  @Test func fiveHundredIdleConnectionsNeverLockOutANewOne() async throws {
    let server = try LoopbackServer { _ in .text("served") }
    var idle: [RawClient] = []
    defer { for client in idle { client.close() } }
    for index in 0..<500 {
      let client = try #require(await RawClient.connect(port: server.port))
      // Half of them start a request they never finish.
      if index.isMultiple(of: 2) { await client.send("GET /slow HTTP/1.1\r\nHost: x\r\n") }
      idle.append(client)
    }

    let (data, _) = try await URLSession.makeEphemeral().get("/new", from: server.baseURL)

    #expect(String(decoding: data, as: UTF8.self) == "served")
    // At most 64 connections stay open; the others were closed, the longest waiters first.
    let open = idle.filter { !$0.isClosedByServer() }
    #expect(open.count < server.limits.maximumConnectionCount)
    #expect(idle.prefix(400).allSatisfy { $0.isClosedByServer() })
  }

  @Test func aConnectionThatSendsNoCompleteRequestIsClosedAtTheIdleTimeout() async throws {
    let server = try LoopbackServer(limits: Self.limits(idleTimeout: .milliseconds(200))) { _ in
      .text("never")
    }
    let silent = try #require(await RawClient.connect(port: server.port))
    defer { silent.close() }
    let slow = try #require(await RawClient.connect(port: server.port))
    defer { slow.close() }

    // The silent one is closed; so is one that trickles a byte every 50 ms, which a timeout
    // restarted by every byte would keep forever. 60 bytes take 3 s: the server cuts it long
    // before.
    #expect(await silent.readToEnd() == "")
    let sent = await slow.trickle(
      Array("GET / HTTP/1.1\r\nX: ".utf8) + Array(repeating: 0x61, count: 40),
      every: .milliseconds(50))
    #expect(sent < 60)
    #expect(server.requests.isEmpty)
  }

  @Test func anHTTP10RequestIsAnsweredAndTheConnectionCloses() async throws {
    let server = try LoopbackServer { request in .text("old \(request.path)") }
    let response = try await RawClient.exchange("GET /page HTTP/1.0\r\n\r\n", port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(response.contains("Connection: close\r\n"))
    #expect(response.hasSuffix("old /page"))
  }

  @Test func pipelinedRequestsAreAnsweredInOrderOnOneConnection() async throws {
    let server = try LoopbackServer { request in .text("<\(request.path)>") }
    let response = try await RawClient.exchange(
      "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n"
        + "GET /3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)

    let bodies = ["</1>", "</2>", "</3>"].map { response.range(of: $0)?.lowerBound }
    #expect(bodies.allSatisfy { $0 != nil })
    #expect(bodies.compactMap { $0 } == bodies.compactMap { $0 }.sorted())
    #expect(server.requests.map(\.request.path) == ["/1", "/2", "/3"])
    #expect(Set(server.requests.map(\.connection)).count == 1)
  }

  @Test func aPathThatClimbsIsHandedOverAsSentAndNeverReadFromDisk() async throws {
    let server = try LoopbackServer { request in .text("path: \(request.path)", status: 404) }
    let response = try await RawClient.exchange(
      "GET /../../etc/passwd HTTP/1.1\r\nConnection: close\r\n\r\n", port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 404 "))
    #expect(response.hasSuffix("path: /../../etc/passwd"))
    #expect(!response.contains("root:"))
  }

  @Test func invalidPercentEncodingIsDecodedLeniently() async throws {
    let server = try LoopbackServer { request in
      .text("\(request.path)|\(request.queryValue(for: "q") ?? "-")")
    }
    let response = try await RawClient.exchange(
      "GET /a%zz%4/%C3%28?q=%%E0%A4 HTTP/1.1\r\nConnection: close\r\n\r\n", port: server.port)

    #expect(response.hasPrefix("HTTP/1.1 200 "))
    #expect(response.hasSuffix("/a%zz%4/\u{FFFD}(|%\u{FFFD}"))
  }

  @Test func theLogKeepsTheLatestRequestsWithoutBodiesOrCredentials() async throws {
    var limits = LoopbackServer.Limits()
    limits.logCapacity = 3
    let server = try LoopbackServer(limits: limits) { request in HTTPResponse(body: request.body) }
    let session = URLSession.makeEphemeral()

    for index in 0..<5 {
      var request = URLRequest(url: server.baseURL.appendingPathComponent("\(index)"))
      request.httpMethod = "POST"
      request.httpBody = Data("body \(index)".utf8)
      request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
      let (data, _) = try await session.exchange(request)
      #expect(String(decoding: data, as: UTF8.self) == "body \(index)")
    }

    #expect(server.requests.map(\.index) == [2, 3, 4])
    #expect(server.requests.allSatisfy { $0.request.body.isEmpty })
    #expect(server.requests.allSatisfy { $0.request.headers["Authorization"] == "<redacted>" })
  }

  // MARK: Waiting

  @Test func waitingReturnsAtOnceWhenTheConditionAlreadyHolds() async throws {
    let server = try LoopbackServer { _ in .text("ok") }

    await server.waitUntil { $0.isEmpty }
  }

  @Test func aCancelledWaitReturns() async throws {
    let server = try LoopbackServer { _ in .text("ok") }
    let waiter = Task { await server.waitUntil { _ in false } }

    waiter.cancel()

    await waiter.value
  }
}

/// Suspends until the current task is cancelled.
private func waitForCancellation() async {
  let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
  await withTaskCancellationHandler {
    for await _ in stream {}
  } onCancel: {
    continuation.finish()
  }
}
