/// What happens when work with an id starts while earlier work with the same id still runs.
public enum CancellationPolicy: Sendable, Hashable {
  /// Both run; their mutations interleave. The id still allows an explicit cancel.
  case merge
  /// The new run cancels the one in flight (switch-latest): a search superseded by a new query.
  case latest
  /// The new run is dropped while one is in flight: "don't load page 3 twice".
  case exhaust
  /// The new run waits until the one in flight has finished, then runs.
  case queue
}
