import Foundation
import Reactors
import ReactorsRecording
import SignupKit
import TerminalUI
import Testing

@testable import SignupApp

/// What `signup --replay` shows for each event of a recording, without a terminal: the labels,
/// the diffs, and the form drawn after each event. (The binary's own tests are in
/// ``SignupTimelineEndToEndTests``.)
@Suite(.timeLimit(.minutes(1)))
struct SignupTimelineTests {
  /// The timeline of `lines`, a recording's events as the recorder writes them, loaded from the
  /// file's text; `fileText` stands in for the file read again for the redacted actions' names.
  static func timeline(
    _ lines: [String] = events, fileText: String? = nil
  ) throws
    -> SignupTimeline
  {
    let text = ([header] + lines).joined(separator: "\n") + "\n"
    let recording = try Recording<SignupReactor>(jsonLines: text)
    return SignupTimeline(recording, jsonLines: fileText ?? text, reactor: makeReactor())
  }

  /// The form's rows after event `position` (`nil`: before the first), in a window that holds
  /// the whole form.
  static func form(_ timeline: SignupTimeline, after position: Int?) -> [String] {
    timeline.screen(after: position, columns: 100, rows: 40).lines.map(\.text)
  }

  /// The row that starts with `› `: the focused field, or the button.
  static func focusedRow(_ timeline: SignupTimeline, after position: Int?) -> String? {
    form(timeline, after: position).first { $0.hasPrefix("› ") || $0.contains("› [ Sign up ]") }
  }

  // MARK: Labels

  @Test func eachEventIsLabelledWithItsKindAndAPasswordActionWithItsCaseOnly() throws {
    let timeline = try Self.timeline()
    #expect(timeline.count == 11)
    let labels = (0..<timeline.count).map { timeline.summary($0).label }
    #expect(labels[0] == #"action updateUsername("octocat-2")"#)
    #expect(labels[1] == #"mutation setUsername("octocat-2", .validating)"#)
    #expect(labels[3] == "action updatePassword(<redacted>)")
    #expect(
      labels[4] == "mutation setMaskedFields(strength: ok, match: empty, checklist: 1 of 2 met)")
    #expect(labels[5] == "action updateRepeatedPassword(<redacted>)")
    #expect(labels[6] == "mutation setMaskedFields(strength: ok, match: ok, checklist: 1 of 2 met)")
    #expect(labels[7] == "action signUp")
    let actions = (0..<timeline.count).filter { timeline.summary($0).isAction }
    #expect(actions == [0, 3, 5, 7, 10])
    #expect(timeline.summary(9).offset == .milliseconds(1_500))
    // The list needs no diff; the selected entry has it.
    #expect(timeline.summary(2).diff.isEmpty)
    #expect(
      timeline.entry(2).diff.contains(#"+   usernameValidation: .ok("octocat-2 is available")"#))
  }

  @Test func theRedactedActionsAreFoundByTheirLinesWithBlankLinesAtTheEnd() throws {
    let text = ([Self.header] + Self.events).joined(separator: "\n") + "\n\n  \n"
    let timeline = try Self.timeline(fileText: text)
    #expect(timeline.summary(3).label == "action updatePassword(<redacted>)")
    #expect(timeline.summary(5).label == "action updateRepeatedPassword(<redacted>)")
  }

  @Test func withoutTheFileARedactedActionIsUnnamedAndTheFocusStaysWhereItWas() throws {
    let timeline = try Self.timeline(fileText: "")
    #expect(timeline.summary(3).label == "action <redacted>")
    #expect(Self.focusedRow(timeline, after: 3)?.hasPrefix("› Username") == true)
  }

  @Test func aRedactedCaseThatIsNotAPasswordEditIsNotNamed() throws {
    // The file read again says something else at the password action's line.
    var lines = Self.events
    lines[3] = Self.action(#"{"deleteAccount":"<redacted>"}"#, at: 0.6)
    let timeline = try Self.timeline(
      fileText: ([Self.header] + lines).joined(separator: "\n"))
    #expect(timeline.summary(3).label == "action <redacted>")
    #expect(timeline.summary(5).label == "action updateRepeatedPassword(<redacted>)")
  }

  // MARK: The form after each event

  @Test func theFormFocusesTheFieldTheLastActionCameFrom() throws {
    let timeline = try Self.timeline()
    let expected: [(Int?, String)] = [
      (nil, "› Username"), (0, "› Username"), (2, "› Username"), (3, "› Password"),
      (4, "› Password"), (5, "› Repeat password"), (6, "› Repeat password"),
      (7, "› [ Sign up ]"), (9, "› [ Sign up ]"), (10, "› Username"),
    ]
    for (position, focus) in expected {
      let row = Self.focusedRow(timeline, after: position)
      #expect(row?.contains(focus) == true, "after \(String(describing: position)): \(row ?? "")")
    }
  }

  @Test func theOutcomeShowsFromTheSignUpsEndUntilTheNextEdit() throws {
    let timeline = try Self.timeline()
    let welcome = "Welcome, octocat-2! Your account was created (simulated)"
    #expect(!Self.form(timeline, after: 8).contains { $0.contains(welcome) })
    #expect(Self.form(timeline, after: 8).contains { $0.contains("signing up (simulated)") })
    #expect(Self.form(timeline, after: 9).contains { $0.contains(welcome) })
    #expect(!Self.form(timeline, after: 10).contains { $0.contains(welcome) })
  }

  @Test func aRetryReplacesTheFailureThatWasAnnounced() throws {
    // A failed sign-up, then the button pressed again without an edit.
    let failure =
      #"{"finishSigningUp":{"_0":{"failed":{"_0":"Sign-up failed: timed out"}},"#
      + #""username":"octocat-2"}}"#
    let lines =
      Self.events.prefix(9)
      + [
        Self.mutation(failure, from: "effect", at: 1.5), Self.action(#"{"signUp":{}}"#, at: 2.0),
        Self.mutation(#"{"startSigningUp":{}}"#, at: 2.0),
      ]
    let timeline = try Self.timeline(Array(lines))
    #expect(Self.form(timeline, after: 9).contains { $0.contains("✗ Sign-up failed: timed out") })
    #expect(Self.form(timeline, after: 10).contains { $0.contains("✗ Sign-up failed") })
    let retrying = Self.form(timeline, after: 11)
    #expect(!retrying.contains { $0.contains("Sign-up failed") }, "\(retrying)")
    #expect(retrying.contains { $0.contains("signing up (simulated)") })
  }

  @Test func aMaskedFieldThatWasNotEmptyShowsMaskedAndAnEmptyOneEmpty() throws {
    let timeline = try Self.timeline()
    let before = Self.form(timeline, after: 3)
    #expect(before.contains { $0.hasPrefix("› Password") && $0.contains("[  ") })
    let after = Self.form(timeline, after: 4)
    #expect(after.contains { $0.hasPrefix("› Password") && $0.contains("[••••") })
    #expect(after.contains { $0.hasPrefix("  Repeat password") && $0.contains("[  ") })
    #expect(after.contains { $0.contains("✓ Password meets the requirements") })
  }

  @Test(arguments: [(100, 40), (100, 24), (80, 12), (40, 6), (20, 1)])
  func theFormOffersNoKeysOfItsOwnAndKeepsToItsRows(columns: Int, rows: Int) throws {
    let timeline = try Self.timeline()
    for position in [nil, 0, 4, 7, 9] as [Int?] {
      let lines = timeline.screen(after: position, columns: columns, rows: rows).lines.map(\.text)
      let form = lines.joined(separator: "\n")
      for hint in ["Tab/Shift-Tab", "Enter next", "Enter sign up", "Esc quit"] {
        #expect(!form.contains(hint), "after \(String(describing: position)): \(form)")
      }
      // A window too short for the form gets a row of it where the hints were.
      #expect(rows <= 12 ? lines.count == rows : lines.count <= rows)
    }
    // In a window that holds the whole form, the lines under it still say where nothing went.
    let whole = Self.form(timeline, after: 9)
    #expect(whole.last?.contains("sign-up service: as recorded") == true)
    #expect(whole.dropLast().last?.contains("usernames: as recorded") == true)
  }

  @Test func aRecordingWithoutEventsIsTheEmptyForm() throws {
    let timeline = try Self.timeline([])
    #expect(timeline.count == 0)
    #expect(Self.focusedRow(timeline, after: nil)?.hasPrefix("› Username") == true)
    #expect(Self.form(timeline, after: nil).contains { $0.contains("Create your account") })
  }

  // MARK: Passwords

  @Test func aPasswordWrittenIntoTheFileShowsInNoLabelDiffOrForm() throws {
    // A file edited to hold the texts, which a recording made by signup never does.
    let secret = "hunter2-Secret-9"
    var lines = Self.events
    lines[3] = Self.action(#"{"updatePassword":{"_0":"\#(secret)"}}"#, at: 0.6)
    lines[4] = lines[4].replacingOccurrences(
      of: #""password":"<redacted>""#, with: #""password":"\#(secret)""#)
    lines[6] = lines[6].replacingOccurrences(of: "<redacted>", with: secret)
    try #require(lines.joined().components(separatedBy: secret).count == 1 + 4)
    let timeline = try Self.timeline(lines)

    for position in 0..<timeline.count {
      let entry = timeline.entry(position)
      #expect(!entry.label.contains(secret), "label \(position): \(entry.label)")
      #expect(!entry.diff.contains(secret), "diff \(position): \(entry.diff)")
      let form = Self.form(timeline, after: position).joined(separator: "\n")
      #expect(!form.contains(secret), "form \(position): \(form)")
    }
    #expect(timeline.summary(3).label == "action updatePassword(<redacted>)")
  }

  @Test func theDiffOfAPasswordEditShowsTheVerdictsItChangedAndNoText() throws {
    let timeline = try Self.timeline()
    let diff = timeline.entry(4).diff
    #expect(diff.contains(#"+   passwordValidation: .ok("Password meets the requirements"),"#))
    #expect(diff.contains(#"+   password: "<redacted>","#))
    let repeated = timeline.entry(6).diff
    #expect(repeated.contains(#"+   repeatedPasswordValidation: .ok("Passwords match"),"#))
  }

  // MARK: Fixture

  static let header = #"{"format":"reactors-recording","reactor":"SignupReactor","version":1}"#

  /// One requirement met of two, as the recorder writes a checklist.
  static let checklist =
    #"[{"isMet":false,"requirement":{"minimumLength":{"_0":15}}},"#
    + #"{"isMet":true,"requirement":{"minimumLength":{"_0":8}}}]"#

  /// A sign-up typed at the form, as `signup --record` writes it: 11 events, 5 of them actions,
  /// the passwords redacted, the last action a new name after the sign-up.
  static let events = [
    action(#"{"updateUsername":{"_0":"octocat-2"}}"#, at: 0.1),
    mutation(#"{"setUsername":{"_0":"octocat-2","_1":{"validating":{}}}}"#, at: 0.1),
    mutation(
      #"{"setAvailability":{"_0":{"ok":{"_0":"octocat-2 is available"}},"username":"octocat-2"}}"#,
      from: "effect", at: 0.5),
    action(#"{"updatePassword":"<redacted>"}"#, at: 0.6),
    mutation(maskedFields(match: #"{"empty":{}}"#), at: 0.6),
    action(#"{"updateRepeatedPassword":"<redacted>"}"#, at: 0.8),
    mutation(maskedFields(match: #"{"ok":{"_0":"Passwords match"}}"#), at: 0.8),
    action(#"{"signUp":{}}"#, at: 1.0),
    mutation(#"{"startSigningUp":{}}"#, at: 1.0),
    mutation(
      #"{"finishSigningUp":{"_0":{"succeeded":{"_0":"Welcome, octocat-2! "#
        + #"Your account was created"}},"username":"octocat-2"}}"#,
      from: "effect", at: 1.5),
    action(#"{"updateUsername":{"_0":"octocat-3"}}"#, at: 2.0),
  ]

  /// An action's line.
  static func action(_ action: String, at seconds: Double) -> String {
    #"{"action":\#(action),"t":\#(seconds)}"#
  }

  /// A mutation's line.
  static func mutation(
    _ mutation: String, from source: String = "immediate", at seconds: Double
  )
    -> String
  {
    #"{"mutation":\#(mutation),"source":"\#(source)","t":\#(seconds)}"#
  }

  /// A password edit's mutation, its texts redacted, the password accepted.
  static func maskedFields(match: String) -> String {
    #"{"setMaskedFields":{"_0":{"checklist":\#(checklist),"match":\#(match),"#
      + #""password":"<redacted>","repeatedPassword":"<redacted>","#
      + #""strength":{"ok":{"_0":"Password meets the requirements"}}}}}"#
  }

  /// A reactor for `reduce` only: its clients are never called.
  static func makeReactor() -> SignupReactor {
    SignupReactor(
      availability: UsernameAvailabilityClient(checkAvailability: { _ in
        throw CancellationError()
      }),
      signup: SignupClient(signUp: { _, _ in throw CancellationError() }))
  }
}
