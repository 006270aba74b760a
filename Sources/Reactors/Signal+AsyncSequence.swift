extension Signal {
  /// A signal delivering the elements of an `AsyncSequence`, iterated in a task from the moment
  /// the reactor subscribes until the reactor is released.
  ///
  /// A sequence that throws simply ends.
  public init<Base: AsyncSequence & Sendable>(_ sequence: Base) where Base.Element == Element {
    self.init { receive in
      let task = Task {
        do {
          for try await element in sequence { receive(element, nil) }
        } catch {
          // Documented: a failing sequence ends the signal; there is no error channel.
        }
      }
      return SignalSubscription { task.cancel() }
    }
  }

  /// Delivers the values of this signal and the elements of `sequence` as they come; the way to
  /// merge a global event stream into a reactor's mutations.
  public func merge<Other: AsyncSequence & Sendable>(with sequence: Other) -> Signal
  where Other.Element == Element {
    merge(with: Signal(sequence))
  }
}
