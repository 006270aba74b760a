import Foundation
import Testing

#if canImport(Darwin)
import Darwin

private let posixConnect = Darwin.connect
private let posixSend = Darwin.send
private let posixClose = Darwin.close
private let sendFlags: Int32 = 0
private let streamSocketType = SOCK_STREAM
#elseif canImport(Glibc)
import Glibc

private let posixConnect = Glibc.connect
private let posixSend = Glibc.send
private let posixClose = Glibc.close
private let sendFlags = Int32(MSG_NOSIGNAL)
private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#endif

/// A blocking TCP client for what `URLSession` will not send: malformed requests, raw bytes.
///
/// Every call runs on a thread of its own, so a blocking read never holds a thread of the
/// cooperative pool that the server's handlers need.
struct RawClient: Sendable {
  let descriptor: Int32

  /// Connects to 127.0.0.1 at `port`; `nil` if the connection is refused.
  static func connect(port: UInt16) async -> RawClient? {
    await onOwnThread {
      let descriptor = socket(AF_INET, streamSocketType, 0)
      #if canImport(Darwin)
      var noSignal: Int32 = 1
      setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
      #endif
      // A safety net against a hung test, not a timing assertion.
      var timeout = timeval(tv_sec: 30, tv_usec: 0)
      setsockopt(
        descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var address = sockaddr_in()
      #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
      let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          posixConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard result == 0 else {
        _ = posixClose(descriptor)
        return nil
      }
      return RawClient(descriptor: descriptor)
    }
  }

  /// Connects to `port`, sends `text`, and returns everything read until the server closes.
  static func exchange(_ text: String, port: UInt16) async throws -> String {
    let client = try #require(await connect(port: port))
    defer { client.close() }
    await client.send(text)
    return await client.readToEnd()
  }

  /// Writes every byte of `bytes`.
  func send(_ bytes: [UInt8]) async {
    await onOwnThread {
      var offset = 0
      while offset < bytes.count {
        let count = bytes[offset...].withUnsafeBytes {
          posixSend(descriptor, $0.baseAddress, $0.count, sendFlags)
        }
        guard count > 0 else { return }
        offset += count
      }
    }
  }

  /// Writes `text` as UTF-8.
  func send(_ text: String) async {
    await send(Array(text.utf8))
  }

  /// Reads until the server closes the connection (or the safety timeout passes).
  func readToEnd() async -> String {
    await onOwnThread {
      var received: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { break }
        received += chunk[0..<count]
      }
      return String(decoding: received, as: UTF8.self)
    }
  }

  /// Reads until `marker` has arrived, then returns everything read.
  func read(through marker: String) async -> String {
    await onOwnThread {
      var received: [UInt8] = []
      var byte: UInt8 = 0
      while !String(decoding: received, as: UTF8.self).hasSuffix(marker) {
        guard recv(descriptor, &byte, 1, 0) == 1 else { break }
        received.append(byte)
      }
      return String(decoding: received, as: UTF8.self)
    }
  }

  /// Whether the server has closed the connection (end of file or a reset is waiting), without
  /// waiting for anything.
  func isClosedByServer() -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) <= 0
  }

  /// Sends `bytes` one at a time, `interval` apart, until they run out or the server refuses
  /// them; returns how many were sent.
  func trickle(_ bytes: [UInt8], every interval: Duration) async -> Int {
    await onOwnThread {
      let (seconds, attoseconds) = interval.components
      let microseconds = UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
      for (index, byte) in bytes.enumerated() {
        let sent = withUnsafePointer(to: byte) { posixSend(descriptor, $0, 1, sendFlags) }
        guard sent == 1 else { return index }
        usleep(microseconds)
      }
      return bytes.count
    }
  }

  /// Closes the connection.
  func close() {
    _ = posixClose(descriptor)
  }
}

/// Runs `body` on a new thread and returns its result.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
