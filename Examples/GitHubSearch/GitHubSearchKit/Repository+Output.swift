extension Repository {
  /// One readable line: `full_name  ★stars  language  description`.
  ///
  /// A missing language shows as `-`; the description is reduced to one line of printable
  /// characters, so text from the server cannot move a terminal's cursor.
  public var outputLine: String {
    let description = self.description.map { SearchError.oneLine($0, limit: 300) } ?? ""
    return "\(fullName)  ★\(stargazersCount)  \(language ?? "-")  \(description)"
      .trimmingSuffix(" ")
  }

  /// One JSON object on one line, keys in this order: `full_name`, `html_url`, `description`,
  /// `stargazers_count`, `language` (`null` when missing).
  public var outputJSON: String {
    JSONText.object([
      ("full_name", .string(fullName)),
      ("html_url", .string(htmlURL.absoluteString)),
      ("description", .optional(description)),
      ("stargazers_count", .int(stargazersCount)),
      ("language", .optional(language)),
    ])
  }
}

extension String {
  fileprivate func trimmingSuffix(_ character: Character) -> String {
    var result = self
    while result.last == character { result.removeLast() }
    return result
  }
}
