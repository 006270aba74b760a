/// Owns a reactor's lock and its step machine (`RuntimeCore`), and performs what the machine
/// decides: runs the user's code, tells observers, cancels tasks, resumes waiters.
///
/// One allocation: the `RuntimeCore` value is the header of this `ManagedBuffer`, the mutex its
/// tail. The lock is held only while the core is read or updated — never while user code runs,
/// never while another lock is awaited but the leaf locks of buffers and trackers, which call out
/// to nothing. The user's code runs on the thread that owns the step, with the lock released.
///
/// The extensions split the work by concern: `+Step` drives a step (the synchronous path, `@inlinable` so it is
/// specialised for each reactor), `+Effects` starts asynchronous work, `+EffectTasks` is what
/// effect tasks call back, `+Lanes` starts `.latest` runs, `+Observers` manages who listens.
@usableFromInline
final class RuntimeStorage<Action: Sendable, Mutation: Sendable, State: Sendable>:
  ManagedBuffer<RuntimeCore<Action, Mutation, State>, PlatformMutex>
{
  // Thread safety: the header (`RuntimeCore`, and the `RuntimeExtras` it points to) is read and
  // written only while the mutex in the tail is held, inside `withLock` — with one exception,
  // `ownerState`, which only the step's owner reads and only the step's owner writes. `deinit`
  // runs when no other reference exists. The type is shared across threads through
  // `ReactorRuntime`, which states that guarantee.

  @usableFromInline typealias Core = RuntimeCore<Action, Mutation, State>
  @usableFromInline typealias Extras = RuntimeExtras<Action, Mutation, State>
  @usableFromInline typealias Work = StepWork<Action, Mutation, State>

  /// Makes the storage of a new reactor.
  static func make(
    diagnostics: ReactorDiagnostics<Action, Mutation, State>?,
    recorder: ReactorRecorder<Action, Mutation>? = nil
  ) -> RuntimeStorage {
    let buffer = create(minimumCapacity: 1) { _ in
      Core(diagnostics: diagnostics, recorder: recorder)
    }
    let storage = unsafeDowncast(buffer, to: RuntimeStorage.self)
    storage.withUnsafeMutablePointerToElements { $0.initializeMutex() }
    return storage
  }

  deinit {
    // The reactor is gone: cancel everything it started and end every consumer (R9). Work still
    // queued for a step is dropped with the core; only a test waiting on a barrier is let go.
    if let extras = withUnsafeMutablePointerToHeader({ $0.pointee.extras }) {
      for case .barrier(let release)? in extras.pending[extras.pendingHead...] { release() }
      extras.effects.cancelAll()
      let work = extras.effects.takeWork()
      let consumers = extras.consumers
      let idleWaiters = extras.idleWaiters.values
      extras.consumers = []
      extras.idleWaiters = [:]
      extras.pending = []
      work.perform()
      for consumer in consumers { consumer.finish() }
      extras.pipeline?.disconnect()
      for waiter in idleWaiters { waiter.resume() }
    }
  }

  /// Runs `body` with the lock held, then performs the side effects it recorded (cancelling
  /// tasks, resuming continuations) once the lock is released.
  ///
  /// Never call it from inside `body`: the lock is not recursive (debug builds trap).
  @inlinable func withLock<Result>(_ body: (inout Core) -> Result) -> Result {
    withUnsafeMutablePointers { core, mutex in
      mutex.lock()
      let result = body(&core.pointee)
      if let extras = core.pointee.extras, extras.effects.hasWork {
        let work = extras.effects.takeWork()
        mutex.unlock()
        work.perform()
      } else {
        mutex.unlock()
      }
      return result
    }
  }

  /// The state, read by the thread that owns the step, without the lock: nobody else writes it.
  @inlinable var ownerState: State {
    withUnsafeMutablePointerToHeader { $0.pointee.state! }
  }
}
