/// Where a recorded mutation came from.
public enum MutationSource: String, Sendable, Hashable, Codable {
  /// Reduced while the action sent last was performed: the synchronous part of its `mutate`
  /// (a `.just`, the start of a `.concat`), what its `transform` hooks gave back at once.
  case immediate
  /// Reduced later: sent by an effect, or by a `transform` hook on its own time (a debounce).
  case effect
}
