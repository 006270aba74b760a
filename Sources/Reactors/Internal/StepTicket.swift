/// Proof that the caller owns the step, with what it needs to know to run it.
@usableFromInline struct StepTicket<Extras> {
  /// The reactor's extras when the step began; `nil` when nothing in them changes how work is
  /// performed (`RuntimeCore.stepExtras`): no `transform` hook, hook, recorder or `take(until:)`.
  @usableFromInline let extras: Extras?
  /// Whether the reactor was started; if not, the owner starts it first.
  @usableFromInline let isStarted: Bool

  @inlinable init(extras: Extras?, isStarted: Bool) {
    self.extras = extras
    self.isStarted = isStarted
  }
}
