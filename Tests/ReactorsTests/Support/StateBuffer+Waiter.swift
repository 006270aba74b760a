@testable import Reactors

extension StateBuffer {
  /// Whether the consumer is suspended waiting for a state.
  var hasWaiter: Bool { contents.withLock { $0.waiter != nil } }
}
