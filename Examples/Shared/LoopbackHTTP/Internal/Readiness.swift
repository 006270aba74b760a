#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Blocking waits on several descriptors at once with `poll(2)`.
enum Readiness {
  /// What to wait for on one descriptor.
  enum Interest {
    /// Readable, or closed (hang-up and errors always count).
    case readable
    /// Writable, or closed.
    case writable
    /// Only hang-up and errors.
    case closedOnly
  }

  /// Blocks until at least one descriptor is ready; returns, per descriptor, whether it is.
  ///
  /// "Ready" includes hang-up and error conditions, so a closed peer always wakes the caller.
  static func wait(for descriptors: [(descriptor: Int32, interest: Interest)]) -> [Bool] {
    var entries = descriptors.map { descriptor, interest in
      let events: Int32 =
        switch interest {
        case .readable: Int32(POLLIN)
        case .writable: Int32(POLLOUT)
        case .closedOnly: 0
        }
      return pollfd(fd: descriptor, events: Int16(events), revents: 0)
    }
    while true {
      let result = poll(&entries, nfds_t(entries.count), -1)
      if result > 0 { break }
      if result < 0 && errno != EINTR && errno != EAGAIN {
        // A closed or invalid descriptor: report everything ready so callers re-check and exit.
        return descriptors.map { _ in true }
      }
    }
    return entries.map { $0.revents != 0 }
  }
}
