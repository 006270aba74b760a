import TerminalUI
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LineEditorDisplayTests {
  @Test func shortTextIsShownWhole() {
    let editor = LineEditor(text: "octocat")

    let (text, column) = editor.visibleText(width: 20)

    #expect(text == "octocat")
    #expect(column == 7)
  }

  @Test func longTextScrollsSoTheCursorStaysVisible() {
    let editor = LineEditor(text: "abcdefghij")

    let (text, column) = editor.visibleText(width: 5)

    #expect(text == "ghij")
    #expect(column == 4)
  }

  @Test func withTheCursorAtTheStartTheStartIsShown() {
    var editor = LineEditor(text: "abcdefghij")
    editor.handle(.home)

    let (text, column) = editor.visibleText(width: 5)

    #expect(text == "abcde")
    #expect(column == 0)
  }

  @Test func wideCharactersScrollByTheirWidth() {
    let editor = LineEditor(text: "名前とアドレス")

    let (text, column) = editor.visibleText(width: 7)

    // 14 columns; the cursor at the end needs a free cell, so 6 columns of text show.
    #expect(text == "ドレス")
    #expect(column == 6)
  }

  @Test func aMaskHidesEveryCharacter() {
    var editor = LineEditor(text: "hunter2名")
    editor.handle(.left)

    let (text, column) = editor.visibleText(width: 20, mask: "•")

    #expect(text == "••••••••")
    #expect(!text.contains("hunter"))
    #expect(column == 7)
  }
}
