import ExampleCommandLine
import Foundation
import LoopbackHTTP
import SignupKit

/// The clients the app runs with, built from its options: live GitHub or the embedded offline
/// API, and the simulated sign-up service.
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

  init(options: SignupOptions) throws {
    let clock = ContinuousClock()
    if let url = options.common.server.url {
      offlineServer = nil
      availability = .live(apiURL: url, clock: clock)
      usernameSourceDescription = url.absoluteString
    } else {
      let server = try OfflineUsersAPI(latency: Self.offlineLatency, clock: clock).start()
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
}
