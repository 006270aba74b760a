extension Terminal {
  /// Key presses and resizes in one stream, in the order they happen: the one loop an
  /// interactive app needs.
  ///
  /// Keys are read from ``input`` on a thread of their own; a resize is a `SIGWINCH`, or the
  /// process coming back from a suspension (``suspend()``). The stream finishes at end of input;
  /// ending the iteration (or cancelling its task) stops the thread. Read one stream at a time:
  /// two would split the bytes between them.
  public func events() -> AsyncStream<TerminalEvent> {
    RedrawRequests.start()
    return AsyncStream { continuation in
      let reader = InputReader(
        descriptor: input, onKey: { continuation.yield(.key($0)) },
        onRedraw: { continuation.yield(.resize(self.size)) }, onEnd: { continuation.finish() })
      continuation.onTermination = { _ in reader.stop() }
    }
  }
}
