import ExampleCommandLine
import Foundation
import GitHubSearchKit

/// The client the reactor talks to, and the offline server behind it when `--offline` is given.
///
/// Offline, the embedded server is tuned by environment variables, so the command line stays
/// as documented:
/// - `GITHUB_SEARCH_OFFLINE_LATENCY_MS`: how long each answer takes (default 200).
/// - `GITHUB_SEARCH_OFFLINE_RATE_LIMIT`: searches allowed per minute (default: no limit).
/// - `GITHUB_SEARCH_OFFLINE_FAULTS`: faults to inject (see ``OfflineFaults``), such as
///   `slow=stall,swift@2=503:1`.
/// - `GITHUB_SEARCH_OFFLINE_LOG=1`: print the server's request log on standard error at exit.
final class SearchBackend: Sendable {
  let client: GitHubClient
  let apiURL: URL
  private let offlineServer: OfflineGitHubServer?
  private let printsLog: Bool

  struct SetupError: Error {
    var message: String
  }

  init(
    options: SearchOptions,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SetupError) {
    let token = GitHubToken.fromEnvironment(environment)
    if let url = options.common.server.url {
      apiURL = url
      offlineServer = nil
    } else {
      let server = try Self.startOfflineServer(environment: environment)
      apiURL = server.baseURL
      offlineServer = server
    }
    printsLog = offlineServer != nil && environment["GITHUB_SEARCH_OFFLINE_LOG"] == "1"
    // The offline server is ours: no token goes to it, and errors name it as the others do,
    // without the address the person never chose.
    let configuration = GitHubConfiguration(
      apiURL: apiURL, token: offlineServer == nil ? token : nil, pageSize: options.pageSize,
      serverName: offlineServer == nil ? nil : options.serverName)
    client = .live(configuration: configuration)
  }

  /// Stops the offline server, printing its log first if asked.
  ///
  /// The log waits, a second at most, for the requests still pending to settle: a request whose
  /// task was cancelled (a closed detail) is dropped on the wire a moment after the task ended,
  /// and the log should say so rather than "pending".
  func shutDown() async {
    guard let offlineServer else { return }
    if printsLog {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          await offlineServer.server.waitUntil { $0.allSatisfy { $0.outcome != .pending } }
        }
        group.addTask { try? await Task.sleep(for: .seconds(1)) }
        await group.next()
        group.cancelAll()
      }
      for line in offlineServer.logLines {
        OutputFile.standardError.writeLine("offline server: \(line.escapingControlCharacters)")
      }
    }
    offlineServer.stop()
  }

  private static func startOfflineServer(
    environment: [String: String]
  ) throws(SetupError) -> OfflineGitHubServer {
    // Ranged as the command line's numbers are: a latency of years would look like a hang.
    func number(_ name: String, in range: ClosedRange<Int>) throws(SetupError) -> Int? {
      guard let text = environment[name], !text.isEmpty else { return nil }
      guard let value = Int(text), range.contains(value) else {
        throw SetupError(
          message: "\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), "
            + "not \(JSONValue.quoted(text))")
      }
      return value
    }
    let latency = try number("GITHUB_SEARCH_OFFLINE_LATENCY_MS", in: 0...600_000) ?? 200
    let rateLimit = try number("GITHUB_SEARCH_OFFLINE_RATE_LIMIT", in: 0...1_000_000).map {
      OfflineRateLimit(limit: $0)
    }
    let faults: OfflineFaults
    do {
      faults = try OfflineFaults(parsing: environment["GITHUB_SEARCH_OFFLINE_FAULTS"] ?? "")
    } catch {
      throw SetupError(message: "GITHUB_SEARCH_OFFLINE_FAULTS: \(error)")
    }
    do {
      return try OfflineGitHubServer(
        routes: OfflineGitHubRoutes(rateLimit: rateLimit), latency: .milliseconds(latency),
        fault: faults.response(for:))
    } catch {
      throw SetupError(message: "could not start the offline server: \(error)")
    }
  }
}
