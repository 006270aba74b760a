/// Owns a reactor's lock, step word (`StepLock`: who owns the step) and `RuntimeMachine`, and
/// performs what the machine decides: runs user code, tells listeners, starts, cancels and resumes
/// tasks. The lock is held only to read or update the machine: never while user code runs or
/// anything of the user's is released (it is dropped after unlocking). `+Step` performs a step,
/// `+Effects` what `mutate` returned, `+Listeners` who listens and test hooks.
@usableFromInline
final class RuntimeStorage<Action: Sendable, Mutation: Sendable, State: Sendable>:
  ManagedBuffer<RuntimeMachine<Action, Mutation, State>, StepLock>
{
  // Shared between threads through `ReactorRuntime`, which says why that is safe.

  @usableFromInline typealias Machine = RuntimeMachine<Action, Mutation, State>
  @usableFromInline typealias Extras = RuntimeExtras<Action, Mutation, State>
  @usableFromInline typealias Work = StepWork<Action, Mutation, State>

  /// Makes the storage of a new reactor.
  static func make(
    diagnostics: ReactorDiagnostics<Action, Mutation, State>?,
    recorder: ReactorRecorder<Action, Mutation>?
  ) -> RuntimeStorage {
    var machine = Machine()
    if diagnostics != nil || recorder != nil {
      let extras = machine.makeExtras()
      extras.configured = diagnostics
      extras.recorder = recorder?.session
      machine.updatePath()
    }
    let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in machine }, to: Self.self)
    storage.withUnsafeMutablePointerToElements { $0.initialize(to: StepLock()) }
    return storage
  }

  deinit {
    // The reactor is gone: cancel everything it started and end every consumer (R9).
    var ending = header.end()
    ending.listeners = header.takeListeners()
    let (extras, watcher, state) = (header.extras, header.extras?.watcher, header.state)
    var queue: [Work] = []  // Taken: a thread that keeps the intake does not keep its buffer.
    _ = extras?.intake.withLock { $0.take(into: &queue) }
    for case .barrier(let release) in queue { release() }
    ending.perform()
    if let watcher, let state { watcher(state, true) }  // The last state, whether it waits or not.
    _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
  }

  /// Runs `body` with the lock held.
  @inlinable func withLock<Result>(_ body: (inout Machine) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { machine, tail in
      try tail.lock.whileLocked { try body(&machine.pointee) }
    }
  }

  /// Runs `body` with the lock held, then mirrors whether steps take the general path into the
  /// step word: what every event that may change the path goes through.
  @usableFromInline func updatePath<Result>(_ body: (inout Machine) -> Result) -> Result {
    withLock { machine in
      let result = body(&machine)
      machine.updatePath()
      // Only this, with the lock held, changes the bit: one look decides whether it must.
      let general = machine.needsGeneralPath
      if general != (step.loadWordLocked() & StepLock.general != 0) {
        general ? step.setLocked(StepLock.general) : step.clearLocked(StepLock.general)
      }
      return result
    }
  }

  /// The step word: the tail never moves, and the pointer is used only while `self` is.
  @inlinable var step: UnsafeMutablePointer<StepLock> { withUnsafeMutablePointerToElements { $0 } }
}
