import Foundation
import Reactors
import ReactorsRecording
import SignupKit
import TerminalUI

/// A recorded signup session as ``TimelineBrowser`` shows it: one ``TimelineEntry`` per event,
/// and the form as it looked after each event, drawn by the live form's own ``FormScreen``.
///
/// The states come from ``ReplayTimeline`` (mutations reduced, nothing else run). What the
/// reactor's state does not hold, the form's own state, is rebuilt from the events around it:
/// which field had the focus and which sign-up outcome was announced.
///
/// The password texts are replaced by `<redacted>` before anything is replayed, whatever the
/// file holds, so that the diffs can show the fields *about* the password (its verdict, its
/// checklist, the repeat's verdict): the default redaction hides every field whose name holds
/// "password", and would call each password edit "no change to the state".
struct SignupTimeline {
  /// The recorded events replayed, state by state.
  private let timeline: ReplayTimeline<SignupReactor>
  /// The case of each action that the recording redacted whole, by its event's position.
  private let redactedActions: [Int: RedactedAction]
  /// The form's own state after each event.
  private let forms: [FormState]

  /// A password action, redacted along with its case when it was recorded: a loaded recording
  /// keeps only that it was an action, and the label and the focus need which field it edited.
  enum RedactedAction: String {
    case updatePassword
    case updateRepeatedPassword

    /// The field the action came from.
    var field: FormFocus {
      switch self {
      case .updatePassword: .password
      case .updateRepeatedPassword: .repeatedPassword
      }
    }
  }

  /// What the form showed beside the reactor's state.
  private struct FormState {
    var focus = FormFocus.username
    var announcement: SignupOutcome?
  }

  /// Replays `recording` with `reactor`'s `reduce`; `text` is the file it was loaded from, for
  /// the cases of its redacted actions.
  init(_ recording: Recording<SignupReactor>, jsonLines text: String, reactor: SignupReactor) {
    timeline = ReplayTimeline(
      Self.withoutPasswords(recording), reactor: reactor, redaction: Self.redaction)
    let redacted = recording.events.indices.filter {
      if case .redactedAction = recording.events[$0].kind { true } else { false }
    }
    redactedActions = Self.redactedActions(at: redacted, in: text)
    forms = Self.forms(of: recording.events, redactedActions: redactedActions)
  }

  /// The number of events.
  var count: Int { timeline.count }

  /// The event at `position` as the browser shows it when selected: its label, such as
  /// `action updateUsername("octocat")`, and its diff.
  func entry(_ position: Int) -> TimelineEntry {
    var entry = summary(position)
    entry.diff = timeline[position].diff
    return entry
  }

  /// The event at `position` without its diff, as the event list shows it and find reads it:
  /// a diff is made only for the selected event.
  func summary(_ position: Int) -> TimelineEntry {
    let step = timeline[position]
    return TimelineEntry(
      offset: step.offset, isAction: step.isAction,
      label: (step.isAction ? "action " : "mutation ") + label(of: step, at: position),
      diff: "")
  }

  /// The form as it looked after the event at `position` (`nil`: before the first), drawn into
  /// `columns` × `rows` by the live form's renderer, but for its key hints: the timeline's keys
  /// are not the form's, and its own hints are on its status line.
  func screen(after position: Int?, columns: Int, rows: Int) -> Frame {
    let state = position.map { timeline[$0].state } ?? timeline.initialState
    let form = position.map { forms[$0] } ?? FormState()
    var screen = FormScreen(
      state: state, usernameSource: Self.usernameSource, signupService: Self.signupService)
    screen.username = LineEditor(text: state.username)
    // The recording holds `<redacted>` for each masked text, which the form masks like any
    // text; a field whose verdict is empty was empty, and shows so.
    screen.password = LineEditor(
      text: state.passwordValidation == .empty ? "" : state.password)
    screen.repeatedPassword = LineEditor(
      text: state.repeatedPasswordValidation == .empty ? "" : state.repeatedPassword)
    screen.focus = form.focus
    screen.announcement = form.announcement
    screen.hasHints = false
    return screen.frame(columns: columns, rows: rows)
  }

  /// Where the form says usernames are checked and sign-ups go: nowhere, in a replay.
  private static let usernameSource = "as recorded (replaying: no network)"
  private static let signupService = "as recorded (replaying: nothing is signed up)"

  /// The event's description without "action" or "mutation": the library's, except for what it
  /// cannot say better than `<redacted>` or says at length.
  private func label(of step: ReplayTimeline<SignupReactor>.Step, at position: Int) -> String {
    switch step.event.kind {
    case .redactedAction:
      guard let action = redactedActions[position] else { return step.description }
      return "\(action.rawValue)(\(Redaction.marker))"
    case .action(.updatePassword):
      return "updatePassword(\(Redaction.marker))"
    case .action(.updateRepeatedPassword):
      return "updateRepeatedPassword(\(Redaction.marker))"
    case .mutation(.setMaskedFields(let fields), _):
      // The texts are redacted; the verdicts say what the edit did, in a line that fits.
      let met = fields.checklist.filter(\.isMet).count
      return "setMaskedFields(strength: \(Self.name(of: fields.strength)), "
        + "match: \(Self.name(of: fields.match)), "
        + "checklist: \(met) of \(fields.checklist.count) met)"
    case .action, .mutation:
      return step.description
    }
  }

  /// The default rules but for "password": the password texts are gone before the replay (see
  /// ``withoutPasswords(_:)``), and what is left under that name is the verdicts and checklist.
  static let redaction = Redaction(keywords: Redaction.default.keywords.filter { $0 != "password" })

  /// `recording` with every password text, in an action or a mutation, replaced by
  /// `<redacted>`: a recording made by `signup` holds none, but a file can say anything.
  static func withoutPasswords(_ recording: Recording<SignupReactor>) -> Recording<SignupReactor> {
    Recording(events: recording.events.map(withoutPasswords))
  }

  /// `event` with its password text, if it holds one, replaced by `<redacted>`.
  private static func withoutPasswords(
    _ event: RecordedEvent<SignupReactor.Action, SignupReactor.Mutation>
  ) -> RecordedEvent<SignupReactor.Action, SignupReactor.Mutation> {
    let hidden = Redaction.marker
    switch event.kind {
    case .action(.updatePassword):
      return RecordedEvent(.action(.updatePassword(hidden)), at: event.offset)
    case .action(.updateRepeatedPassword):
      return RecordedEvent(.action(.updateRepeatedPassword(hidden)), at: event.offset)
    case .mutation(.setMaskedFields(var fields), let source):
      (fields.password, fields.repeatedPassword) = (hidden, hidden)
      return RecordedEvent(.mutation(.setMaskedFields(fields), source: source), at: event.offset)
    case .action, .redactedAction, .mutation:
      return event
    }
  }

  /// The verdict's case, without its message: `ok`, `failed`.
  private static func name(of validation: ValidationResult) -> String {
    switch validation {
    case .empty: "empty"
    case .validating: "validating"
    case .ok: "ok"
    case .failed: "failed"
    }
  }

  /// The cases of the redacted actions at `positions`, read from their lines in `text`, where
  /// the recorder left the case's name (`{"action":{"updatePassword":"<redacted>"},...}`).
  ///
  /// Event `i` is the line after the header, `i + 1`, as `Recording` reads them. A name that is
  /// not one of signup's password actions is left out: the label then says `<redacted>`.
  private static func redactedActions(
    at positions: [Int], in text: String
  ) -> [Int: RedactedAction] {
    guard !positions.isEmpty else { return [:] }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var actions: [Int: RedactedAction] = [:]
    for position in positions where position + 1 < lines.count {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(lines[position + 1].utf8))
          as? [String: Any],
        let action = object["action"] as? [String: Any], action.count == 1,
        let name = action.keys.first, let known = RedactedAction(rawValue: name)
      else { continue }
      actions[position] = known
    }
    return actions
  }

  /// The form's own state after each event, as the live form kept it.
  ///
  /// The focus is the field the last action came from: the form sends an action only from the
  /// focused field (a press of the button from the button), and moving the focus sends none,
  /// so that is the field the person was at. Before any action it is the username, where the
  /// form starts. An outcome is announced from the sign-up's end until the next edit or
  /// sign-up, as the live form does.
  private static func forms(
    of events: [RecordedEvent<SignupReactor.Action, SignupReactor.Mutation>],
    redactedActions: [Int: RedactedAction]
  ) -> [FormState] {
    var form = FormState()
    var forms: [FormState] = []
    forms.reserveCapacity(events.count)
    for (position, event) in events.enumerated() {
      switch event.kind {
      case .action(.updateUsername):
        (form.focus, form.announcement) = (.username, nil)
      case .action(.updatePassword):
        (form.focus, form.announcement) = (.password, nil)
      case .action(.updateRepeatedPassword):
        (form.focus, form.announcement) = (.repeatedPassword, nil)
      case .action(.signUp):
        form.focus = .signUpButton
      case .redactedAction:
        // Only the password actions are redacted, and both are edits.
        if let action = redactedActions[position] { form.focus = action.field }
        form.announcement = nil
      case .mutation(.startSigningUp, _):
        form.announcement = nil
      case .mutation(.finishSigningUp(let outcome, _), _):
        form.announcement = outcome
      case .mutation:
        break
      }
      forms.append(form)
    }
    return forms
  }
}
