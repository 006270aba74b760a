import ExampleCommandLine
import Foundation
import LoopbackHTTP

/// GitHub's `GET /users/{name}` for offline mode, answered from a ``TakenUsernameDirectory``
/// after a simulated latency, so the real HTTP client runs even without a network.
///
/// ```swift
/// let server = try OfflineUsersAPI(latency: .milliseconds(250)).start()
/// let client = UsernameAvailabilityClient.live(apiURL: server.baseURL)
/// try await client.checkAvailability("OctoCat")  // .taken
/// ```
///
/// Like GitHub, it answers 403 to a request without a `User-Agent`.
public struct OfflineUsersAPI: Sendable {
  /// The names that exist.
  public var directory: TakenUsernameDirectory
  /// How long each answer takes.
  public var latency: Duration
  /// The clock the latency is measured on.
  public var clock: any Clock<Duration>

  /// Makes the API; nothing listens until ``start()``.
  public init(
    directory: TakenUsernameDirectory = .offline, latency: Duration = .milliseconds(250),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.directory = directory
    self.latency = latency
    self.clock = clock
  }

  /// Serves the API on 127.0.0.1 until the returned server is stopped or released.
  ///
  /// - Parameter limits: What the server accepts (connections, idle timeout, request sizes).
  public func start(
    limits: LoopbackServer.Limits = LoopbackServer.Limits()
  ) throws
    -> LoopbackServer
  {
    try LoopbackServer(limits: limits) { request in await respond(to: request) }
  }

  /// The answer to one request, after the latency (cut short if the client leaves).
  public func respond(to request: HTTPRequest) async -> HTTPResponse {
    try? await clock.sleep(for: latency)
    guard request.headers["User-Agent"]?.isEmpty == false else {
      return .json(
        Data(#"{"message":"Request forbidden by administrative rules: send a User-Agent"}"#.utf8),
        status: 403)
    }
    let segments = request.pathSegments
    guard request.method == "GET", segments.count == 2, segments[0] == "users" else {
      return Self.notFound
    }
    let name = segments[1]
    guard directory.contains(name) else { return Self.notFound }
    let login = JSONValue.string(name.lowercased()).serialized
    return .json(Data(#"{"login":\#(login),"type":"User","site_admin":false}"#.utf8))
  }

  private static let notFound = HTTPResponse.json(
    Data(#"{"message":"Not Found","status":"404"}"#.utf8), status: 404)
}
