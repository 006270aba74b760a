/// A child as its parent's ``ChildRegistry`` knows it, whatever the child's type.
protocol AttachedChild: AnyObject, Sendable {
  /// The child reactor.
  var reactor: AnyObject { get }

  /// Drops whatever the child sent that the parent has not reduced yet, and anything it sends
  /// from now on; call it with the parent's lock held.
  func revoke()

  /// Stops listening to the child and ends it (see `RuntimeStorage.end()`); with
  /// `notifyingParent`, the parent then reduces the mutation that says the child is gone.
  func end(notifyingParent: Bool)

  /// Effects running in the child and in its own children.
  var runningEffectCount: Int { get }

  /// Makes the child, and its own children, count their tasks on `tracker` (a test store's).
  func share(_ tracker: EffectTracker)

  /// Returns once neither the child nor its own children run an effect.
  func waitUntilIdle() async
}
