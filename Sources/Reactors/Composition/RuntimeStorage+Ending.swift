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
      // The listeners are the step owner's: taken now if the step is free, or by its owner.
      switch claimStep(flagging: StepLock.removals) {
      case .taken:
        ending.listeners = machine.takeListeners()
        step.clearLocked(StepLock.owned)
      case .flagged, .free:
        machine.makeExtras().removesAllListeners = true
      }
      return ending
    }
    ending.perform()
  }
}
