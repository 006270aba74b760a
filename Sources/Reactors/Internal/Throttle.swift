/// A throttle as written in `mutate`: its id, and how a run's arrival is decided. `arrive()` reads
/// the clock on the sender's thread, before the runtime's lock is taken; the returned `Arrival`
/// decides under the lock, with the id's window kept in `EffectTable`.
@usableFromInline struct Throttle: Sendable {
  let id: EffectID
  let arrive: @Sendable () -> Arrival

  /// Decides with the id's window (`nil` at first) whether the scope's run starts (`.start`),
  /// waits for the interval's end (`.hold`, displacing the held run it returns) or drops (`.skip`).
  @usableFromInline typealias Arrival =
    (inout AnyObject?, EffectScope) -> (EffectTable.Registration, replacing: EffectScope?)

  init<C: Clock>(id: EffectID, interval: Duration, clock: C, latest: Bool)
  where C.Duration == Duration {
    self.id = id
    arrive = {
      let now = clock.now
      return { window, scope in
        // A window made for another clock or other settings starts afresh.
        let kept = (window as? Window<C>).flatMap {
          $0.machine.interval == interval && $0.machine.latest == latest ? $0 : nil
        }
        let typed = kept ?? Window(interval: interval, latest: latest)
        window = typed
        switch typed.machine.receive(scope, at: now).arrival {
        case .pass: return (.start(scope), nil)
        case .hold(let start, let replaced):
          let wait = Delay.Wait { try await clock.sleep(until: start, tolerance: nil) }
          return (.hold(scope, until: wait), replaced)
        case .drop: return (.skip, nil)
        }
      }
    }
  }

  /// An id's window on one clock, kept in `EffectTable` across runs; it holds the held run's scope.
  final class Window<C: Clock> where C.Duration == Duration {
    var machine: ThrottleStateMachine<EffectScope, C.Instant>

    init(interval: Duration, latest: Bool) {
      machine = ThrottleStateMachine(interval: interval, latest: latest)
    }
  }
}
