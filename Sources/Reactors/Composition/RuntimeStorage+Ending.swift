/// Ending a reactor that is still referenced: what detaching a child does to it.
extension RuntimeStorage {
  /// Ends the reactor as releasing it would, although something (a view) may still hold it.
  ///
  /// Cancels every effect (each stays counted until its task returns, so `waitUntilIdle()` and a
  /// leak check still see the tasks end), ends every state sequence, stops the `transform` hooks'
  /// tasks and ends the reactor's own children. From then on the reactor keeps its last state
  /// and drops every action it is sent, so a view that still holds it starts no new work.
  func end() {
    let (consumers, pipeline, children) = withLock { core in
      let extras = core.makeExtras()
      // NB: stub mode with a recorder that drops everything: `handle` then never calls `mutate`.
      var hooks = extras.hooks ?? RuntimeHooks()
      hooks.stub = { _ in }
      extras.hooks = hooks
      extras.effects.endAll()  // `withLock` cancels the tasks once the lock is released.
      defer {
        extras.consumers = []
        extras.children = nil
      }
      return (extras.consumers, extras.pipeline, extras.children)
    }
    for consumer in consumers { consumer.finish() }
    pipeline?.disconnect()
    children?.endAll()
  }
}
