/// The failure the simulated sign-up service draws at its failure rate.
public struct SimulatedSignupError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Makes the error.
  public init() {}

  /// A sentence for the user.
  public var description: String {
    "the simulated service failed; try again"
  }
}
