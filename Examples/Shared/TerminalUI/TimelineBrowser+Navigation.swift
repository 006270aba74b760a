import Foundation

extension TimelineBrowser {
  /// Where the browser is in the timeline and what the person is typing: a value that each key
  /// changes, so that every key's meaning is tested without a terminal.
  struct Navigation: Sendable {
    /// What a key asks the browser to do once the navigation has changed.
    enum Outcome: Equatable, Sendable {
      /// Draw the new state.
      case redraw
      /// Redraw the whole screen (Ctrl-L).
      case redrawAll
      /// Leave the browser.
      case quit
    }

    /// The number of events.
    let count: Int
    /// The selected event, from 0; `nil` only when there are no events.
    private(set) var selection: Int?
    /// The find prompt while it is open.
    private(set) var query: LineEditor?
    /// The text of the last find, for `n` (next match).
    private(set) var lastQuery = ""
    /// A note for the status line until the next key: `no match for "x"`.
    private(set) var message: String?

    /// Starts on the first event, if there is one.
    init(count: Int) {
      self.count = max(0, count)
      selection = self.count > 0 ? 0 : nil
    }

    /// Applies `key`; `isAction(i)` and `label(i)` tell about event `i` when a key needs it.
    mutating func handle(
      _ key: Key, isAction: (Int) -> Bool, label: (Int) -> String
    ) -> Outcome {
      message = nil
      if var editor = query {
        switch key {
        case .escape:
          query = nil
        case .enter:
          query = nil
          // An empty prompt finds the last text again, as in `less` and `vi`.
          find(editor.text.isEmpty ? lastQuery : editor.text, label: label)
        default:
          editor.handle(key)
          query = editor
        }
        return .redraw
      }
      switch key {
      case .escape, .character("q"): return .quit
      case .control("l"): return .redrawAll
      case .right, .character("l"): move(to: selection.map { $0 + 1 })
      case .left, .character("h"): move(to: selection.map { $0 - 1 })
      case .home: move(to: 0)
      case .end: move(to: count - 1)
      case .shiftRight:
        move(to: nextAction(after: selection, by: 1, isAction: isAction), or: "no later action")
      case .shiftLeft:
        move(to: nextAction(after: selection, by: -1, isAction: isAction), or: "no earlier action")
      case .character("/"): query = LineEditor()
      case .character("n"): find(lastQuery, label: label)
      default: break
      }
      return .redraw
    }

    /// Selects `position` if it is an event; otherwise stays and says `note`, if any.
    private mutating func move(to position: Int?, or note: String? = nil) {
      guard let position, (0..<count).contains(position) else {
        message = note
        return
      }
      selection = position
    }

    /// The first action from `start`, going by `step`, not counting `start` itself.
    private func nextAction(after start: Int?, by step: Int, isAction: (Int) -> Bool) -> Int? {
      guard let start else { return nil }
      return stride(from: start + step, to: step > 0 ? count : -1, by: step).first(where: isAction)
    }

    /// Selects the first event after the selection whose label holds `text` (ignoring case),
    /// going round to the start; says so when none does.
    private mutating func find(_ text: String, label: (Int) -> String) {
      guard !text.isEmpty else { return }
      lastQuery = text
      guard let selection else {
        message = "no match for \"\(text)\""
        return
      }
      // The selection itself comes last: a second find moves on, and a single match is found.
      let order = Array((selection + 1)..<count) + Array(0...selection)
      if let match = order.first(where: { label($0).localizedCaseInsensitiveContains(text) }) {
        self.selection = match
      } else {
        message = "no match for \"\(text)\""
      }
    }
  }
}
