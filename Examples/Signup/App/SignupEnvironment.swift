import ExampleCommandLine
import Foundation
import LoopbackHTTP
import SignupKit

/// The clients the app runs with, built from its options: live GitHub or the embedded offline
/// API, and the simulated sign-up service.
///
/// `SIGNUP_OFFLINE_LATENCY_MS` sets how long each offline answer takes (default 250), so the
/// command line stays as documented; `Scripts/measure-idle-wait.sh` uses it.
struct SignupEnvironment {
  let availability: UsernameAvailabilityClient
  let signup: SignupClient
  /// Where usernames are checked, for the screen's footer.
  let usernameSourceDescription: String
  /// How the simulated sign-up behaves, for the screen's footer.
  let signupDescription: String
  /// The embedded API in offline mode; kept so it serves until the app exits.
  let offlineServer: LoopbackServer?

  /// How long the embedded API takes to answer, so offline checks feel like the network.
  static let offlineLatency = Duration.milliseconds(250)

  /// A `SIGNUP_OFFLINE_LATENCY_MS` that is not a whole number of milliseconds up to a minute.
  struct LatencyError: Error, CustomStringConvertible {
    var description: String
  }

  init(
    options: SignupOptions, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    let clock = ContinuousClock()
    if let url = options.common.server.url {
      offlineServer = nil
      availability = .live(apiURL: url, clock: clock)
      usernameSourceDescription = url.absoluteString
    } else {
      let latency = try Self.offlineLatency(in: environment)
      let server = try OfflineUsersAPI(latency: latency, clock: clock).start()
      offlineServer = server
      availability = .live(apiURL: server.baseURL, clock: clock)
      usernameSourceDescription = "offline directory on \(server.baseURL.absoluteString)"
    }
    let seed = options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
    signup = .simulated(
      latency: options.signupLatency, failureRate: options.signupFailureRate, seed: seed,
      clock: clock)
    let milliseconds =
      options.signupLatency.components.seconds * 1000
      + options.signupLatency.components.attoseconds / 1_000_000_000_000_000
    let percent = Int((options.signupFailureRate * 100).rounded())
    signupDescription = "simulated, \(milliseconds) ms, \(percent)% failures, seed \(seed)"
  }

  /// `SIGNUP_OFFLINE_LATENCY_MS`, ranged as github-search's offline latency is: a latency of
  /// years would look like a hang.
  private static func offlineLatency(in environment: [String: String]) throws -> Duration {
    let name = "SIGNUP_OFFLINE_LATENCY_MS"
    guard let text = environment[name], !text.isEmpty else { return offlineLatency }
    guard let milliseconds = Int(text), (0...60_000).contains(milliseconds) else {
      throw LatencyError(
        description: "\(name) needs a whole number from 0 to 60000, not \(JSONValue.quoted(text))")
    }
    return .milliseconds(milliseconds)
  }
}
