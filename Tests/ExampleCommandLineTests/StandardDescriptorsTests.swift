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
  // A descriptor closed on purpose is tested end to end only (`ScriptInputEndToEndTests`, with
  // `>&-` and `<&-`): closing one in this process races with every other suite's sockets, and a
  // fixed number (`dup2` onto 200) once took a socket from under a URLSession test.

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
