/// Where what a child tells its parent enters the parent: as the parent's own mutations (or, for
/// an announcement the parent acts on, its actions).
///
/// A mutation sent here goes the way of a mutation from one of the parent's effects: it takes
/// the parent's step, or is queued for the thread that owns it, so it is reduced in order and
/// never inside the parent's `mutate` or `reduce`; it passes `transform(mutation:)`. It belongs
/// to a scope of its own, which detaching the child revokes: from then on nothing the child sent
/// reaches the parent's `reduce`, even if it was queued or a `transform` hook still holds it.
///
/// The parent is held weakly: a child never keeps its parent alive.
final class ParentInbox<Parent: Reactor>: Sendable {
  weak let parent: Parent?
  /// Never registered with the parent's effects (it is no effect: `waitUntilIdle()` does not wait
  /// for it); its cancellation flag is set with the parent's lock held, like an effect's.
  private let scope = ParentInbox.makeScope()

  init(parent: Parent) {
    self.parent = parent
  }

  /// Hands `mutation` to the parent, unless the inbox was revoked or the parent is gone.
  func send(_ mutation: Parent.Mutation) {
    guard let parent else { return }
    parent.runtime.storage.emit(mutation, in: scope, parent)
  }

  /// Sends `action` to the parent, unless the inbox was revoked or the parent is gone.
  func send(action: Parent.Action) {
    guard let parent, parent.runtime.storage.isActive(scope) else { return }
    parent.send(action)
  }

  /// Hands the parent the mutation that says the child is gone: after everything the child sent
  /// before, whatever the revoked inbox still held dropped.
  func sendRemoval(_ mutation: Parent.Mutation) {
    guard let parent else { return }
    parent.runtime.storage.emit(mutation, in: ParentInbox.makeScope(), parent)
  }

  /// Drops what was sent and not reduced yet, and everything sent from now on; call it with the
  /// parent's lock held, which guards the scope's flag.
  func revoke() {
    scope.isCancelled = true
  }

  private static func makeScope() -> EffectScope {
    EffectScope(parent: nil)
  }
}
