extension LatestLane {
  /// What one look of the lane's worker did.
  @usableFromInline enum Outcome {
    /// Started the waiting run.
    case started
    /// Found a run newer than at the last look: sends are still arriving.
    case newer
    /// Found the lane empty.
    case empty
    /// Found the lane empty and ended the worker.
    case retired
  }

  /// The pace of a lane's worker: how long it waits before each look, and when it ends.
  ///
  /// A new worker's first look may start the run that made it, so a lone send starts its run
  /// after one yield. A look that finds a newer run than the last one means sends are still
  /// arriving: the worker then sleeps before looking again, rather than yielding in a loop, which
  /// would keep a core busy for as long as the burst lasts and start runs that the next send
  /// cancels at once. Each newer run in a row doubles the sleep, up to `longestBurstPause`: a
  /// long burst wakes the worker a few times, not every 100 µs. It ends at its second empty look
  /// in a row.
  @usableFromInline struct Looks {
    /// How long a worker sleeps after finding a newer run: short beside any effect worth
    /// cancelling, long beside the microseconds of a look.
    @usableFromInline static var burstPause: Duration { .microseconds(100) }
    /// The longest sleep while a burst lasts: what the burst's last run may wait at most.
    @usableFromInline static var longestBurstPause: Duration { .microseconds(1_600) }

    @usableFromInline var newerInARow = 0
    @usableFromInline var emptyInARow = 0
    @usableFromInline var hasRetired = false

    @inlinable init() {}

    /// How long to wait before the next look (`.zero`: a yield), or `nil` once the worker ended.
    @inlinable var pause: Duration? {
      if hasRetired { return nil }
      if newerInARow == 0 { return .zero }
      return min(Self.burstPause * (1 << min(newerInARow - 1, 8)), Self.longestBurstPause)
    }

    /// Whether the next look ends the worker if it finds the lane empty.
    @inlinable var retires: Bool { emptyInARow > 0 }

    @inlinable mutating func record(_ outcome: Outcome) {
      newerInARow = outcome == .newer ? newerInARow + 1 : 0
      emptyInARow = outcome == .empty ? emptyInARow + 1 : 0
      hasRetired = outcome == .retired
    }
  }
}
