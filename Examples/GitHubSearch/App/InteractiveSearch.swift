import ExampleCommandLine
import Foundation
import GitHubSearchKit
import Reactors
import TerminalUI

/// The interactive search on a terminal: type to search, arrows to move, more results load as
/// the selection nears the end, Enter opens the repository's detail (which then follows the
/// selection), Esc closes it. Ctrl-P and Ctrl-N recall earlier and later queries from the
/// history, as in readline and fzf, and the last query searched comes back when it opens.
///
/// Everything runs on the main actor: terminal events, reactor states and the spinner's tick
/// each call in to update the local state and redraw. The terminal is restored on every way
/// out — a return, Ctrl-C, a signal, a crash — by `Terminal`, and Ctrl-Z suspends the search
/// until `fg`.
@MainActor final class InteractiveSearch {
  private let reactor: GitHubSearchReactor
  private let terminal: Terminal
  private let server: SearchScreen.Server
  private var screen: Screen?
  private var local = SearchScreen.Local()
  /// Whether a rate limit's countdown was seen running, so its end triggers one retry.
  private var isCountingDown = false

  /// Makes the search; `notice` is what the saved state's file had to say, shown until a key.
  init(
    reactor: GitHubSearchReactor, terminal: Terminal, server: SearchScreen.Server,
    notice: String? = nil
  ) {
    self.reactor = reactor
    self.terminal = terminal
    self.server = server
    local.notice = notice
  }

  /// Runs until the person quits (Esc with no detail open), interrupts (Ctrl-C) or input ends.
  func run() async throws(SystemCallError) -> SessionEnd {
    try terminal.enterInteractiveMode()
    defer { terminal.restore() }
    let screen = Screen(terminal: terminal)
    self.screen = screen
    // The last query comes back, searched again: its results are not kept.
    if let last = reactor.currentState.history.newest { show(query: last) }
    render()

    let states = Task { [reactor] in
      for await _ in reactor.state.buffering(.latest) { self.stateChanged() }
    }
    let ticks = Task {
      // A cancelled sleep ends the loop: a last tick would draw after the terminal is restored.
      while (try? await Task.sleep(for: .milliseconds(100))) != nil {
        self.tick()
      }
    }
    defer {
      states.cancel()
      ticks.cancel()
    }
    return await terminal.runEventLoop(
      screen: screen, draw: render, handle: handle,
      handlesEscape: { [reactor] in reactor.currentState.detail != nil })
  }

  private func handle(_ key: Key) {
    local.notice = nil
    let height = listHeight
    let rows: Int? =
      switch key {
      case .up: -1
      case .down: 1
      case .pageUp: -height
      case .pageDown: height
      default: nil
      }
    if let rows {
      let selection = local.viewport.selection
      local.viewport.move(
        by: rows, count: reactor.currentState.repositories.count, height: height)
      // An open detail follows the selection, as a preview pane does.
      if reactor.currentState.detail != nil, local.viewport.selection != selection {
        reactor.send(.openRepository(at: local.viewport.selection))
      }
    } else {
      switch key {
      case .enter:
        reactor.send(.openRepository(at: local.viewport.selection))
      case .escape:
        reactor.send(.closeRepository)
      case .control("r"):
        reactor.send(.retry)
      case .control("p"):
        let draft = GitHubSearchReactor.normalized(local.editor.text)
        var recall =
          local.recall ?? HistoryRecall(entries: reactor.currentState.history.entries, draft: draft)
        if let query = recall.older() { show(query: query) }
        local.recall = recall
      case .control("n"):
        if let query = local.recall?.newer() { show(query: query) }
      default:
        let before = local.editor.text
        guard local.editor.handle(key) else { break }
        if local.editor.text != before {
          local.recall = nil  // An edit ends the walk: the next Ctrl-P starts from the newest.
          local.viewport.reset()
          reactor.send(.updateQuery(local.editor.text))
        }
      }
    }
    loadMoreIfNearTheEnd()
    render()
  }

  /// Puts `query` in the field, as if typed, and searches it.
  private func show(query: String) {
    local.editor = LineEditor(text: query)
    local.viewport.reset()
    reactor.send(.updateQuery(query))
  }

  /// The rows the list has in the window as it is now.
  private var listHeight: Int {
    SearchScreen.listHeight(
      for: terminal.size, search: reactor.currentState, now: Date(), server: server,
      notice: local.notice)
  }

  private func stateChanged() {
    let height = listHeight
    local.viewport.clamp(count: reactor.currentState.repositories.count, height: height)
    loadMoreIfNearTheEnd()
    render()
  }

  /// Moves the spinner and the rate-limit countdown; retries once a rate limit is over.
  private func tick() {
    let state = reactor.currentState
    let now = Date()
    if case .rateLimited = state.error {
      // Retry when a countdown seen running reaches zero: a limit that is over on arrival
      // (`retry-after: 0`, a skewed clock) waits for Ctrl-R instead of retrying in a loop.
      if state.error?.isRateLimit(at: now) == true {
        isCountingDown = true
      } else if isCountingDown {
        isCountingDown = false
        reactor.send(.retry)
      }
    } else {
      isCountingDown = false
    }
    let isBusy =
      state.isLoadingFirstPage || state.isLoadingNextPage || state.detail?.isLoading == true
    guard isBusy || state.error != nil else { return }
    local.spinner.advance()
    render()
  }

  /// Asks for the next page when the selection nears the end; the reactor ignores the request
  /// while a page loads, after a failure, or on the last page.
  private func loadMoreIfNearTheEnd() {
    let state = reactor.currentState
    guard state.hasNextPage, !state.repositories.isEmpty else { return }
    let height = listHeight
    if local.viewport.isNearEnd(count: state.repositories.count, height: height) {
      reactor.send(.loadNextPage)
    }
  }

  private func render() {
    // The list's room changes with the window, the headline and the detail pane: whatever
    // changed, the selection stays in view.
    local.viewport.clamp(count: reactor.currentState.repositories.count, height: listHeight)
    screen?.render(
      SearchScreen.frame(
        search: reactor.currentState, local: local, size: terminal.size, now: Date(),
        server: server))
  }
}
