import ExampleCommandLine
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1)))
struct WakePipeTests {
  func isReadable(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 1
  }

  @Test func aSignalMakesTheReadEndReadableUntilDrained() throws {
    let wake = try WakePipe()
    defer { wake.close() }
    #expect(!isReadable(wake.readEnd))

    for _ in 0..<70_000 { wake.signal() }  // More than a 64 KiB pipe holds: never blocks.
    #expect(isReadable(wake.readEnd))

    wake.drain()
    #expect(!isReadable(wake.readEnd))
  }
}
