/// A throttle as written in `mutate`: its id, and how a run's arrival is decided.
///
/// `arrive()` reads the clock on the sender's thread, before the runtime's lock is taken; the
/// returned `ThrottleArrival` decides under the lock, with the id's window kept in `EffectTable`.
@usableFromInline struct Throttle: Sendable {
  let id: EffectID
  let arrive: @Sendable () -> ThrottleArrival

  init<C: Clock>(id: EffectID, interval: Duration, clock: C, latest: Bool)
  where C.Duration == Duration {
    self.id = id
    arrive = {
      let now = clock.now
      return ThrottleArrival { window, scope in
        // A window made for another clock or other settings starts afresh.
        let typed: ClockThrottleWindow<C>
        if let existing = window as? ClockThrottleWindow<C>,
          existing.machine.interval == interval, existing.machine.latest == latest
        {
          typed = existing
        } else {
          typed = ClockThrottleWindow(interval: interval, latest: latest)
          window = typed
        }
        switch typed.machine.receive(scope, at: now).arrival {
        case .pass:
          return .start
        case .hold(let start, let replaced, _):
          let wait = Delay.Wait { try await clock.sleep(until: start, tolerance: nil) }
          return .hold(wait, replacing: replaced)
        case .drop:
          return .drop
        }
      }
    }
  }
}

/// A run arriving at a throttle, at a time already read; decides under the runtime's lock.
struct ThrottleArrival {
  /// Decides for `scope`, the run's scope, with the id's window (created if there is none).
  let decide: (_ window: inout ThrottleWindow?, _ scope: EffectScope) -> Decision

  enum Decision {
    /// Start the run now.
    case start
    /// Start the run when `wait` ends; `replacing` is the held run it displaces.
    case hold(Delay.Wait, replacing: EffectScope?)
    /// Drop the run.
    case drop
  }
}

/// The throttle window of one id, kept in `EffectTable` across runs; the clock's instants are in
/// the subclass.
class ThrottleWindow {}

/// A `ThrottleWindow` on one clock: the machine, whose held element is the held run's scope.
final class ClockThrottleWindow<C: Clock>: ThrottleWindow where C.Duration == Duration {
  var machine: ThrottleStateMachine<EffectScope, C.Instant>

  init(interval: Duration, latest: Bool) {
    machine = ThrottleStateMachine(interval: interval, latest: latest)
  }
}
