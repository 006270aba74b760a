/// An activity indicator whose frame advances one step per tick of the app's timer.
public struct Spinner: Hashable, Sendable {
  /// The frames, in order.
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  private var index = 0

  /// Makes a spinner at its first frame.
  public init() {}

  /// The current frame.
  public var frame: String { Self.frames[index] }

  /// Moves to the next frame, wrapping to the first after the last.
  public mutating func advance() {
    index = (index + 1) % Self.frames.count
  }
}
