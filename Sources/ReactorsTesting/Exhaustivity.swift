/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// let store = TestStore(SearchReactor(client: .preview), exhaustivity: .off)
/// ```
public enum Exhaustivity: Sendable, Equatable {
  /// Everything must be asserted: every state change, every mutation effects reduce, every error
  /// no `catch:` handler took, and no effect may still run at ``TestStore/finish(timeout:isolation:fileID:filePath:line:column:)``.
  ///
  /// The default: a test that passes says everything the reactor did.
  case on

  /// Only what the test asserts is checked, for integration tests that follow one thread of a
  /// larger flow.
  ///
  /// A state closure describes the fields it sets, applied to the actual state; `receive` skips
  /// the mutations that do not match; mutations nobody receives, unhandled errors and effects still
  /// running at `finish()` are let go.
  case off
}
