import Reactors

/// The benchmarks of observing: many consumers of one reactor, many reactors with one observer.
extension Benchmark {
  /// 100 tasks iterate `reactor.state`; each state change is sent only once all 100 have seen
  /// the previous one, so every consumer suspends and is resumed for every change. `ns_per_op`
  /// is per consumer and change.
  static func fanout(consumers: Int = 100, changes: Int) -> Benchmark {
    Benchmark(
      name: "fanout-\(consumers)", baseline: "resume-\(consumers)", extras: [.median("consumers")],
      checks: [.ratio(atMost: 1.5)]
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
}
