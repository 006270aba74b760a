import Foundation
import Testing

@testable import ExampleCommandLine

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1)))
struct StandardDescriptorsTests {
  @Test func aClosedDescriptorIsReportedAndOpenedOnDevNullSoNothingElseTakesItsNumber() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    // A number well above any this test process uses, closed as a caller's `>&-` would leave it.
    let descriptor = dup2(ends[1], 200)
    close(ends[1])
    try #require(descriptor == 200)
    close(descriptor)

    #expect(StandardDescriptors.reopenIfClosed([descriptor]) == [descriptor])
    defer { close(descriptor) }
    var status = stat()
    #expect(fstat(descriptor, &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFCHR)  // /dev/null, a character device.
    #expect(write(descriptor, "x", 1) == 1)
  }

  @Test func anOpenDescriptorIsLeftAsItIs() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    #expect(StandardDescriptors.reopenIfClosed([ends[1]]).isEmpty)
    #expect(write(ends[1], "x", 1) == 1)
    var byte: UInt8 = 0
    #expect(read(ends[0], &byte, 1) == 1 && byte == UInt8(ascii: "x"))
  }
}
