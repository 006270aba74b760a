/// The children a reactor attached, by id.
///
/// Lives in the parent's `RuntimeExtras` and is read and written only with the parent's lock
/// held. When the parent is released, so is the registry, which ends every child: releasing a
/// parent cancels its children's effects even if a view still holds a child.
final class ChildRegistry {
  private(set) var children: [EffectID: any AttachedChild] = [:]

  /// Puts `child` under `id`, returning the child it replaces, which the caller ends.
  func insert(_ child: any AttachedChild, for id: EffectID) -> (any AttachedChild)? {
    children.updateValue(child, forKey: id)
  }

  /// Removes and returns the child under `id`, which the caller ends.
  func remove(_ id: EffectID) -> (any AttachedChild)? {
    children.removeValue(forKey: id)
  }

  /// Ends and forgets every child; never call it with a lock held (ending runs cancellation
  /// handlers).
  func endAll() {
    let ending = children.values
    children = [:]
    for child in ending { child.end(notifyingParent: false) }
  }

  deinit {
    endAll()
  }
}
