import Foundation
import Observation
import Reactors
import Synchronization

/// The benchmarks of observing: many consumers of one reactor, many reactors with one observer.
extension Benchmark {
  /// 100 tasks iterate `reactor.state`; each state change is sent only once all 100 have seen
  /// the previous one, so every consumer suspends and is resumed for every change. `ns_per_op`
  /// is per consumer and change.
  static func fanout(consumers: Int = 100, changes: Int) -> Benchmark {
    Benchmark(
      name: "fanout-\(consumers)", baseline: "resume-\(consumers)", extras: [.median("consumers")],
      checks: [.ratio(atMost: 2)]
    ) { counting in
      runBlocking {
        let reactor = CounterReactor()
        let gate = ArrivalGate()
        let tasks = (0..<consumers).map { _ in
          Task {
            for await state in reactor.state {
              gate.arrive()
              if state.value == changes { break }
            }
          }
        }
        // Every consumer has subscribed once it has seen the current state.
        await gate.wait(untilArrivals: consumers)
        let measured = await measure(countingAllocations: counting) {
          for change in 1...changes {
            reactor.send(.increase)
            await gate.wait(untilArrivals: consumers * (change + 1))
          }
        }
        for task in tasks { await task.value }
        return Sample(
          measured, operations: consumers * changes, extras: ["consumers": Double(consumers)])
      }
    }
  }

  /// The floor of `fanout-100`: 100 tasks each suspended on a continuation, all resumed for every
  /// change, each arriving at the same gate before it suspends again. No reactor, no buffer: what
  /// waking a suspended consumer costs.
  static func resumeFloor(consumers: Int = 100, changes: Int) -> Benchmark {
    Benchmark(name: "resume-\(consumers)") { counting in
      runBlocking {
        let gate = ArrivalGate()
        let parked = ParkedConsumers()
        let tasks = (0..<consumers).map { _ in
          Task {
            for _ in 0...changes {
              gate.arrive()
              await parked.park()
            }
          }
        }
        await gate.wait(untilArrivals: consumers)
        let measured = await measure(countingAllocations: counting) {
          for change in 1...changes {
            await parked.resumeAll(count: consumers)
            await gate.wait(untilArrivals: consumers * (change + 1))
          }
        }
        await parked.resumeAll(count: consumers)
        for task in tasks { await task.value }
        return Sample(measured, operations: consumers * changes)
      }
    }
  }

  /// Heap growth of 10,000 idle counter reactors, each with one synchronous observer
  /// (`observe { }`, the lightest kind), its `StateObservation` kept. Counts everything: the
  /// reactor object, its runtime, the observer and the observation.
  static func idleReactorMemory(reactors count: Int = 10_000) -> Benchmark {
    Benchmark(
      name: "idle-reactor-memory", figure: .extra("bytes_per_reactor", unit: "B/reactor"),
      extras: [.median("bytes_per_reactor"), .median("state_bytes")],
      checks: [.extra("bytes_per_reactor", atMost: 256, unit: " B")]
    ) { counting in
      var reactors: [CounterReactor] = []
      var observations: [StateObservation] = []
      reactors.reserveCapacity(count)
      observations.reserveCapacity(count)
      let before = heapBytesInUse()
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<count {
          let reactor = CounterReactor()
          observations.append(reactor.observe { _ in })
          reactors.append(reactor)
        }
      }
      let after = heapBytesInUse()
      withExtendedLifetime((reactors, observations)) {}
      return Sample(
        measured, operations: count,
        extras: [
          "bytes_per_reactor": Double(after - before) / Double(count),
          "state_bytes": Double(MemoryLayout<CounterState>.size),
        ])
    }
  }

  /// 1,000 readers of an `ObservedReactor`, each depending on one row through its own key path
  /// (`observed[dynamicMember: \.rows[i]]`, what `observed.query` is for a top-level member);
  /// one row changes, and `invalidations` counts the readers told. `whole_state_invalidations`
  /// counts the same with readers of `observed.state.rows[i]`, which depend on every state, as
  /// every reader did before per-member tracking. `ns_per_op` is the time from the `send` to the
  /// state applied on the main actor, 1,000 members compared.
  static func perMemberObservation(rows: Int = 1_000) -> Benchmark {
    Benchmark(
      name: "per-member-\(rows)", figure: .extra("invalidations", unit: "readers"),
      extras: [.maximum("invalidations"), .median("whole_state_invalidations")],
      checks: [.extra("invalidations", atMost: 1, unit: "")]
    ) { counting in
      // The runner calls from the main thread; the models' states arrive there through the main
      // queue, which this thread runs while it waits.
      MainActor.assumeIsolated {
        let changed = rows / 2
        let reactor = RowsReactor(rows: rows)
        let model = ObservedReactor(reactor)
        let told = readers(rows) { row in _ = model[dynamicMember: \.rows[row]] }
        let measured = measure(countingAllocations: counting) {
          reactor.send(.rename(row: changed, to: "renamed"))
          runMainQueue(until: { model.state.rows[changed] == "renamed" })
        }
        let wholeStateReactor = RowsReactor(rows: rows)
        let wholeState = ObservedReactor(wholeStateReactor)
        let toldWholeState = readers(rows) { row in _ = wholeState.state.rows[row] }
        wholeStateReactor.send(.rename(row: changed, to: "renamed"))
        runMainQueue(until: { wholeState.state.rows[changed] == "renamed" })
        return Sample(
          measured, operations: 1,
          extras: [
            "invalidations": Double(told.value),
            "whole_state_invalidations": Double(toldWholeState.value),
          ])
      }
    }
  }
}

/// Starts `count` Observation readers, reader `index` running `read(index)`; returns the count
/// of those told of a change.
@MainActor
private func readers(_ count: Int, read: (Int) -> Void) -> ToldCount {
  let told = ToldCount()
  for index in 0..<count {
    withObservationTracking {
      read(index)
    } onChange: {
      told.increment()
    }
  }
  return told
}

/// How many Observation readers were told of a change.
private final class ToldCount: Sendable {
  private let count = Mutex(0)

  var value: Int { count.withLock { $0 } }

  func increment() { count.withLock { $0 += 1 } }
}

/// Runs the main queue, from the main thread, until `isDone` or for at most 10 seconds.
@MainActor
private func runMainQueue(until isDone: () -> Bool) {
  let deadline = Date(timeIntervalSinceNow: 10)
  while !isDone() {
    precondition(Date() < deadline, "The main queue did not deliver the state in 10 seconds")
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
  }
}
