import SignupKit
import TerminalUI
import Testing

@testable import SignupApp

/// The signup form drawn without a terminal: how it says that the username draft was restored,
/// and what the saved state's file had to say. (The binary's own tests are in
/// ``SavedStateEndToEndTests``.)
@Suite(.timeLimit(.minutes(1)))
struct FormScreenTests {
  /// The form with `username` in its field, restored or not.
  func form(username: String, restored: Bool) -> FormScreen {
    let reactor = SignupTimelineTests.makeReactor()
    var state = reactor.initialState
    if restored {
      state = SignupReactor.restoring(.init(username: username), into: state)
    } else {
      state.username = username
    }
    var form = FormScreen(state: state, usernameSource: "offline", signupService: "simulated")
    form.username = LineEditor(text: username)
    return form
  }

  func rows(_ form: FormScreen, columns: Int) -> [String] {
    form.frame(columns: columns, rows: 40).lines.map(\.text)
  }

  @Test(arguments: [
    (100, "restored from your last run"), (80, "restored"),
  ])
  func aRestoredDraftIsSaidBesideItsFieldWhenItFits(columns: Int, note: String) throws {
    let shown = rows(form(username: "mona", restored: true), columns: columns)
    let field = try #require(shown.first { $0.contains("Username") })
    #expect(field.hasSuffix("]  " + note))
    #expect(shown.allSatisfy { $0.displayWidth <= columns })
  }

  @Test func inANarrowWindowItIsSaidUnderTheVerdict() throws {
    let shown = rows(form(username: "mona", restored: true), columns: 60)
    let field = try #require(shown.firstIndex { $0.contains("Username") })
    #expect(shown[field].hasSuffix("]"))
    #expect(shown[field + 2].trimmingCharacters(in: .whitespaces) == "restored from your last run")
  }

  @Test func aDraftTypedInThisRunSaysNothingOfTheKind() {
    let shown = rows(form(username: "mona", restored: false), columns: 100)
    #expect(!shown.contains { $0.contains("restored") })
  }

  @Test func aNoticeIsShownUnderTheTitle() {
    var form = form(username: "", restored: false)
    form.notice =
      "the saved state /x/signup.json is in use by another process: this run is not saved"
    let shown = rows(form, columns: 100)
    #expect(shown[2].hasPrefix("  ! the saved state /x/signup.json is in use by another process"))
    #expect(shown.allSatisfy { $0.displayWidth <= 100 })
  }
}
