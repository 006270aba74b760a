// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Reactors",
  // NB: macOS 13 / iOS 16 is the floor for `any Clock<Duration>`; `Synchronization.Mutex` (macOS 15)
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
  ],
  // NB: no dependencies, by design. Benchmarks/ is a separate package for that reason.
  targets: [
    .target(
      name: "Reactors"
    ),
    .target(
      name: "ReactorsTesting",
      dependencies: ["Reactors"]
    ),
    .testTarget(
      name: "ReactorsTests",
      dependencies: ["Reactors"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
