extension Reactor {
  /// Makes `child` this reactor's child under `id`, and mirrors a projection of its state into
  /// this reactor's state.
  ///
  /// The child stays a reactor of its own — its own actions, effects and state — and this one
  /// owns it: ``detach(id:)``, attaching another child under the same `id`, or releasing this
  /// reactor cancels the child's effects, ends its state sequences and makes it drop any further
  /// action, even if a view still holds it. The child holds this reactor only weakly.
  ///
  /// What this reactor sees of the child arrives as its own mutations, from the moment of
  /// attaching: `mutation(value)` with the child's current projection, then again each time the
  /// projection changes, and `mutation(nil)` once the child is detached (not when it is replaced,
  /// nor when this reactor is released). Each `announcement` adds a mutation, or an action, per
  /// assignment of a child's ``Pulse``. They come in the order the child reduced its states, after
  /// the child committed each one, and are reduced like the mutations of an effect: never inside
  /// this reactor's `mutate` or `reduce` — attaching from `mutate` queues the first one right
  /// after `mutate`'s immediate mutations — and never after the child is detached.
  ///
  /// ```swift
  /// case .open(let repository):
  ///   let detail = RepositoryDetailReactor(repository: repository, client: client)
  ///   attach(detail, id: ChildID.detail, as: Mutation.setDetail)  // setDetail(State?)
  ///   detail.send(.load)
  ///   return .none
  /// case .close:
  ///   detach(id: ChildID.detail)  // cancels the load; the parent reduces setDetail(nil)
  ///   return .none
  /// ```
  ///
  /// Attach from `mutate`, where this reactor decides what it owns; it is safe from any thread.
  /// A reactor is the child of one parent at a time, and never of itself or of its own child.
  ///
  /// - Parameters:
  ///   - child: The new child, made by this reactor.
  ///   - id: Any hashable value; a child attached under the same `id` is replaced (and ended).
  ///   - projection: What this reactor needs of the child's state; a change of it is a mutation.
  ///   - mutation: Makes this reactor's mutation from a projection, or from `nil` once the child
  ///     is detached.
  ///   - announcements: The child's outcomes this reactor listens to; see ``ChildAnnouncement``.
  public func attach<Child: Reactor, Projection: Equatable & Sendable>(
    _ child: Child,
    id: some Hashable & Sendable,
    state projection: @escaping @Sendable (Child.State) -> Projection,
    as mutation: @escaping @Sendable (Projection?) -> Mutation,
    announcing announcements: [ChildAnnouncement<Child, Self>] = []
  ) {
    precondition(child !== self, "\(Self.self) cannot be its own child")
    let link = ChildLink(child: child, parent: self, removal: mutation(nil))
    let (replaced, tracker) = runtime.storage.attach(link, for: EffectID(id))
    replaced?.end(notifyingParent: false)
    if let tracker { link.share(tracker) }
    link.connect(projection: projection, mutation: mutation, announcements: announcements)
  }

  /// Makes `child` this reactor's child under `id`, and mirrors its whole state into this
  /// reactor's state; see ``attach(_:id:state:as:announcing:)``.
  public func attach<Child: Reactor>(
    _ child: Child,
    id: some Hashable & Sendable,
    as mutation: @escaping @Sendable (Child.State?) -> Mutation,
    announcing announcements: [ChildAnnouncement<Child, Self>] = []
  ) where Child.State: Equatable {
    attach(child, id: id, state: { $0 }, as: mutation, announcing: announcements)
  }

  /// Removes the child under `id`: cancels its effects, ends its state sequences, makes it drop
  /// any further action, and has this reactor reduce the child's `mutation(nil)`. Does nothing
  /// when no child is attached under `id`.
  ///
  /// Nothing the child sent before and this reactor has not reduced yet reaches `reduce`
  /// afterwards.
  public func detach(id: some Hashable & Sendable) {
    runtime.storage.detachChild(for: EffectID(id))?.end(notifyingParent: true)
  }

  /// The child attached under `id`, if it is a `Child`: what a view binds to the child's view.
  ///
  /// ```swift
  /// if let detail = search.child(id: ChildID.detail, as: RepositoryDetailReactor.self) {
  ///   detailView.reactor = detail
  /// }
  /// ```
  public func child<Child: Reactor>(
    id: some Hashable & Sendable, as type: Child.Type = Child.self
  ) -> Child? {
    runtime.storage.child(for: EffectID(id))?.reactor as? Child
  }
}
