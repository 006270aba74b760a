extension Terminal {
  /// The event loop of an interactive app, the same in every app: Escape quits (unless
  /// `handlesEscape` returns `true`: then it goes to `handle`, to close a pane), Ctrl-C
  /// interrupts, Ctrl-Z suspends (``suspend()``), a resize, a return from a suspension or Ctrl-L
  /// redraws everything with `draw`, and every other key goes to `handle`. Runs until one of
  /// those ends it or input ends (a quit); call it in interactive mode, on the app's actor.
  public func runEventLoop(
    isolation: isolated (any Actor)? = #isolation, screen: Screen, draw: () -> Void,
    handle: (Key) -> Void, handlesEscape: () -> Bool = { false }
  ) async -> SessionEnd {
    for await event in events() {
      switch event {
      case .resize, .key(.control("l")):
        screen.invalidate()
        draw()
      case .key(.escape) where !handlesEscape(): return .quit
      case .key(.control("c")): return .interrupted
      case .key(.control("z")): suspend()
      case .key(let key): handle(key)
      }
    }
    return .quit
  }
}
