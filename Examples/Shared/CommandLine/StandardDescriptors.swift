import Foundation

/// Standard input, output and error as the program found them when it started.
///
/// A descriptor closed by the caller (`signup <&-`, `github-search QUERY >&-`) is opened on
/// `/dev/null` at once: the system hands out the lowest free number, so the next file or socket
/// the program opened would otherwise become "standard output", and the search's HTTP connection
/// would receive what is printed, or its replies be read as a script.
public enum StandardDescriptors {
  /// The standard descriptors that were closed when the program started; reading it the first
  /// time opens `/dev/null` in their place. ``Program/start(arguments:)`` reads it first thing.
  public static let closedAtStart = reopenIfClosed([STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO])

  /// Opens `/dev/null` (for reading as descriptor 0, for writing otherwise) in place of each of
  /// `descriptors` that is closed, and returns those.
  static func reopenIfClosed(_ descriptors: [Int32]) -> Set<Int32> {
    var closed: Set<Int32> = []
    for descriptor in descriptors where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      closed.insert(descriptor)
      let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      // For the standard three, opened in order, `null` is `descriptor` already: the system hands
      // out the lowest free number.
      if null >= 0, null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
    }
    return closed
  }
}
