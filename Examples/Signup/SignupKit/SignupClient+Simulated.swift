extension SignupClient {
  /// A stand-in for a sign-up API: it waits `latency` on `clock`, then fails with probability
  /// `failureRate` (``SimulatedSignupError``) or succeeds. Nothing is sent anywhere.
  ///
  /// The draws come from a ``SeededRandomNumberGenerator``: the same seed gives the same
  /// sequence of successes and failures, in tests and in `signup --seed N`.
  ///
  /// - Parameters:
  ///   - latency: How long each sign-up takes.
  ///   - failureRate: The probability of a failure, from 0 (never) to 1 (always).
  ///   - seed: The seed of the random draws.
  ///   - clock: The clock to wait on; a test clock in tests.
  public static func simulated(
    latency: Duration, failureRate: Double, seed: UInt64, clock: any Clock<Duration>
  ) -> Self {
    let generator = SeededRandomNumberGenerator.Shared(seed: seed)
    return Self { _, _ in
      try await clock.sleep(for: latency)
      if generator.nextUnitValue() < failureRate { throw SimulatedSignupError() }
    }
  }
}
