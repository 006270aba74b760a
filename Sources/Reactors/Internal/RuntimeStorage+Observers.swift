extension RuntimeStorage {
  func addObserver<R: Reactor>(
    _ observer: @escaping @Sendable (State) -> Void, for reactor: R
  )
    -> StateObservation
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let observation = RuntimeObservation(storage: self)
    let entry = StateObserver(token: ObjectIdentifier(observation), receive: observer)
    withCore { core in
      if !core.pointee.isStarted { start(reactor, core) }
      if core.pointee.observer == nil {
        core.pointee.observer = entry
      } else {
        core.pointee.makeExtras().observers.append(entry)
      }
      guard let current = core.pointee.replayState else { return }
      // The first call is a step like any other: a `send` from inside it waits for its end.
      asStep(reactor, core) { observer(current) }
    }
    return observation
  }

  func removeObserver(_ token: ObjectIdentifier) {
    withCore { core in
      if core.pointee.observer?.token == token {
        // Keep subscription order: the oldest of the others becomes the first.
        let extras = core.pointee.extras
        core.pointee.observer =
          extras?.observers.isEmpty == false ? extras?.observers.removeFirst() : nil
      } else {
        core.pointee.extras?.observers.removeAll { $0.token == token }
      }
    }
  }

  func makeBuffer<R: Reactor>(latestOnly: Bool, for reactor: R) -> StateBuffer<State>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let buffer = StateBuffer<State>(latestOnly: latestOnly)
    let id = ObjectIdentifier(buffer)
    buffer.whenFinished { [weak reactor] in reactor?.runtime.storage.removeConsumer(id) }
    withCore { core in
      if !core.pointee.isStarted { start(reactor, core) }
      if let current = core.pointee.replayState { buffer.push(current) }
      core.pointee.makeExtras().consumers.append(buffer)
    }
    return buffer
  }

  func removeConsumer(_ id: ObjectIdentifier) {
    withCore { core in core.pointee.extras?.consumers.removeAll { ObjectIdentifier($0) == id } }
  }

  var consumerCount: Int {
    withCore { core in core.pointee.extras?.consumers.count ?? 0 }
  }

  func updateHooks<R: Reactor>(
    of reactor: R,
    _ update: (inout RuntimeHooks<Action, Mutation, State>) -> Void
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      var hooks = core.pointee.extras?.hooks ?? RuntimeHooks()
      update(&hooks)
      core.pointee.makeExtras().hooks = hooks.isEmpty ? nil : hooks
    }
  }

  /// The tracker of this runtime's tasks, installed on the first call.
  func trackEffects<R: Reactor>(of reactor: R) -> EffectTracker
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      let extras = core.pointee.makeExtras()
      var hooks = extras.hooks ?? RuntimeHooks()
      if let tracker = hooks.tracker { return tracker }
      let tracker = EffectTracker()
      hooks.tracker = tracker
      extras.hooks = hooks
      return tracker
    }
  }

  func replaceState<R: Reactor>(with state: State, of reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      if !core.pointee.isStarted { start(reactor, core) }
      core.pointee.state = state
      if let extras = core.pointee.extras, extras.pipeline?.states != nil {
        extras.published = state
      }
      asStep(reactor, core) { publish(state, core) }
    }
  }
}
