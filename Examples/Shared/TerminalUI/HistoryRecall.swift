/// A walk through a text field's history with Ctrl-P and Ctrl-N, as readline and fzf walk theirs:
/// each step older or newer gives the entry to show in the field, and stepping newer past the
/// newest entry gives back the draft, the text the field held when the walk began.
///
/// The walk keeps the entries as they were when it began, so a history that changes meanwhile
/// (a recalled query searched again moves to the front) does not shift the steps under the
/// person's fingers; an app ends the walk (drops the value) when the person edits the text.
///
/// ```swift
/// var recall = HistoryRecall(entries: ["rust", "swift", "go"], draft: "")
/// recall.older()  // "rust"
/// recall.older()  // "swift"
/// recall.newer()  // "rust"
/// recall.newer()  // "": the draft
/// recall.newer()  // nil: nothing newer
/// ```
///
/// A draft that is the newest entry (the field shows the last query when an app opens, or after
/// its search started) starts the walk at that entry, so the first step older changes the text.
public struct HistoryRecall: Hashable, Sendable {
  /// The entries walked, newest first, as they were when the walk began.
  public let entries: [String]
  /// The text the field held when the walk began.
  public let draft: String
  /// The index in ``entries`` of the entry shown, or `nil` while the draft shows.
  public private(set) var position: Int?

  /// Begins a walk through `entries` (newest first) from a field holding `draft`.
  public init(entries: [String], draft: String) {
    self.entries = entries
    self.draft = draft
    position = entries.first == draft ? 0 : nil
  }

  /// Steps to the next older entry and returns it; `nil` at the oldest, where the walk stays.
  public mutating func older() -> String? {
    let next = position.map { $0 + 1 } ?? 0
    guard entries.indices.contains(next) else { return nil }
    position = next
    return entries[next]
  }

  /// Steps to the next newer entry, or past the newest to the draft, and returns it; `nil` when
  /// nothing is newer, where the walk stays.
  public mutating func newer() -> String? {
    guard let position else { return nil }
    guard position > 0 else {
      // The draft was the newest entry itself: there is nothing newer to show.
      guard entries[position] != draft else { return nil }
      self.position = nil
      return draft
    }
    self.position = position - 1
    return entries[position - 1]
  }
}
