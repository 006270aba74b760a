#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The identity of the calling thread, to tell the step's own thread apart from others; compared
/// with `==`, which is what `pthread_equal` does on Darwin, glibc, musl and Bionic.
struct ThreadIdentity: Equatable {
  let thread: pthread_t

  /// The calling thread.
  static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }
}
