// swift-tools-version: 6.2
// NB: 6.2, not 6.0: the runtime uses `weak let`, which needs the Swift 6.2 compiler.
import PackageDescription

let package = Package(
  name: "Reactors",
  // NB: macOS 13 / iOS 16 is the floor for `any Clock<Duration>`. `Synchronization.Mutex` (macOS 15)
  // is deliberately avoided so adopters are not forced onto the newest systems.
  platforms: [
    .macOS(.v13),
    .iOS(.v16),
    .tvOS(.v16),
    .watchOS(.v9),
    .macCatalyst(.v16),
  ],
  products: [
    .library(name: "Reactors", targets: ["Reactors"]),
    .library(name: "ReactorsTesting", targets: ["ReactorsTesting"]),
    .library(name: "ReactorsRecording", targets: ["ReactorsRecording"]),
    .library(name: "ReactorsPersistence", targets: ["ReactorsPersistence"]),
    .executable(name: "signup", targets: ["SignupApp"]),
    .executable(name: "github-search", targets: ["GitHubSearchApp"]),
  ],
  // NB: no dependencies, by design. Benchmarks/ is a separate package for that reason.
  targets: [
    // MARK: The framework

    // NB: the core does not import Foundation; what needs it (recordings as JSON Lines) is in
    // ReactorsRecording, so a program that does not record links no Foundation on Linux.
    .target(
      name: "Reactors"
    ),
    .target(
      name: "ReactorsRecording",
      dependencies: ["Reactors"]
    ),
    .target(
      name: "ReactorsTesting",
      dependencies: ["Reactors", "ReactorsRecording"]
    ),
    // NB: a library of its own for the same reason as ReactorsRecording: files need Foundation.
    .target(
      name: "ReactorsPersistence",
      dependencies: ["Reactors"]
    ),

    // MARK: Example support, shared by both examples

    .target(
      name: "ExampleCommandLine",
      path: "Examples/Shared/CommandLine"
    ),
    .target(
      name: "LoopbackHTTP",
      dependencies: ["ExampleCommandLine", "CurlSocketReregistration"],
      path: "Examples/Shared/LoopbackHTTP"
    ),
    // NB: C standing in for libcurl's curl_multi_setopt on Linux, to stop URLSession's busy wait
    // on a new connection (Scripts/urlsession-spin/README.md). Linked, never imported; its symbol
    // must be exported for FoundationNetworking's calls to reach it. No library product links it.
    .target(
      name: "CurlSocketReregistration",
      path: "Examples/Shared/CurlSocketReregistration",
      linkerSettings: [
        .unsafeFlags(
          ["-Xlinker", "--export-dynamic-symbol=curl_multi_setopt"], .when(platforms: [.linux]))
      ]
    ),
    .target(
      name: "TerminalUI",
      dependencies: ["ExampleCommandLine"],
      path: "Examples/Shared/TerminalUI"
    ),
    // NB: apart from ExampleCommandLine, which Scripts/fuzz.sh compiles without the framework.
    .target(
      name: "ExamplePersistence",
      dependencies: ["ExampleCommandLine", "ReactorsPersistence"],
      path: "Examples/Shared/Persistence"
    ),

    // MARK: Example: signup

    .target(
      name: "SignupKit",
      dependencies: ["Reactors", "ReactorsPersistence", "LoopbackHTTP", "ExampleCommandLine"],
      path: "Examples/Signup/SignupKit"
    ),
    // NB: the product is `signup`; the target is named apart from the library it runs.
    .executableTarget(
      name: "SignupApp",
      dependencies: [
        "SignupKit", "TerminalUI", "ExampleCommandLine", "ExamplePersistence", "Reactors",
        "ReactorsRecording", "ReactorsPersistence",
      ],
      path: "Examples/Signup/App"
    ),

    // MARK: Example: github-search

    .target(
      name: "GitHubSearchKit",
      dependencies: ["Reactors", "ReactorsPersistence", "LoopbackHTTP", "ExampleCommandLine"],
      path: "Examples/GitHubSearch/GitHubSearchKit"
    ),
    .executableTarget(
      name: "GitHubSearchApp",
      dependencies: [
        "GitHubSearchKit", "TerminalUI", "ExampleCommandLine", "ExamplePersistence", "Reactors",
        "ReactorsRecording", "ReactorsPersistence",
      ],
      path: "Examples/GitHubSearch/App"
    ),

    // MARK: Tests

    .testTarget(
      name: "ReactorsTests",
      dependencies: [
        "Reactors", "ReactorsRecording", "ReactorsTesting", "ExtremeValues", "RecordingFixtures",
        "IsolationChild", "BuiltProducts",
      ]
    ),
    // NB: the process in which EffectIsolationTests check, on a real main thread, where an effect
    // sent from the main actor runs; a dependency of theirs only so that `swift test` builds it
    // first.
    .executableTarget(
      name: "IsolationChild",
      dependencies: ["Reactors"],
      path: "Tests/IsolationChild"
    ),
    .testTarget(
      name: "ReactorsRecordingTests",
      dependencies: [
        "Reactors", "ReactorsRecording", "ReactorsTesting", "ExtremeValues", "RecordingFixtures",
      ]
    ),
    .testTarget(
      name: "ReactorsPersistenceTests",
      dependencies: [
        "ReactorsPersistence", "ReactorsRecording", "ReactorsTesting", "PersistenceChild",
        "BuiltProducts",
      ]
    ),
    // NB: the process that ReactorsPersistenceTests kill mid-write and lock a file against; a
    // dependency of theirs only so that `swift test` builds it first.
    .executableTarget(
      name: "PersistenceChild",
      dependencies: ["ReactorsPersistence"],
      path: "Tests/PersistenceChild"
    ),
    .testTarget(
      name: "ReactorsTestingTests",
      dependencies: ["ReactorsTesting"]
    ),
    .testTarget(
      name: "LoopbackHTTPTests",
      dependencies: ["LoopbackHTTP", "ReactorsTesting", "ExtremeValues"]
    ),
    .testTarget(
      name: "ExampleCommandLineTests",
      dependencies: ["ExampleCommandLine", "PseudoTerminalSupport", "ExtremeValues"]
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: ["TerminalUI", "ExampleCommandLine", "PseudoTerminalSupport", "ExtremeValues"]
    ),
    .testTarget(
      name: "SignupKitTests",
      dependencies: [
        "SignupKit", "ReactorsTesting", "ReactorsPersistence", "LoopbackHTTP", "ExtremeValues",
      ]
    ),
    .testTarget(
      name: "GitHubSearchKitTests",
      dependencies: [
        "GitHubSearchKit", "ReactorsTesting", "ReactorsPersistence", "LoopbackHTTP",
        "ExtremeValues",
      ]
    ),
    // NB: depends on the executables only so that `swift test` builds them before running them.
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["SignupApp", "GitHubSearchApp", "PseudoTerminalSupport", "BuiltProducts"]
    ),
    // NB: plain targets, so that several test targets can share them.
    .target(
      name: "PseudoTerminalSupport",
      path: "Tests/PseudoTerminalSupport"
    ),
    .target(
      name: "ExtremeValues",
      path: "Tests/ExtremeValues"
    ),
    .target(
      name: "BuiltProducts",
      path: "Tests/BuiltProducts"
    ),
    // NB: NoteReactor and its recorded session, for the recording tests of both ReactorsTests (the
    // recorder hook, replay) and ReactorsRecordingTests (the file format, timelines).
    .target(
      name: "RecordingFixtures",
      dependencies: ["Reactors", "ReactorsRecording", "ReactorsTesting"],
      path: "Tests/RecordingFixtures"
    ),
  ],
  swiftLanguageModes: [.v6]
)
