import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: the test plays the person at the keyboard on the controller side; the
/// code under test gets the terminal side, a real TTY.
public final class PseudoTerminal: Sendable {
  /// The side the test reads output from and writes keystrokes to.
  public let controller: Int32
  /// The side that behaves as a terminal (`isatty` is true, it has attributes and a size).
  public let terminal: Int32
  /// The terminal side's path, for a child process to open.
  public let terminalPath: String

  /// Opens a pair.
  public init() throws {
    controller = PseudoTerminalCalls.openController(O_RDWR | O_NOCTTY)
    guard controller >= 0, PseudoTerminalCalls.grant(controller) == 0,
      PseudoTerminalCalls.unlock(controller) == 0,
      let name = PseudoTerminalCalls.name(controller)
    else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    terminalPath = String(cString: name)
    terminal = open(terminalPath, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  deinit {
    close(terminal)
    close(controller)
  }

  /// The terminal side's current attributes.
  public var attributes: termios {
    var attributes = termios()
    tcgetattr(terminal, &attributes)
    return attributes
  }

  /// Types `bytes`, as if on a keyboard.
  public func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// Everything written to the terminal side that is available now, or within `timeout` seconds
  /// once nothing more arrives (a safety net, not a timing assertion).
  public func readOutput(
    waitingUpTo timeout: Int32 = 5, until isComplete: (String) -> Bool
  )
    -> String
  {
    var received: [UInt8] = []
    var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !isComplete(String(decoding: received, as: UTF8.self)) {
      guard poll(&entry, 1, timeout * 1000) > 0 else { break }
      let count = read(controller, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer[0..<count]
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Everything written to the terminal side until `process` has exited, read as it arrives so
  /// that a full buffer never blocks the process.
  public func readOutput(until process: Process) -> String {
    var received: [UInt8] = []
    var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    var exited = false
    while true {
      // The timeout only paces the check for the exit; it asserts nothing.
      if poll(&entry, 1, 50) > 0 {
        let count = read(controller, &buffer, buffer.count)
        if count > 0 {
          received += buffer[0..<count]
          continue
        }
      }
      if exited { break }
      // One more pass after the exit picks up the last bytes.
      exited = !process.isRunning
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Sets the window size the terminal side reports.
  public func resize(rows: Int, columns: Int) {
    var window = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    #if canImport(Darwin)
    _ = ioctl(controller, TIOCSWINSZ, &window)
    #else
    _ = ioctl(controller, UInt(TIOCSWINSZ), &window)
    #endif
  }
}

/// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname`. Glibc's module map leaves them out (they
/// need `_XOPEN_SOURCE`), so on Linux they are looked up in the C library at run time.
private enum PseudoTerminalCalls {
  #if canImport(Darwin)
  static let openController = posix_openpt
  static let grant = grantpt
  static let unlock = unlockpt
  static let name = ptsname
  #else
  static let openController = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
  static let grant = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
  static let unlock = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
  static let name = function(
    "ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)

  private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
      fatalError("\(name) is missing from the C library")
    }
    return unsafeBitCast(symbol, to: type)
  }
  #endif
}
