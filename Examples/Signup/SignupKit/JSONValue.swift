import ExampleCommandLine

// NB: `OfflineUsersAPI.swift` names `JSONValue` without importing ExampleCommandLine, where the
// one JSON writer now lives; this keeps it compiling until it imports the module itself.
typealias JSONValue = ExampleCommandLine.JSONValue
