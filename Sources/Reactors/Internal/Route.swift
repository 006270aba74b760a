/// Where a value out of a `transform` hook goes.
@usableFromInline enum Route<Extras> {
  /// The step's owner handed it to the hook: perform it right away, inside the step.
  case inline(Extras)
  /// No step was running: the caller now owns one.
  case run(StepTicket<Extras>)
  /// Another thread's step runs: it was queued for that thread.
  case queued
}
