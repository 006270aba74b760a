import ExampleCommandLine

extension Repository {
  /// The repositories as a table for a terminal, one line each, in aligned columns:
  /// `full_name  ★stars  language  description`.
  ///
  /// ```
  /// adahq/swift-maps       ★59915  Swift        swift-maps: declarative parser for Swift
  /// orcaio/storageswift     ★9713  Objective-C  A fast graph library for Objective-C
  /// kit/x                     ★12  -
  /// ```
  ///
  /// A missing language shows as `-`. Text from the server cannot act on the terminal: the
  /// description is put on one line, and every control character left is shown escaped
  /// (`\u{1B}`) in every column. Trailing spaces are trimmed.
  public static func outputTable(_ repositories: [Repository]) -> [String] {
    let rows = repositories.map { repository in
      (
        name: repository.fullName.escapingControlCharacters,
        stars: "★\(repository.stargazersCount)",
        language: (repository.language ?? "-").escapingControlCharacters,
        description: oneLine(repository.description ?? "")
      )
    }
    let nameWidth = min(rows.map(\.name.count).max() ?? 0, 48)
    let starsWidth = rows.map(\.stars.count).max() ?? 0
    let languageWidth = min(rows.map(\.language.count).max() ?? 0, 16)
    return rows.map { row in
      [
        row.name.padded(to: nameWidth), row.stars.leftPadded(to: starsWidth),
        row.language.padded(to: languageWidth), row.description,
      ]
      .joined(separator: "  ").trimmingTrailingSpaces()
    }
  }

  /// One JSON object on one line, keys in this order: `full_name`, `html_url`, `description`,
  /// `stargazers_count`, `language` (`null` when missing).
  public var outputJSON: String {
    JSONValue.object([
      ("full_name", .string(fullName)),
      ("html_url", .string(htmlURL.absoluteString)),
      ("description", .string(orNull: description)),
      ("stargazers_count", .integer(stargazersCount)),
      ("language", .string(orNull: language)),
    ]).serialized
  }

  /// `text` on one line: runs of white space (line breaks included) become one space, control
  /// characters are escaped, and more than 300 characters are cut with `…`.
  private static func oneLine(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let cut = line.count > 300 ? line.prefix(299) + "…" : Substring(line)
    return cut.escapingControlCharacters
  }
}

extension String {
  fileprivate func padded(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }

  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }

  fileprivate func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
