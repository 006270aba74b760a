import ExampleCommandLine

// NB: `OfflineFaults.swift` names `JSONText.quoted(_:)` without importing ExampleCommandLine,
// where the one JSON writer now lives; this keeps it compiling until it uses `JSONValue` itself.
typealias JSONText = JSONValue
