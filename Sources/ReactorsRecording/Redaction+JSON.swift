import Reactors

extension Redaction {
  /// `json` (a tree of `JSONSerialization` objects) with the value of every key that names a
  /// secret replaced by `marker`, at any depth.
  ///
  /// Synthesized `Codable` writes an enum case as a key (`{"setPassword":{"_0":"…"}}`), so a
  /// case that names a secret loses its whole payload, as it does in descriptions.
  func redactingJSON(_ json: Any) -> Any {
    if let object = json as? [String: Any] {
      var redacted: [String: Any] = [:]
      for (key, value) in object {
        redacted[key] = isSecret(key) ? Self.marker : redactingJSON(value)
      }
      return redacted
    }
    if let array = json as? [Any] { return array.map(redactingJSON) }
    return json
  }
}
