import ExampleCommandLine
import Foundation

/// A non-blocking TCP socket and the few calls the server makes on it.
struct Socket: Sendable {
  /// What an ``accept()`` call found.
  enum AcceptResult {
    /// A new connection, non-blocking, with Nagle's delay off.
    case accepted(Socket)
    /// Nothing is waiting (or the connection vanished before it was taken).
    case none
    /// The process or the system is out of descriptors: the connection waits in the backlog.
    case outOfDescriptors
  }

  let descriptor: Int32

  /// Opens a socket listening on 127.0.0.1 at `port` (0 for an ephemeral one).
  static func listen(onLoopbackPort port: UInt16) throws(SystemCallError) -> Socket {
    #if canImport(Darwin)
    let listener = Socket(descriptor: socket(AF_INET, SOCK_STREAM, 0))
    #else
    let listener = Socket(descriptor: socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
    #endif
    guard listener.descriptor >= 0 else { throw SystemCallError(operation: "socket", code: errno) }
    do throws(SystemCallError) {
      listener.setOption(SOL_SOCKET, SO_REUSEADDR)
      var address = sockaddr_in()
      #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listener.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else { throw SystemCallError(operation: "bind", code: errno) }
      guard Foundation.listen(listener.descriptor, 128) == 0 else {
        throw SystemCallError(operation: "listen", code: errno)
      }
      try listener.configure()
      return listener
    } catch {
      listener.close()
      throw error
    }
  }

  /// The port the socket is bound to.
  var localPort: UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return result == 0 ? UInt16(bigEndian: address.sin_port) : 0
  }

  /// Accepts a pending connection.
  func accept() -> AcceptResult {
    let connection = Socket(descriptor: Foundation.accept(descriptor, nil, nil))
    guard connection.descriptor >= 0 else {
      return [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno) ? .outOfDescriptors : .none
    }
    do throws(SystemCallError) {
      try connection.configure()
    } catch {
      connection.close()
      return .none
    }
    // Waiting for more bytes to fill a packet would stall keep-alive exchanges by ~40 ms
    // (Nagle's algorithm meeting delayed ACKs).
    connection.setOption(Int32(IPPROTO_TCP), TCP_NODELAY)
    return .accepted(connection)
  }

  /// Appends what is available to `buffer`; `false` once the peer closed or reset.
  func receive(into buffer: inout [UInt8]) -> Bool {
    let maximum = 64 * 1024
    let count = withUnsafeTemporaryAllocation(byteCount: maximum, alignment: 1) { chunk in
      let count = recv(descriptor, chunk.baseAddress, maximum, 0)
      if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
      return count
    }
    return count > 0 || (count < 0 && [EAGAIN, EWOULDBLOCK, EINTR].contains(errno))
  }

  /// Writes what the socket takes now, without `SIGPIPE`: the count (0 when full), or `nil`
  /// when the peer is gone.
  func send(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
    #if canImport(Darwin)
    let count = Foundation.send(descriptor, base, bytes.count, 0)
    #else
    let count = Foundation.send(descriptor, base, bytes.count, Int32(MSG_NOSIGNAL))
    #endif
    if count >= 0 { return count }
    return [EAGAIN, EWOULDBLOCK, EINTR].contains(errno) ? 0 : nil
  }

  /// Ends the sending side so the peer reads end of file after what was sent.
  func shutdownSending() {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Closes the descriptor.
  func close() {
    _ = Foundation.close(descriptor)
  }

  /// Makes the descriptor non-blocking and close-on-exec, and (on Darwin) silent on `SIGPIPE`.
  private func configure() throws(SystemCallError) {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
      throw SystemCallError(operation: "fcntl", code: errno)
    }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    #if canImport(Darwin)
    setOption(SOL_SOCKET, SO_NOSIGPIPE)
    #endif
  }

  /// Turns a yes/no socket option on.
  private func setOption(_ level: Int32, _ option: Int32) {
    var on: Int32 = 1
    setsockopt(descriptor, level, option, &on, socklen_t(MemoryLayout<Int32>.size))
  }
}
