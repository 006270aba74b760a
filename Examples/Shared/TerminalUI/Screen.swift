import Foundation

/// Draws frames on a ``Terminal``, rewriting only what changed since the last one; from any
/// thread, one frame at a time.
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

  /// Draws `frame` at the terminal's current size.
  public func render(_ frame: Frame) {
    let size = terminal.size
    lock.withLock {
      let output = renderer.render(frame, size: size)
      if !output.isEmpty { terminal.write(output) }
    }
  }

  /// Makes the next ``render(_:)`` redraw everything.
  public func invalidate() {
    lock.withLock { renderer.invalidate() }
  }
}
