import Foundation

/// Where `swift build` put the package's executables, which tests run as child processes: the
/// directory of the test bundle (`.build/<triple>/debug`).
public enum BuiltProducts {
  /// The directory of the built products.
  public static var directory: URL {
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
      return bundle.bundleURL.deletingLastPathComponent()
    }
    // The test runner is the bundle's executable, or a file inside the bundle.
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.pathComponents.count > 1 {
      if url.pathExtension == "xctest" { return url.deletingLastPathComponent() }
      url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// The executable product `name`.
  public static func executable(_ name: String) -> URL {
    directory.appendingPathComponent(name)
  }
}
