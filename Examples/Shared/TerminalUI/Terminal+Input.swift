extension Terminal {
  /// Key presses and resizes in one stream, in the order they happen: the one loop an
  /// interactive app needs.
  ///
  /// Keys are read from ``input`` on a thread of their own; a resize is a `SIGWINCH`, or the
  /// process coming back from a suspension (``suspend()``). The stream finishes at end of input.
  /// Ending the iteration (or cancelling its task) stops the thread. Read one stream at a time:
  /// two would split the bytes between them.
  public func events() -> AsyncStream<TerminalEvent> {
    AsyncStream { continuation in
      let subscription = ResizeNotifier.shared.subscribe { [self] in
        continuation.yield(.resize(size))
      }
      let reader = InputReader(
        descriptor: input,
        onKeys: { keys in for key in keys { continuation.yield(.key(key)) } },
        onEnd: { continuation.finish() })
      continuation.onTermination = { _ in
        reader.stop()
        ResizeNotifier.shared.unsubscribe(subscription)
      }
    }
  }
}
