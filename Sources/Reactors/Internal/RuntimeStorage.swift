/// Owns a reactor's lock and its `RuntimeMachine`, and performs what the machine decides: runs
/// the user's code, tells listeners, starts, cancels and resumes tasks.
///
/// The lock is held only while the machine is read or updated — never while user code runs.
/// The extensions split the work: `+Step` performs a step (the synchronous path, `@inlinable`
/// so that it is specialised for each reactor), `+Effects` interprets what `mutate` returned and
/// runs its tasks, `+Listeners` manages who listens and the hooks of `ReactorsTesting`.
@usableFromInline
final class RuntimeStorage<Action: Sendable, Mutation: Sendable, State: Sendable>:
  Locked<RuntimeMachine<Action, Mutation, State>>, @unchecked Sendable
{
  // Safe: the machine is reached only through `withLock`; the extras' `pipeline` and `recorder`,
  // written once before the runtime is shared, are read without it (see `RuntimeExtras`).

  @usableFromInline typealias Machine = RuntimeMachine<Action, Mutation, State>
  @usableFromInline typealias Extras = RuntimeExtras<Action, Mutation, State>
  @usableFromInline typealias Work = StepWork<Action, Mutation, State>

  init(
    diagnostics: ReactorDiagnostics<Action, Mutation, State>?,
    recorder: ReactorRecorder<Action, Mutation>?
  ) {
    var machine = Machine()
    if diagnostics != nil || recorder != nil {
      let extras = machine.makeExtras()
      extras.setDiagnostics(configured: diagnostics)
      extras.recorder = recorder?.session
      machine.updatePath()
    }
    super.init(machine)
  }

  deinit {
    // The reactor is gone: cancel everything it started and end every consumer (R9).
    var machine = value
    let ending = machine.end()
    for case .barrier(let release) in machine.queue[machine.queueHead...] { release() }
    ending.followUp.perform()
    for consumer in ending.consumers { consumer.finish() }
    ending.pipeline?.disconnect()
    ending.children?.endAll()
  }

  /// Runs `body` with the lock held, then performs what it left to do once the lock is released.
  func update<Result>(_ body: (inout Machine) -> (Result, FollowUp)) -> Result {
    let (result, followUp) = withLock(body)
    followUp.perform()
    return result
  }

  /// Runs `body` with the lock held, then performs the follow-up it returns.
  func perform(_ body: (inout Machine) -> FollowUp) {
    withLock(body).perform()
  }
}
