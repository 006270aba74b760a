/// Ending a reactor that is still referenced: what detaching a child does to it.
extension RuntimeStorage {
  /// Ends the reactor as releasing it would, although something (a view) may still hold it.
  ///
  /// Cancels every effect (each stays counted until its task returns, so `waitUntilIdle()` and a
  /// leak check still see the tasks end), ends every state sequence, stops the `transform` hooks'
  /// tasks and ends the reactor's own children. From then on the reactor keeps its last state
  /// and drops every action it is sent, so a view that still holds it starts no new work.
  func end() {
    let ending = updatePath { machine in
      var ending = machine.end()
      ending.listeners = changeListeners(
        &machine, now: { $0.takeListeners() },
        later: { machine in
          machine.makeExtras().removesAllListeners = true
          return Listeners()
        })
      return ending
    }
    ending.perform()
  }
}
