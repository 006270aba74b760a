/// The work waiting for a step's owner, under a lock of its own (`RuntimeExtras.intake`). While
/// the owner keeps finding work here, the intake stays open: a thread whose send went into it leaves
/// its next ones directly (`IntakeCache`), not through the runtime's lock and step word.
@usableFromInline struct Intake<Work> {
  /// Whether the owner looks here again before its step ends.
  @usableFromInline var isOpen = false
  /// The work, in the order it arrived.
  @usableFromInline var work: [Work] = []

  /// Leaves `work` if the intake is open, or `always`; whether it is open.
  @inlinable mutating func leave(_ work: Work, always: Bool) -> Bool {
    if isOpen || always { self.work.append(work) }
    return isOpen
  }

  /// The owner takes the work into `batch`, whose emptied buffer stays here; whether it found any.
  @inlinable mutating func take(into batch: inout [Work]) -> Bool {
    isOpen = !work.isEmpty
    swap(&batch, &work)
    return isOpen
  }
}
