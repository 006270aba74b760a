/// Where the step runs: the actor of its owner's thread, as its sender declared it (`#isolation`),
/// so a main-actor observer told of a state by a main-actor step takes it at once, not hopping.
extension RuntimeStorage {
  /// Notes whether a step just taken runs on the main actor, before the owner runs any user code.
  @inlinable func noteStepIsolation(_ isolation: (any Actor)?) {
    let isMain = isolation != nil && isolation === MainActor.shared
    withUnsafeMutablePointerToHeader { $0.pointee.isStepOnMainActor = isMain }
  }

  /// Whether the step being performed runs on the main actor; read only by the step's owner.
  var isStepOnMainActor: Bool { header.isStepOnMainActor }
}
