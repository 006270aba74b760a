import ExampleCommandLine
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1)))
struct SystemCallErrorTests {
  @Test func describesTheCallAndTheSystemsReason() {
    let error = SystemCallError(operation: "open", code: ENOENT)
    #expect(error.reason == "No such file or directory")
    #expect(error.description == "open failed: No such file or directory (errno \(ENOENT))")
  }
}
