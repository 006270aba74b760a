#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Records a test failure through whichever test framework is running the current test.
///
/// Swift Testing when a Swift Testing test is running on this task (`Test.current`), otherwise
/// XCTest's `XCTFail`; the failure points at `site`, the caller's line.
enum FailureReporter {
  static func fail(_ message: String, at site: CallSite) {
    #if canImport(Testing)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: String(describing: site.fileID),
          filePath: String(describing: site.filePath),
          line: Int(site.line),
          column: Int(site.column)
        )
      )
      return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: site.filePath, line: site.line)
    #else
    print("\(site.fileID):\(site.line): error: \(message)")
    #endif
  }
}
