/// What a form field's validation says right now, shown under the field.
///
/// ```swift
/// switch state.usernameValidation {
/// case .empty: ""                       // nothing typed yet: no verdict
/// case .validating: "checking…"         // a check is pending or in flight
/// case .ok(let message): "✓ " + message
/// case .failed(let message): "✗ " + message
/// }
/// ```
public enum ValidationResult: Sendable, Hashable, Codable {
  /// Nothing typed yet; no verdict either way.
  case empty
  /// A verdict is on its way (the username's availability check is pending or in flight).
  case validating
  /// The field is valid; the message says why, for the user.
  case ok(String)
  /// The field is invalid or could not be checked; the message says what to do.
  case failed(String)

  /// Whether the field may be submitted: only an ``ok(_:)`` counts.
  public var isValid: Bool {
    if case .ok = self { true } else { false }
  }

  /// The message of ``ok(_:)`` or ``failed(_:)``; `nil` for ``empty`` and ``validating``.
  public var message: String? {
    switch self {
    case .empty, .validating: nil
    case .ok(let message), .failed(let message): message
    }
  }

  /// A one-word name for the case: `empty`, `validating`, `ok` or `failed`.
  public var status: String {
    switch self {
    case .empty: "empty"
    case .validating: "validating"
    case .ok: "ok"
    case .failed: "failed"
    }
  }
}
