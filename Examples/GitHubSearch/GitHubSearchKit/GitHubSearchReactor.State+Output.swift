import ExampleCommandLine
import Foundation

extension GitHubSearchReactor.State {
  /// The state on one readable line, as the scripted mode prints it; control characters in
  /// the query or a server's message are shown escaped, so they cannot act on a terminal.
  ///
  /// ```
  /// query "swift" · 30 of 713 repositories · next page 2
  /// query "swift" · 30 of 713 repositories · loading page 2…
  /// query "swift" · 30 of 713 repositories · error: GitHub is unavailable (HTTP 503); …
  /// query "swift" · 30 of 713 repositories · next page 2 · detail apple/swift: loading…
  /// ```
  ///
  /// - Parameters:
  ///   - now: The date a rate limit's remaining time is counted from.
  ///   - server: Who answered, as errors name it: `"GitHub"`, or `"the offline server"`.
  public func outputLine(now: Date = Date(), server: String = "GitHub") -> String {
    var parts = ["query \(JSONValue.quoted(query))"]
    if let totalCount {
      parts.append("\(repositories.count) of \(totalCount) repositories")
    } else {
      parts.append("\(repositories.count) repositories")
    }
    if isLoadingFirstPage { parts.append("searching…") }
    if isLoadingNextPage {
      parts.append(nextPage?.number.map { "loading page \($0)…" } ?? "loading the next page…")
    } else if let nextPage {
      parts.append(nextPage.number.map { "next page \($0)" } ?? "more pages")
    } else if totalCount != nil, !query.isEmpty, error == nil {
      parts.append("last page")
    }
    if isIncomplete { parts.append("incomplete results") }
    if skippedItemCount > 0 { parts.append("\(skippedItemCount) malformed skipped") }
    if let error { parts.append("error: \(error.message(now: now, server: server))") }
    if let detail { parts.append("detail " + detail.outputSummary(now: now, server: server)) }
    return parts.joined(separator: " · ").escapingControlCharacters
  }

  /// The state as one JSON object on one line, as the scripted mode prints it with `--json`.
  ///
  /// Keys: `query`, `repositoryCount`, `totalCount`, `hasNextPage`, `nextPage` (the page
  /// number, or `null`), `isLoadingFirstPage`, `isLoadingNextPage`, `isIncomplete`,
  /// `skippedItemCount`, `error` (`null` or a one-line message), `lastRepository` (the full name
  /// of the last repository listed, or `null`), `detail` (`null` while the pane is closed, or the
  /// object of ``RepositoryDetailReactor/State/outputJSON(now:server:)``). Errors name `server`,
  /// as ``outputLine(now:server:)``'s do.
  public func outputJSON(now: Date = Date(), server: String = "GitHub") -> String {
    JSONValue.object([
      ("query", .string(query)),
      ("repositoryCount", .integer(repositories.count)),
      ("totalCount", .integer(orNull: totalCount)),
      ("hasNextPage", .bool(hasNextPage)),
      ("nextPage", .integer(orNull: nextPage?.number)),
      ("isLoadingFirstPage", .bool(isLoadingFirstPage)),
      ("isLoadingNextPage", .bool(isLoadingNextPage)),
      ("isIncomplete", .bool(isIncomplete)),
      ("skippedItemCount", .integer(skippedItemCount)),
      ("error", .string(orNull: error?.message(now: now, server: server))),
      ("lastRepository", .string(orNull: repositories.last?.fullName)),
      ("detail", detail?.outputJSON(now: now, server: server) ?? .null),
    ]).serialized
  }
}
