import Reactors

/// The benchmarks of several threads sending to one store at once.
extension Benchmark {
  /// Two threads apply `operations` actions each to one `LockClosureStore`: an `NSLock`, reduce
  /// and one observer call per action, the waiting thread parked by the lock.
  static func contendedLock(operations: Int) -> Benchmark {
    Benchmark(name: "contended-lock") { counting in
      let store = LockClosureStore { state in blackHole(state) }
      let measured = onContendingThreads(2, countingAllocations: counting) { _ in
        let action = opaque(CounterAction.increase)
        for _ in 0..<operations { store.send(action) }
      }
      precondition(store.currentState.value == 2 * operations)
      return Sample(measured, operations: 2 * operations)
    }
  }

  /// Two threads send `operations` actions each to one reactor with one synchronous observer.
  /// A thread that finds the other's step running queues its action for it and returns.
  static func contendedSend(operations: Int) -> Benchmark {
    Benchmark(name: "contended-send", baseline: "contended-lock", checks: [.ratio(atMost: 3)]) {
      counting in
      let reactor = CounterReactor()
      let observation = reactor.observe { state in blackHole(state) }
      let measured = onContendingThreads(2, countingAllocations: counting) { _ in
        let action = opaque(CounterAction.increase)
        for _ in 0..<operations { reactor.send(action) }
      }
      precondition(reactor.currentState.value == 2 * operations)
      withExtendedLifetime(observation) {}
      return Sample(measured, operations: 2 * operations)
    }
  }
}
