/// A stable description of any value, built with `Mirror`, for failure messages and diffs.
///
/// Structs and classes print as `Type(label: value, ...)`, enums as `.case(payload)`, optionals
/// as their value or `nil`, strings quoted. Sets and dictionaries are sorted, so two dumps of equal
/// values are equal text in every run. ``lines(of:)`` puts every field on a line of its own, which
/// is what makes a line diff of two states readable:
///
/// ```
/// State(
///   query: "swift",
///   results: [
///     "swift-nio"
///   ],
///   isLoading: false
/// )
/// ```
///
/// With a ``Redaction``, a field, case, tuple label or string key it names as secret prints as
/// `<redacted>`, as in the one-line descriptions of ``ReactorDiagnostics``.
///
/// SPI: `ReactorsTesting` uses it for its failure messages, the diagnostics and
/// `ReactorsRecording`'s timelines for change diffs.
@_spi(Testing) public enum ValueDump {
  /// The multi-line dump of `value`, two spaces per level.
  public static func lines(of value: Any) -> String {
    lines(of: value, redaction: .disabled)
  }

  /// The multi-line dump of `value` with the secrets `redaction` names replaced.
  package static func lines(of value: Any, redaction: Redaction) -> String {
    var lines: [String] = []
    var visited: Set<ObjectIdentifier> = []
    let root = node(for: value, visited: &visited, redaction)
    appendLines(of: root, label: nil, depth: 0, to: &lines)
    return lines.joined(separator: "\n")
  }

  /// The one-line dump of `value`, cut after `limit` characters.
  public static func line(of value: Any, limit: Int = 200) -> String {
    var visited: Set<ObjectIdentifier> = []
    let text = singleLine(node(for: value, visited: &visited, .disabled))
    return text.count > limit ? String(text.prefix(limit)) + "…" : text
  }

  // MARK: - The tree

  /// A value as the dump sees it: text, or a bracketed list of labelled children.
  indirect enum Node {
    case leaf(String)
    case group(open: String, close: String, empty: String, children: [Child])
  }

  struct Child {
    let label: String?
    let node: Node
  }

  static func node(
    for value: Any, visited: inout Set<ObjectIdentifier>, _ redaction: Redaction
  ) -> Node {
    if let leaf = knownLeaf(value) { return .leaf(leaf) }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return .leaf("nil") }
      return node(for: wrapped.value, visited: &visited, redaction)
    case .enum:
      return enumNode(value, mirror, visited: &visited, redaction)
    case .tuple:
      let children = mirror.children.map { child in
        labelled(tupleLabel(child.label), child.value, visited: &visited, redaction)
      }
      return .group(open: "(", close: ")", empty: "()", children: children)
    case .collection:
      let children = mirror.children.map {
        Child(label: nil, node: node(for: $0.value, visited: &visited, redaction))
      }
      return .group(open: "[", close: "]", empty: "[]", children: children)
    case .set:
      // Sorted by their text: a set's order changes from run to run.
      let children = mirror.children.map {
        Child(label: nil, node: node(for: $0.value, visited: &visited, redaction))
      }
      .sorted { singleLine($0.node) < singleLine($1.node) }
      return .group(open: "Set([", close: "])", empty: "Set([])", children: children)
    case .dictionary:
      let children = mirror.children.map { entry -> Child in
        let pair = Array(Mirror(reflecting: entry.value).children)
        let key = singleLine(node(for: pair[0].value, visited: &visited, redaction))
        if let name = pair[0].value as? String, redaction.isSecret(name) {
          return Child(label: key, node: .leaf(Redaction.marker))
        }
        return Child(label: key, node: node(for: pair[1].value, visited: &visited, redaction))
      }
      .sorted { ($0.label ?? "") < ($1.label ?? "") }
      return .group(open: "[", close: "]", empty: "[:]", children: children)
    case .struct:
      if let leaf = foundationLeaf(value, mirror) { return .leaf(leaf) }
      return recordNode(value, mirror, visited: &visited, redaction)
    case .class:
      let id = ObjectIdentifier(value as AnyObject)
      guard visited.insert(id).inserted else { return .leaf("\(typeName(of: value))(<cycle>)") }
      defer { visited.remove(id) }
      return recordNode(value, mirror, visited: &visited, redaction)
    default:
      return recordNode(value, mirror, visited: &visited, redaction)
    }
  }

  /// Values whose `Mirror` shows storage details rather than what they mean.
  private static func knownLeaf(_ value: Any) -> String? {
    switch value {
    case let string as String: quoted(string)
    case let string as Substring: quoted(String(string))
    case let character as Character: quoted(String(character))
    case let duration as Duration: "Duration(\(duration))"
    case let type as Any.Type: String(reflecting: type)
    default: nil
    }
  }

  /// `text` in quotes as a Swift literal would be written, `"Doesn't"`, where `debugDescription`
  /// writes `"Doesn\'t"`. Quotes, backslashes, control characters and line breaks are escaped,
  /// so a string stays on one line of a dump; so is a leading mark, which would join the quote.
  static func quoted(_ text: String) -> String {
    // Most strings are printable ASCII without a quote or a backslash: copied whole, byte-checked.
    let isPlain = text.utf8.allSatisfy { (0x20...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }
    if isPlain { return "\"" + text + "\"" }
    var result = "\""
    var isFirst = true
    for scalar in text.unicodeScalars {
      if needsEscaping(scalar, isFirst: isFirst) {
        result += scalar.escaped(asASCII: true)
      } else {
        result.unicodeScalars.append(scalar)
      }
      isFirst = false
    }
    return result + "\""
  }

  private static func needsEscaping(_ scalar: Unicode.Scalar, isFirst: Bool) -> Bool {
    if (0x20...0x7E).contains(scalar.value) { return scalar == "\"" || scalar == "\\" }
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    case .nonspacingMark, .spacingMark, .enclosingMark: return isFirst
    default: return false
    }
  }

  /// Foundation's value types, whose `Mirror` shows storage too: recognised by name, since this
  /// module does not link Foundation (a program that has such a value has linked it).
  private static func foundationLeaf(_ value: Any, _ mirror: Mirror) -> String? {
    let name = String(reflecting: type(of: value))
    guard let dot = name.firstIndex(of: "."),
      ["Foundation", "FoundationEssentials"].contains(name[..<dot])
    else { return nil }
    switch name[name.index(after: dot)...] {
    case "URL": return "URL(\(quoted(String(describing: value))))"
    case "UUID": return "UUID(\(value))"
    case "Data": return "Data(\(value))"  // "3 bytes"
    case "Decimal": return "\(value)"
    case "Date":
      // Its mirror shows the seconds since 2001, exactly; its description drops the fraction.
      guard let seconds = mirror.children.first?.value as? Double else { return nil }
      return "Date(\(seconds + 978_307_200))"  // Seconds since 1970.
    default: return nil
    }
  }

  private static func enumNode(
    _ value: Any, _ mirror: Mirror, visited: inout Set<ObjectIdentifier>, _ redaction: Redaction
  )
    -> Node
  {
    guard let payload = mirror.children.first else { return .leaf(".\(value)") }
    let name = ".\(payload.label ?? "\(value)")("
    if let label = payload.label, redaction.isSecret(label) {
      return .leaf(name + Redaction.marker + ")")
    }
    let payloadMirror = Mirror(reflecting: payload.value)
    guard payloadMirror.displayStyle == .tuple else {
      // One unlabelled value reads best inline: `.setQuery("swift")`, `.setResults([`.
      switch node(for: payload.value, visited: &visited, redaction) {
      case .leaf(let text):
        return .leaf(name + text + ")")
      case .group(let open, let close, let empty, let children):
        return .group(
          open: name + open, close: close + ")", empty: name + empty + ")", children: children)
      }
    }
    let children = payloadMirror.children.map { child in
      labelled(tupleLabel(child.label), child.value, visited: &visited, redaction)
    }
    return .group(open: name, close: ")", empty: name + ")", children: children)
  }

  /// A struct, a class or a plain value: its stored properties, superclasses' first.
  private static func recordNode(
    _ value: Any, _ mirror: Mirror, visited: inout Set<ObjectIdentifier>, _ redaction: Redaction
  ) -> Node {
    var mirrors = [mirror]
    while let parent = mirrors.last?.superclassMirror { mirrors.append(parent) }
    let children = mirrors.reversed().flatMap(\.children).map { child in
      labelled(child.label, child.value, visited: &visited, redaction)
    }
    if children.isEmpty {
      // A number, a Bool, an enum-like value with its own description, or an empty struct.
      if mirror.displayStyle == nil || value is CustomStringConvertible { return .leaf("\(value)") }
      return .leaf("\(typeName(of: value))()")
    }
    let open = "\(typeName(of: value))("
    return .group(open: open, close: ")", empty: open + ")", children: children)
  }

  /// A labelled child; its value is replaced when the label names a secret.
  private static func labelled(
    _ label: String?, _ value: Any, visited: inout Set<ObjectIdentifier>, _ redaction: Redaction
  ) -> Child {
    if let label, redaction.isSecret(label) {
      return Child(label: label, node: .leaf(Redaction.marker))
    }
    return Child(label: label, node: node(for: value, visited: &visited, redaction))
  }

  private static func typeName(of value: Any) -> String {
    String(describing: type(of: value))
  }

  /// `nil` for the positional labels (`.0`) of an unlabelled tuple element.
  private static func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix(".") else { return nil }
    return label
  }

  // MARK: - Rendering

  static func singleLine(_ node: Node) -> String {
    switch node {
    case .leaf(let text):
      return text
    case .group(let open, let close, let empty, let children):
      if children.isEmpty { return empty }
      let inner = children.map { child in
        (child.label.map { "\($0): " } ?? "") + singleLine(child.node)
      }
      return open + inner.joined(separator: ", ") + close
    }
  }

  private static func appendLines(
    of node: Node, label: String?, depth: Int, trailing: String = "", to lines: inout [String]
  ) {
    let indent = String(repeating: "  ", count: depth)
    let head = indent + (label.map { "\($0): " } ?? "")
    switch node {
    case .leaf(let text):
      lines.append(head + text + trailing)
    case .group(let open, let close, let empty, let children):
      guard !children.isEmpty else {
        lines.append(head + empty + trailing)
        return
      }
      lines.append(head + open)
      for (index, child) in children.enumerated() {
        let separator = index == children.count - 1 ? "" : ","
        appendLines(
          of: child.node, label: child.label, depth: depth + 1, trailing: separator, to: &lines)
      }
      lines.append(indent + close + trailing)
    }
  }
}
