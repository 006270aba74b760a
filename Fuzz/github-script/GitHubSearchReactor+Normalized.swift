// The one member of GitHubSearchReactor that ScriptCommand uses, so the target builds without the
// Reactors runtime. Keep it the same as `GitHubSearchReactor.normalized(_:)`; the fuzz script
// checks that the original still reads this way.
import Foundation

enum GitHubSearchReactor {
  static func normalized(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
