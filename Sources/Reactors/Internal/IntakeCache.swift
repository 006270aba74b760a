#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The intake a thread's last queued send went into, kept in the thread's own storage, retained
/// until replaced or the thread ends: its next send to that reactor may go straight there.
@usableFromInline final class IntakeCache {
  /// The runtime storage whose intake it is, and the intake (`LockedBuffer<Intake<Work>>`).
  @usableFromInline let owner: ObjectIdentifier, intake: AnyObject

  init(owner: ObjectIdentifier, intake: AnyObject) { (self.owner, self.intake) = (owner, intake) }

  @usableFromInline static let key: pthread_key_t? = {
    var key = pthread_key_t()
    return pthread_key_create(&key) { release($0) } == 0 ? key : nil
  }()

  private static func release(_ cache: UnsafeMutableRawPointer?) {
    if let cache { Unmanaged<IntakeCache>.fromOpaque(cache).release() }
  }

  /// Leaves `work` in `owner`'s intake if this thread keeps it and it is open; whether it did. The
  /// type is checked too: a storage may be made where one that is gone was.
  @inlinable static func leave<Work>(_ work: @autoclosure () -> Work, in owner: AnyObject) -> Bool {
    guard let key, let cache = pthread_getspecific(key) else { return false }
    return Unmanaged<IntakeCache>.fromOpaque(cache)._withUnsafeGuaranteedRef { cache in
      guard cache.owner == ObjectIdentifier(owner),
        type(of: cache.intake) == LockedBuffer<Intake<Work>>.self
      else { return false }
      let work = work()  // Made, and released if not left, with the lock released.
      let intake = Locked(buffer: unsafeDowncast(cache.intake, to: LockedBuffer<Intake<Work>>.self))
      return intake.withLock { $0.leave(work, always: false) }
    }
  }

  /// Keeps `intake`, `owner`'s, as this thread's.
  @usableFromInline static func keep<Work>(_ intake: Locked<Intake<Work>>, of owner: AnyObject) {
    guard let key else { return }  // The system had no key left: no thread keeps an intake.
    let old = pthread_getspecific(key)
    let kept = old.map { Unmanaged<IntakeCache>.fromOpaque($0).takeUnretainedValue().intake }
    if kept === intake.buffer { return }
    let cache = IntakeCache(owner: ObjectIdentifier(owner), intake: intake.buffer)
    pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
    release(old)
  }
}
