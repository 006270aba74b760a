import Foundation

/// Draws frames on a ``Terminal`` in interactive mode, rewriting only what changed since the last
/// one; from any thread, one frame at a time.
public final class Screen: @unchecked Sendable {
  // Safe: `renderer` is only touched with `lock` held, and the output is written while it is
  // held, so two frames never interleave.

  private let terminal: Terminal
  private let lock = NSLock()
  private var renderer = FrameRenderer()

  /// Makes a screen that draws on `terminal`.
  public init(terminal: Terminal) {
    self.terminal = terminal
  }

  /// Draws `frame` at the terminal's current size, if the terminal is in interactive mode.
  ///
  /// Out of it — restored, or suspended — nothing is written, so a frame drawn late never lands
  /// on the shell; the next frame drawn in interactive mode again redraws everything.
  public func render(_ frame: Frame) {
    let size = terminal.size
    lock.withLock {
      let output = renderer.render(frame, size: size)
      if !output.isEmpty && !terminal.writeWhileInteractive(output) { renderer.invalidate() }
    }
  }

  /// Makes the next ``render(_:)`` redraw everything.
  public func invalidate() {
    lock.withLock { renderer.invalidate() }
  }
}
