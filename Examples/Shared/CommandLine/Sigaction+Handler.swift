import Foundation

extension sigaction {
  /// Sets a plain (one-argument) signal handler, wherever the C library keeps it.
  public mutating func setHandler(_ handler: @escaping @convention(c) (Int32) -> Void) {
    #if canImport(Darwin)
    __sigaction_u.__sa_handler = handler
    #else
    __sigaction_handler.sa_handler = handler
    #endif
  }
}
