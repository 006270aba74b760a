/// Proof that the caller owns the step, with what it needs to know to run it.
@usableFromInline struct StepTicket<Extras> {
  /// The reactor's extras when the step began; `nil` when nothing in them changes how work is
  /// performed (`RuntimeCore.stepExtras`): no `transform` hook, hook, recorder or `take(until:)`.
  @usableFromInline let extras: Extras?
  /// Whether the reactor was started; if not, the owner starts it first.
  @usableFromInline let isStarted: Bool

  /// Whether the owner may perform its first piece of work directly, without the step's general
  /// path: the reactor is started and nothing in its extras changes how work is performed.
  @inlinable var isPlain: Bool { isStarted && extras == nil }

  @inlinable init(extras: Extras?, isStarted: Bool) {
    self.extras = extras
    self.isStarted = isStarted
  }
}
