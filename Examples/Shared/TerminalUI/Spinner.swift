/// An activity indicator whose frame advances one step per tick; the app decides when a tick
/// happens (a timer), so tests can step it.
///
/// ```swift
/// var spinner = Spinner()
/// spinner.advance()
/// spinner.frame        // "⠙"
/// ```
public struct Spinner: Hashable, Sendable {
  /// The frames, in order: Braille dots, smooth on terminals with Unicode fonts.
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
