/// What of a mutation tree is left once its immediate part is done: work that waits, in a task, for
/// the user's async closure, a clock or a `.queue` turn (`RuntimeStorage+Effects`).
@usableFromInline enum Pending<Mutation: Sendable>: Sendable {
  /// The user's asynchronous work.
  case run(EffectOperation<Mutation>)
  /// A delay whose deadline is fixed, then the work after it.
  indirect case wait(Delay.Wait, then: MutationNode<Mutation>)
  /// Pending work, then the rest of a `concat`, which starts once it has finished.
  indirect case sequence(Pending, then: ArraySlice<MutationNode<Mutation>>)
  /// Parts of a `merge` that run at the same time.
  case parallel([Pending])
  /// Work registered in its own scope, in a task of its own so that a cancel stops just that part.
  indirect case scoped(EffectScope, Pending)
  /// `.queue` work registered in its scope, waiting for its turn before it starts.
  indirect case queued(EffectScope, MutationNode<Mutation>)

  /// The priority of its task: a `run`'s own, if it has one; otherwise inherited.
  @usableFromInline var priority: TaskPriority? {
    guard case .run(let operation) = self, let raw = operation.rawPriority else { return nil }
    return TaskPriority(rawValue: raw)
  }
}
