import Reactors
import ReactorsPersistence

/// The benchmarks of a persisted reactor: its step does no I/O, and its writes are coalesced.
extension Benchmark {
  /// `sync-action` with the counter's value saved in a file: the step only hands the new value
  /// over; a queue of the file's own writes it.
  static func persistedSyncAction(operations: Int) -> Benchmark {
    Benchmark(
      name: "persisted-sync-action", baseline: "sync-action", extras: [.median("writes")],
      checks: [.ratio(atMost: 1.1)]
    ) { counting in
      let (file, remove) = PersistedCounterReactor.temporaryFile()
      defer { remove() }
      let reactor = PersistedCounterReactor(stateFile: file)
      let observation = reactor.observe { state in blackHole(state) }
      let action = opaque(CounterAction.increase)
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<operations { reactor.send(action) }
      }
      precondition(reactor.currentState.value == operations)
      file.flushSynchronously()
      precondition(file.restored == nil && file.diagnostics.isEmpty)
      withExtendedLifetime(observation) {}
      return Sample(measured, operations: operations, extras: ["writes": Double(file.writeCount)])
    }
  }

  /// 10,000 changes in a burst, then a flush: how many times the file was written. The figure
  /// is the count of writes, which must stay a few dozen at most.
  static func persistedBurst10k(changes: Int = 10_000) -> Benchmark {
    Benchmark(
      name: "persisted-burst-10k", figure: .extra("writes", unit: " writes"),
      extras: [.maximum("writes"), .median("total_ms")],
      checks: [.extra("writes", atMost: 36, unit: "")]
    ) { counting in
      let (file, remove) = PersistedCounterReactor.temporaryFile()
      defer { remove() }
      let reactor = PersistedCounterReactor(stateFile: file)
      let action = opaque(CounterAction.increase)
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<changes { reactor.send(action) }
        file.flushSynchronously()
      }
      precondition(reactor.currentState.value == changes)
      return Sample(
        measured, operations: changes,
        extras: [
          "writes": Double(file.writeCount), "total_ms": Double(measured.nanoseconds) / 1e6,
        ])
    }
  }
}
