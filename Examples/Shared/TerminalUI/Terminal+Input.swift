extension Terminal {
  /// The keys pressed, read from ``input`` on a background thread.
  ///
  /// The stream finishes at end of input. Ending the iteration (or cancelling its task) stops
  /// the thread. Read keys from one stream at a time: two would split the bytes between them.
  public func keys() -> AsyncStream<Key> {
    AsyncStream { continuation in
      let reader = InputReader(
        descriptor: input,
        onKeys: { keys in for key in keys { continuation.yield(key) } },
        onEnd: { continuation.finish() })
      continuation.onTermination = { _ in reader.stop() }
    }
  }

  /// The new size after each window resize (`SIGWINCH`).
  public func resizes() -> AsyncStream<TerminalSize> {
    AsyncStream { continuation in
      let subscription = ResizeNotifier.shared.subscribe { [self] in continuation.yield(size) }
      continuation.onTermination = { _ in ResizeNotifier.shared.unsubscribe(subscription) }
    }
  }

  /// Key presses and resizes in one stream, in the order they happen: the one loop an
  /// interactive app needs.
  ///
  /// The stream finishes at end of input.
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
