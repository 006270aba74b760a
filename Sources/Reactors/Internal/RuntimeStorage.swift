/// Owns a reactor's lock and its `RuntimeMachine`, and performs what the machine decides: runs
/// the user's code, tells listeners, starts, cancels and resumes tasks.
///
/// The lock is held only while the machine is read or updated — never while user code runs.
/// The extensions split the work: `+Step` performs a step (the synchronous path, `@inlinable`
/// so that it is specialised for each reactor), `+Effects` interprets what `mutate` returned and
/// runs its tasks, `+Listeners` manages who listens and the hooks of `ReactorsTesting`.
@usableFromInline
final class RuntimeStorage<Action: Sendable, Mutation: Sendable, State: Sendable>:
  LockedBuffer<RuntimeMachine<Action, Mutation, State>>
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
      extras.setDiagnostics(configured: diagnostics)
      extras.recorder = recorder?.session
      machine.updatePath()
    }
    return make(machine)
  }

  deinit {
    // The reactor is gone: cancel everything it started and end every consumer (R9).
    let ending = withUnsafeMutablePointerToHeader { $0.pointee.end() }
    let machine = withUnsafeMutablePointerToHeader { $0.pointee }
    for case .barrier(let release) in machine.queue[Int(machine.queueHead)...] { release() }
    ending.followUp.perform()
    for consumer in ending.consumers { consumer.finish() }
    ending.pipeline?.disconnect()
    ending.children?.endAll()
  }

  /// Runs `body` with the lock held, then performs what it left to do once the lock is released.
  @usableFromInline func update<Result>(_ body: (inout Machine) -> (Result, FollowUp)) -> Result {
    let (result, followUp) = withLock(body)
    followUp.perform()
    return result
  }

  /// Runs `body` with the lock held, then performs the follow-up it returns.
  @usableFromInline func perform(_ body: (inout Machine) -> FollowUp) {
    withLock(body).perform()
  }
}
