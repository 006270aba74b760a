// swift-tools-version: 6.0
import PackageDescription

// The benchmarks of Reactors, in a package of their own so that adopters of `Reactors` never
// resolve a benchmark dependency. Run them with:
//
//   swift run -c release --package-path Benchmarks reactors-benchmarks [--json] [--filter NAME]
let package = Package(
  name: "ReactorsBenchmarks",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "reactors-benchmarks", targets: ["ReactorsBenchmarks"])
  ],
  dependencies: [
    .package(name: "Reactors", path: ".."),
    // The peer pipeline of `combine-mvvm` (seed 001's approach), on Linux too.
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    // Counts heap allocations by interposing `malloc` and its siblings in the executable.
    .target(name: "MallocCounter"),
    .executableTarget(
      name: "ReactorsBenchmarks",
      dependencies: [
        .product(name: "Reactors", package: "Reactors"),
        .product(name: "ReactorsRecording", package: "Reactors"),
        .product(name: "ReactorsPersistence", package: "Reactors"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        "MallocCounter",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
