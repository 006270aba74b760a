/// A parent's side of composition: its registry of children, and what a parent does for its
/// whole family (count effects, share a test's tracker, wait until idle).
extension RuntimeStorage {
  /// Puts `child` under `id`, revoking the child it replaces.
  ///
  /// - Returns: The replaced child, for the caller to end once the lock is released, and this
  ///   runtime's tracker, if a test installed one, for the new child to share.
  func attach(
    _ child: any AttachedChild, for id: EffectID
  )
    -> (replaced: (any AttachedChild)?, tracker: EffectTracker?)
  {
    withLock { machine in
      let extras = machine.makeExtras()
      let registry = extras.children ?? ChildRegistry()
      extras.children = registry
      let replaced = registry.insert(child, for: id)
      replaced?.revoke()
      return (replaced, extras.tracker)
    }
  }

  /// Removes the child under `id`, revoking it; the caller ends it once the lock is released.
  func detachChild(for id: EffectID) -> (any AttachedChild)? {
    withLock { machine in
      let removed = machine.extras?.children?.remove(id)
      removed?.revoke()
      return removed
    }
  }

  /// The child under `id`, if any.
  func child(for id: EffectID) -> (any AttachedChild)? {
    withLock { $0.extras?.children?.children[id] }
  }

  /// The children attached right now.
  var attachedChildren: [any AttachedChild] {
    withLock { $0.extras?.children.map { Array($0.children.values) } ?? [] }
  }

  /// Effects running here and in every child, grandchildren included.
  var runningEffectCountWithChildren: Int {
    attachedChildren.reduce(runningEffectCount) { $0 + $1.runningEffectCount }
  }

  /// Installs `tracker` here, unless a tracker is installed already, and in every child.
  func shareWithChildren(_ tracker: EffectTracker) {
    updateExtras { extras in
      if extras.tracker == nil { extras.tracker = tracker }
    }
    for child in attachedChildren { child.share(tracker) }
  }

  /// Returns once no effect runs here or in any child, grandchildren included, or as soon as the
  /// calling task is cancelled.
  ///
  /// Waits for this runtime, then for each child, and starts over if something began meanwhile
  /// (a child's state, reduced here, may lead an observer to send an action).
  func waitUntilIdleWithChildren() async {
    while !Task.isCancelled {
      await waitUntilIdle()
      let children = attachedChildren
      if children.isEmpty { return }
      for child in children { await child.waitUntilIdle() }
      if runningEffectCountWithChildren == 0 { return }
    }
  }
}
