/// A value guarded by its own non-recursive mutex, in a single allocation.
///
/// Used for the small shared boxes of the runtime (state buffers, signal operators). Never call
/// out to user code from inside ``withLock(_:)``.
@usableFromInline struct Locked<Value: Sendable>: @unchecked Sendable {
  // Safe: `Value` is only reachable through `withLock`, which holds the mutex for the whole
  // access; the buffer itself is never handed out. (`ManagedBuffer` is marked non-Sendable, so
  // the guarantee is stated here, on the wrapper.)
  @usableFromInline let buffer: Buffer

  @usableFromInline final class Buffer: ManagedBuffer<Value, PlatformMutex> {}

  /// Makes a box holding `value`.
  static func make(_ value: Value) -> Locked<Value> {
    let buffer = unsafeDowncast(Buffer.create(minimumCapacity: 1) { _ in value }, to: Buffer.self)
    buffer.withUnsafeMutablePointerToElements { $0.initializeMutex() }
    return Locked(buffer: buffer)
  }

  @usableFromInline init(buffer: Buffer) {
    self.buffer = buffer
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { value, mutex in
      mutex.lock()
      defer { mutex.unlock() }
      return try body(&value.pointee)
    }
  }
}
