/// An activity indicator whose frame advances one step per tick.
///
/// The app decides when a tick happens (a timer on its injected clock), so tests can step it.
///
/// ```swift
/// var spinner = Spinner()
/// spinner.frame        // "⠋"
/// spinner.advance()
/// spinner.frame        // "⠙"
/// ```
public struct Spinner: Hashable, Sendable {
  /// Braille dots, smooth on terminals with Unicode fonts.
  public static let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// A plain ASCII line, for terminals without Unicode.
  public static let line = ["|", "/", "-", "\\"]

  /// The frames, in order; the spinner cycles through them.
  public let frames: [String]
  /// The position of the current frame in ``frames``.
  public private(set) var index = 0

  /// Makes a spinner over `frames` (``dots`` by default); an empty list shows a blank.
  public init(frames: [String] = Spinner.dots) {
    self.frames = frames
  }

  /// The current frame.
  public var frame: String {
    frames.isEmpty ? "" : frames[index]
  }

  /// Moves to the next frame, wrapping to the first after the last.
  public mutating func advance() {
    guard !frames.isEmpty else { return }
    index = (index + 1) % frames.count
  }
}
