/// The selected row of the result list and the rows scrolled past, kept consistent with each
/// other and with the list's length.
struct ListViewport: Equatable {
  /// The selected repository's index.
  private(set) var selection = 0
  /// The index of the first visible repository.
  private(set) var offset = 0

  /// Back to the top (a new query).
  mutating func reset() {
    selection = 0
    offset = 0
  }

  /// Moves the selection by `delta` rows within `count` items, scrolling to keep it among the
  /// `height` visible rows.
  mutating func move(by delta: Int, count: Int, height: Int) {
    selection += delta
    clamp(count: count, height: height)
  }

  /// Keeps the selection inside the list and visible (after the list or the window changed).
  mutating func clamp(count: Int, height: Int) {
    let height = max(1, height)
    selection = min(max(selection, 0), max(count - 1, 0))
    if selection < offset { offset = selection }
    if selection >= offset + height { offset = selection - height + 1 }
    offset = min(offset, max(count - height, 0))
    offset = max(offset, 0)
  }

  /// Whether less than a screenful (`height` rows) is left below the selection: the moment to
  /// load the next page, so it is there before the selection reaches the end.
  func isNearEnd(count: Int, height: Int) -> Bool {
    selection >= count - max(height, 5)
  }
}
