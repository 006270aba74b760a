/// One child attached to its parent: it owns the child, and forwards what the parent sees of it
/// (a projection of its state, its announcements) through a ``ParentInbox``.
///
/// The observers it registers on the child hold the inbox, never the link or the child, so the
/// child does not keep itself alive through them, and the parent only weakly.
final class ChildLink<Parent: Reactor, Child: Reactor>: AttachedChild {
  let child: Child
  private let inbox: ParentInbox<Parent>
  /// The mutation that tells the parent the child is gone.
  private let removal: Parent.Mutation
  /// The observations forwarding to the parent; `nil` once the link has ended.
  private let observations = Locked<[StateObservation]?>.make([])

  init(child: Child, parent: Parent, removal: Parent.Mutation) {
    self.child = child
    self.inbox = ParentInbox(parent: parent)
    self.removal = removal
  }

  var reactor: AnyObject { child }

  /// Starts forwarding: every new value of `projection`, from the current one on, as
  /// `mutation(value)`, and each announcement.
  ///
  /// The child's observers hand over its states in `reduce` order, the current one first, from
  /// whichever thread runs its step; so the parent gets the projections in the same order,
  /// starting with the one the child had when it was attached.
  func connect<Projection: Equatable & Sendable>(
    projection: @escaping @Sendable (Child.State) -> Projection,
    mutation: @escaping @Sendable (Projection?) -> Parent.Mutation,
    announcements: [ChildAnnouncement<Child, Parent>]
  ) {
    let inbox = inbox
    let last = Locked<Projection?>.make(nil)
    var connected = [
      child.observe { state in
        let value = projection(state)
        let isNew = last.withLock { last in
          defer { last = value }
          return last != value
        }
        if isNew { inbox.send(mutation(value)) }
      }
    ]
    for announcement in announcements {
      connected.append(announcement.subscribe(child, inbox))
    }
    let ended = observations.withLock { observations in
      observations?.append(contentsOf: connected)
      return observations == nil
    }
    // Detached while connecting: the inbox is revoked already; stop listening too.
    if ended { for observation in connected { observation.cancel() } }
  }

  func revoke() {
    inbox.revoke()
  }

  func end(notifyingParent: Bool) {
    let connected = observations.withLock { observations in
      defer { observations = nil }
      return observations ?? []
    }
    for observation in connected { observation.cancel() }
    child.runtime.storage.end()
    if notifyingParent { inbox.sendRemoval(removal) }
  }

  var runningEffectCount: Int {
    child.runtime.storage.runningEffectCountWithChildren
  }

  func share(_ tracker: EffectTracker) {
    child.runtime.storage.shareWithChildren(tracker)
  }

  func waitUntilIdle() async {
    await child.runtime.storage.waitUntilIdleWithChildren()
  }
}
