#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The identity of the calling thread, to tell the step's own thread apart from others.
struct ThreadIdentity: Equatable {
  let thread: pthread_t

  /// The calling thread.
  static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

  static func == (lhs: ThreadIdentity, rhs: ThreadIdentity) -> Bool {
    pthread_equal(lhs.thread, rhs.thread) != 0
  }
}
