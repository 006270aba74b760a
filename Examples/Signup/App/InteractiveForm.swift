import ExampleCommandLine
import SignupKit
import TerminalUI

/// The interactive form: raw-mode keys in, the reactor's states out, drawn with `TerminalUI`.
///
/// Keys edit the focused field locally and send its new text to the reactor; every new state,
/// every announced outcome and every spinner tick redraws the screen (only the lines that
/// changed reach the terminal). The terminal is restored on every way out: a return from here,
/// Ctrl-C, a signal or a crash (`Terminal` installs the handlers); Ctrl-Z suspends the form
/// until `fg`. A username draft restored from the last run is in its field, checked at once, and
/// the form says it was restored.
@MainActor final class InteractiveForm {
  private let reactor: SignupReactor
  private let terminal = Terminal()
  private let screen: Screen
  private var form: FormScreen

  /// Makes the form; `notice` is what the saved state's file had to say, shown until a key.
  init(reactor: SignupReactor, environment: SignupEnvironment, notice: String? = nil) {
    self.reactor = reactor
    self.screen = Screen(terminal: terminal)
    self.form = FormScreen(
      state: reactor.currentState,
      usernameSource: environment.usernameSourceDescription,
      signupService: environment.signupDescription)
    form.username = LineEditor(text: reactor.currentState.username)
    form.notice = notice
  }

  /// Runs until the user quits (Esc), interrupts (Ctrl-C) or input ends.
  func run() async throws(SystemCallError) -> SessionEnd {
    try terminal.enterInteractiveMode()
    defer { terminal.restore() }

    let reactor = reactor
    let states = Task { [weak self] in
      for await state in reactor.state.buffering(.latest) {
        self?.show(state)
      }
    }
    let outcomes = Task { [weak self] in
      for await outcome in reactor.pulse(\.$outcome) {
        self?.announce(outcome)
      }
    }
    let ticks = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(80))
        self?.tick()
      }
    }
    defer {
      states.cancel()
      outcomes.cancel()
      ticks.cancel()
    }

    // A restored draft is checked as if it had just been typed.
    if !form.username.text.isEmpty { reactor.send(.updateUsername(form.username.text)) }
    draw()
    return await terminal.runEventLoop(screen: screen, draw: draw, handle: handle)
  }

  private func handle(_ key: Key) {
    form.hint = nil
    form.notice = nil
    switch key {
    case .tab, .down:
      form.focus = form.focus.next
    case .shiftTab, .up:
      form.focus = form.focus.previous
    case .enter where form.focus == .signUpButton,
      .character(" ") where form.focus == .signUpButton:
      pressSignUp()
    case .enter:
      form.focus = form.focus.next
    default:
      edit(with: key)
    }
    draw()
  }

  private func pressSignUp() {
    let state = reactor.currentState
    if !state.canSignUp && !state.isSigningUp && !state.isSignedUp {
      form.hint = "not yet: every field needs a ✓ first"
    }
    // The reactor decides: a press while invalid or signing up changes nothing.
    reactor.send(.signUp)
  }

  private func edit(with key: Key) {
    switch form.focus {
    case .username:
      guard form.username.handle(key) else { return }
      form.announcement = nil
      reactor.send(.updateUsername(form.username.text))
    case .password:
      guard form.password.handle(key) else { return }
      form.announcement = nil
      reactor.send(.updatePassword(form.password.text))
    case .repeatedPassword:
      guard form.repeatedPassword.handle(key) else { return }
      form.announcement = nil
      reactor.send(.updateRepeatedPassword(form.repeatedPassword.text))
    case .signUpButton:
      break
    }
  }

  private func show(_ state: SignupReactor.State) {
    // A new sign-up replaces the last one's outcome: no old "failed" next to the spinner.
    if state.isSigningUp { form.announcement = nil }
    form.state = state
    draw()
  }

  private func announce(_ outcome: SignupOutcome?) {
    guard let outcome else { return }
    form.announcement = outcome
    draw()
  }

  private func tick() {
    guard form.isBusy else { return }
    form.spinner.advance()
    draw()
  }

  private func draw() {
    let size = terminal.size
    screen.render(form.frame(columns: size.columns, rows: size.rows))
  }
}
