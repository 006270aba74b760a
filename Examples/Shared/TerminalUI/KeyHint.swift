/// A key and what it does, as the hint line at the bottom of an interactive app shows it:
/// `Esc quit`.
///
/// A hint line must stay readable at any width: ``line(_:width:)`` leaves out the least
/// important hints until the rest fit, so the ones that matter most (how to leave) always show.
///
/// ```swift
/// let hints = [
///   KeyHint("↑↓", "move", priority: 2), KeyHint("Enter", "details", priority: 1),
///   KeyHint("Esc", "quit", priority: 0),
/// ]
/// KeyHint.line(hints, width: 20).text  // "↑↓ move · Esc quit"
/// ```
public struct KeyHint: Hashable, Sendable {
  /// The key or keys, as printed on them: `Enter`, `Ctrl-R`, `↑↓`.
  public var keys: String
  /// What they do, in a word or two.
  public var action: String
  /// How much it matters that the hint shows: 0 first; higher numbers go first when room runs
  /// out.
  public var priority: Int

  /// Makes a hint.
  public init(_ keys: String, _ action: String, priority: Int) {
    (self.keys, self.action, self.priority) = (keys, action, priority)
  }

  /// The hints, in the order given and separated by ` · `, that fit in `width` columns: the
  /// least important are left out first, and a single hint too wide is cut with "…".
  public static func line(_ hints: [KeyHint], width: Int, style: TextStyle = .dim) -> Line {
    var kept = hints
    func text(_ hints: [KeyHint]) -> String {
      hints.map { "\($0.keys) \($0.action)" }.joined(separator: " · ")
    }
    while kept.count > 1 && text(kept).displayWidth > width {
      let leastImportant = kept.indices.max { kept[$0].priority < kept[$1].priority }!
      kept.remove(at: leastImportant)
    }
    return Line(text(kept), style: style).truncated(toDisplayWidth: max(0, width))
  }
}
