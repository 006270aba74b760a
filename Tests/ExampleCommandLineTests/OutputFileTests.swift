import ExampleCommandLine
import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1)))
struct OutputFileTests {
  @Test func everyByteIsWrittenInOrderEvenPastWhatAPipeHolds() async throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    // Non-blocking: a full pipe makes `write` wait for room instead of failing.
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    let text = (0..<50_000).map { "line \($0)" }.joined(separator: "\n")
    let readEnd = ends[0]
    // Read on a thread of its own: a blocked read must not hold one of the tasks' threads.
    let received = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let reader = FileHandle(fileDescriptor: readEnd, closeOnDealloc: true)
        continuation.resume(returning: reader.readDataToEndOfFile())
      }
      OutputFile(descriptor: ends[1]).writeLine(text)
      close(ends[1])
    }

    #expect(String(decoding: received, as: UTF8.self) == text + "\n")
  }

  @Test func aClosedReaderIsAnErrorNotAHang() {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])
    defer { close(ends[1]) }
    signal(SIGPIPE, SIG_IGN)  // As the executables do; the test process ignores it already.

    let isWritten = "x".withCString {
      OutputFile(descriptor: ends[1]).write(bytes: UnsafeRawBufferPointer(start: $0, count: 1))
    }

    #expect(!isWritten)
    #expect(errno == EPIPE)
  }
}
