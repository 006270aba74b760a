#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A non-blocking TCP socket descriptor and the few calls the server makes on it.
///
/// A value type over a descriptor: whoever accepted or opened it calls ``close()`` exactly once.
struct Socket: Sendable {
  /// What a ``receive(into:maximum:)`` call found.
  enum ReceiveResult: Equatable {
    /// This many bytes were appended.
    case received(Int)
    /// Nothing to read yet.
    case wouldBlock
    /// The peer closed its side (end of file) or reset the connection.
    case closed
  }

  /// What a ``send(_:)`` call did.
  enum SendResult: Equatable {
    /// This many bytes were written.
    case sent(Int)
    /// The send buffer is full.
    case wouldBlock
    /// The peer is gone (`EPIPE`, `ECONNRESET`, ...).
    case broken
  }

  let descriptor: Int32

  /// Opens a socket listening on 127.0.0.1 at `port` (0 for an ephemeral one).
  static func listen(onLoopbackPort port: UInt16) throws(LoopbackServerError) -> Socket {
    #if canImport(Darwin)
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else { throw LoopbackServerError(operation: "socket", code: errno) }
    let listener = Socket(descriptor: descriptor)
    do throws(LoopbackServerError) {
      var reuse: Int32 = 1
      setsockopt(
        descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
      var address = sockaddr_in()
      #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else { throw LoopbackServerError(operation: "bind", code: errno) }
      guard systemListen(descriptor, 128) == 0 else {
        throw LoopbackServerError(operation: "listen", code: errno)
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

  /// What an ``accept()`` call found.
  enum AcceptResult {
    /// A new connection, non-blocking, with Nagle's delay off.
    case accepted(Socket)
    /// Nothing is waiting (or the connection vanished before it was taken).
    case none
    /// The process or the system is out of descriptors: the connection waits in the backlog.
    case outOfDescriptors
  }

  /// Accepts a pending connection.
  func accept() -> AcceptResult {
    #if canImport(Darwin)
    let accepted = Darwin.accept(descriptor, nil, nil)
    #else
    let accepted = Glibc.accept(descriptor, nil, nil)
    #endif
    guard accepted >= 0 else {
      return errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM
        ? .outOfDescriptors : .none
    }
    let connection = Socket(descriptor: accepted)
    do throws(LoopbackServerError) {
      try connection.configure()
    } catch {
      connection.close()
      return .none
    }
    // Answers are written as they are ready; waiting for more bytes to fill a packet would
    // stall keep-alive exchanges by ~40 ms (Nagle's algorithm meeting delayed ACKs).
    var noDelay: Int32 = 1
    setsockopt(
      accepted, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    return .accepted(connection)
  }

  /// Reads what is available, up to `maximum` bytes, and appends it to `buffer`.
  func receive(into buffer: inout [UInt8], maximum: Int = 64 * 1024) -> ReceiveResult {
    let count = withUnsafeTemporaryAllocation(byteCount: maximum, alignment: 1) { chunk in
      let count = recv(descriptor, chunk.baseAddress, maximum, 0)
      if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
      return count
    }
    if count > 0 { return .received(count) }
    if count == 0 { return .closed }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .closed
  }

  /// Writes as much of `bytes` as the socket takes now, never raising `SIGPIPE`.
  func send(_ bytes: UnsafeRawBufferPointer) -> SendResult {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return .sent(0) }
    #if canImport(Darwin)
    let count = Darwin.send(descriptor, base, bytes.count, 0)
    #else
    let count = Glibc.send(descriptor, base, bytes.count, Int32(MSG_NOSIGNAL))
    #endif
    if count >= 0 { return .sent(count) }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .broken
  }

  /// Ends the sending side so the peer reads end of file after what was sent.
  func shutdownSending() {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Closes the descriptor.
  func close() {
    #if canImport(Darwin)
    _ = Darwin.close(descriptor)
    #else
    _ = Glibc.close(descriptor)
    #endif
  }

  /// Makes the descriptor non-blocking and close-on-exec, and (on Darwin) silent on `SIGPIPE`.
  private func configure() throws(LoopbackServerError) {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
      throw LoopbackServerError(operation: "fcntl", code: errno)
    }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    #if canImport(Darwin)
    var noSignal: Int32 = 1
    setsockopt(
      descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }
}

/// `listen(2)`, named apart from ``Socket/listen(onLoopbackPort:)``.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  #if canImport(Darwin)
  Darwin.listen(descriptor, backlog)
  #else
  Glibc.listen(descriptor, backlog)
  #endif
}
