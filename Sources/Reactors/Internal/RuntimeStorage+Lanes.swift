extension RuntimeStorage {
  /// Puts `.latest` work in its lane, replacing the run waiting there, and makes sure a worker
  /// will start it.
  @inlinable func schedule<R: Reactor>(
    _ node: __owned MutationNode<Mutation>, in scope: EffectScope, action: Action, _ reactor: R
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let newWorker = withLock {
      core -> (LatestLane<Action, Mutation>, EffectGroup, TaskCount)? in
      guard let group = scope.group else {
        // Cancelled between its registration and now (by another thread): it never starts.
        if let extras = core.extras { finish(scope, in: extras) }
        return nil
      }
      let extras = core.makeExtras()
      let lane: LatestLane<Action, Mutation>
      if let existing = group.lane {
        lane = unsafeDowncast(existing, to: LatestLane<Action, Mutation>.self)
      } else {
        lane = LatestLane()
        group.lane = lane
      }
      if let (superseded, work) = lane.wait(node, in: scope, action: action) {
        // Cancelled when this run registered; it never started, so it ends here.
        finishUnstarted(superseded, work, in: extras)
      }
      // New to a worker that looked before; a new worker's first look may start it.
      lane.isWaitingNew = lane.hasWorker
      guard !lane.hasWorker else { return nil }
      lane.hasWorker = true
      return (lane, group, extras.hooks?.countTaskStart() ?? .untracked)
    }
    guard let (lane, group, taskCount) = newWorker else { return }
    // The worker holds the reactor weakly, and never across an `await`: it must not keep the
    // reactor alive while a run is in flight (R9). It starts a run only once it stayed the newest
    // for a whole look, so that a burst of sends replaces the waiting run instead of starting
    // each one, and pauses between looks while a burst lasts instead of spinning; it ends after
    // two empty looks, so that a stream of sends keeps one worker instead of starting one per
    // send. It never waits for a run it started: a newer run has already cancelled that one and
    // must start now, not once the cancelled run returns (a client may never notice the cancel).
    Task { [weak reactor] in
      var looks = LatestLane<Action, Mutation>.Looks()
      while let pause = looks.pause {
        if pause == .zero { await Task.yield() } else { try? await Task.sleep(for: pause) }
        guard let reactor else { break }
        looks.record(
          reactor.runtime.storage.startWaitingRun(
            in: lane, of: group, reactor, retiring: looks.retires))
      }
      taskCount.taskEnded()
    }
  }

  /// Ends a run that never started: its scope, and every scope its work had registered (a
  /// `take(until:)` inside it, say).
  @inlinable func finishUnstarted(
    _ scope: EffectScope, _ work: LatestLane<Action, Mutation>.Work, in extras: Extras
  ) {
    work.node.forEachRegisteredScope { finish($0, in: extras) }
    finish(scope, in: extras)
  }

  /// Starts the run waiting in `lane` if it is still current and has stayed the newest since the
  /// worker's last look; if `retiring` and the lane is empty, ends the worker.
  @inlinable func startWaitingRun<R: Reactor>(
    in lane: LatestLane<Action, Mutation>, of group: EffectGroup, _ reactor: R, retiring: Bool
  ) -> LatestLane<Action, Mutation>.Outcome
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let look = withLock { core -> LatestLane<Action, Mutation>.Look in
      guard let extras = core.extras else { return .empty }
      if lane.isWaitingNew, lane.waitingScope?.isActive == true {
        lane.isWaitingNew = false
        return .again
      }
      if let (scope, work) = lane.takeWaiting() {
        if scope.isActive {
          return .start(work, scope, extras.hooks?.countTaskStart() ?? .untracked)
        }
        // Cancelled while it waited: it never starts.
        finishUnstarted(scope, work, in: extras)
      }
      if retiring {
        lane.hasWorker = false
        if group.lane === lane {
          group.lane = nil
          extras.effects.dropIfEmpty(group)
        }
      }
      return .empty
    }
    switch look {
    case .start(let work, let scope, let taskCount):
      launch(
        work.node, in: scope, waitsForTurn: false, action: work.action, reactor,
        taskCount: taskCount)
      return .started
    case .again: return .newer
    case .empty: return retiring ? .retired : .empty
    }
  }
}
