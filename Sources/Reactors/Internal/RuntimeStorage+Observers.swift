extension RuntimeStorage {
  func addObserver<R: Reactor>(
    _ observer: @escaping @Sendable (State) -> Void, for reactor: R
  )
    -> StateObservation
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let id = withCore { core in
      if !core.pointee.isStarted { start(reactor, core) }
      core.pointee.nextObserverID += 1
      let id = core.pointee.nextObserverID
      core.pointee.observers.append(StateObserver(id: id, receive: observer))
      guard let current = core.pointee.replayState else { return id }
      // The first call is a step like any other: a `send` from inside it waits for its end.
      asStep(reactor, core) { observer(current) }
      return id
    }
    return RuntimeObservation(storage: self, id: id)
  }

  func removeObserver(_ id: UInt64) {
    withCore { core in core.pointee.observers.removeAll { $0.id == id } }
  }

  func makeBuffer<R: Reactor>(latestOnly: Bool, for reactor: R) -> StateBuffer<State>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let buffer = StateBuffer<State>(latestOnly: latestOnly)
    let id = ObjectIdentifier(buffer)
    buffer.whenFinished { [weak reactor] in reactor?.runtime.storage.removeConsumer(id) }
    withCore { core in
      if !core.pointee.isStarted { start(reactor, core) }
      if let current = core.pointee.replayState { buffer.push(current) }
      core.pointee.consumers.append(buffer)
    }
    return buffer
  }

  func removeConsumer(_ id: ObjectIdentifier) {
    withCore { core in core.pointee.consumers.removeAll { ObjectIdentifier($0) == id } }
  }
}

extension RuntimeStorage {
  func updateHooks<R: Reactor>(
    of reactor: R, _ update: (inout RuntimeHooks<Action, Mutation, State>) -> Void
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      var hooks = core.pointee.hooks ?? RuntimeHooks()
      update(&hooks)
      let isEmpty =
        hooks.diagnostics == nil && hooks.probe == nil && hooks.stub == nil && hooks.tracker == nil
      core.pointee.hooks = isEmpty ? nil : hooks
    }
  }

  func replaceState<R: Reactor>(with state: State, of reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      if !core.pointee.isStarted { start(reactor, core) }
      core.pointee.state = state
      if core.pointee.pipeline?.states != nil { core.pointee.published = state }
      asStep(reactor, core) { publish(state, core) }
    }
  }
}
