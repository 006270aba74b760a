import OpenCombine
import Reactors

/// The benchmarks of the synchronous path: a send that changes the state before it returns.
extension Benchmark {
  /// `state = reduce(state, m)` in a loop, each state handed to a black hole: the floor.
  static func rawReduce(operations: Int) -> Benchmark {
    Benchmark(name: "raw-reduce") { counting in
      var state = CounterState()
      let mutation = opaque(CounterMutation.increaseValue)
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<operations {
          state = reduceCounter(state, mutation)
          blackHole(state)
        }
      }
      precondition(state.value == operations)
      return Sample(measured, operations: operations)
    }
  }

  /// A minimal thread-safe store: `NSLock`, reduce, one observer closure.
  static func lockClosureStore(operations: Int) -> Benchmark {
    handWritten(name: "lock-closure-store", baseline: "raw-reduce", operations) {
      LockClosureStore(observer: $0)
    }
  }

  /// `SteppedStore` in three holds: the lock trips of a step (take it, commit, end it) and
  /// nothing else, to show what they cost against `lock-closure-store`'s single hold.
  static func threeTripStore(operations: Int) -> Benchmark {
    handWritten(name: "three-trip-store", baseline: "lock-closure-store", operations) {
      SteppedStore(commitsApart: true, observer: $0)
    }
  }

  /// `SteppedStore` in two holds (take the step; commit and end it): the floor of the step that
  /// `sync-action`'s target would need.
  static func twoTripStore(operations: Int) -> Benchmark {
    handWritten(name: "two-trip-store", baseline: "lock-closure-store", operations) {
      SteppedStore(commitsApart: false, observer: $0)
    }
  }

  /// `operations` sends to the store `makeStore` makes, whose observer hands each state to a
  /// black hole.
  private static func handWritten<Store: HandWrittenStore>(
    name: String, baseline: String, _ operations: Int,
    _ makeStore: @escaping @Sendable (@escaping @Sendable (CounterState) -> Void) -> Store
  ) -> Benchmark {
    Benchmark(name: name, baseline: baseline) { counting in
      let store = makeStore { state in blackHole(state) }
      let action = opaque(CounterAction.increase)
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<operations { store.send(action) }
      }
      precondition(store.currentState.value == operations)
      return Sample(measured, operations: operations)
    }
  }

  /// `send` of an action whose `mutate` returns one `.just`, with one synchronous observer.
  static func syncAction(operations: Int) -> Benchmark {
    Benchmark(
      name: "sync-action", baseline: "lock-closure-store",
      checks: [.ratio(atMost: 2.5), .noAllocations]
    ) { counting in
      let reactor = CounterReactor()
      let observation = reactor.observe { state in blackHole(state) }
      let action = opaque(CounterAction.increase)
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<operations { reactor.send(action) }
      }
      precondition(reactor.currentState.value == operations)
      withExtendedLifetime(observation) {}
      return Sample(measured, operations: operations)
    }
  }

  /// `send` of the counter's action to a reactor with `observers` synchronous observers: after
  /// each commit the step's owner hands the state to every observer, with the lock released, in
  /// subscription order. `ns_per_op` is per state and observer.
  static func observerOutbox(observers: Int = 10, operations: Int) -> Benchmark {
    Benchmark(
      name: "observer-outbox", baseline: "sync-action", extras: [.median("observers")],
      checks: [.ratio(atMost: 0.5)]
    ) { counting in
      let reactor = CounterReactor()
      let observations = (0..<observers).map { _ in
        reactor.observe { state in blackHole(state) }
      }
      let action = opaque(CounterAction.increase)
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<operations { reactor.send(action) }
      }
      precondition(reactor.currentState.value == operations)
      withExtendedLifetime(observations) {}
      return Sample(
        measured, operations: operations * observers, extras: ["observers": Double(observers)])
    }
  }

  /// `send` of an action whose `mutate` returns `.concat` of two `.just`, one observer.
  static func concat2(operations: Int) -> Benchmark {
    Benchmark(name: "concat-2", baseline: "sync-action", checks: [.ratio(atMost: 2.0)]) {
      counting in
      let reactor = ConcatReactor()
      let observation = reactor.observe { state in blackHole(state) }
      let action = opaque(CounterAction.increase)
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<operations { reactor.send(action) }
      }
      precondition(reactor.currentState.value == 2 * operations)
      withExtendedLifetime(observation) {}
      return Sample(measured, operations: operations)
    }
  }

  /// Seed 001's approach on OpenCombine: `CurrentValueSubject` → `map` → `sink`.
  static func combineMVVM(operations: Int) -> Benchmark {
    Benchmark(name: "combine-mvvm", baseline: "sync-action") { counting in
      let viewModel = CounterViewModel()
      let subscription = viewModel.state
        .map(\.value)
        .sink { value in blackHole(value) }
      let action = opaque(CounterAction.increase)
      let measured = measure(countingAllocations: counting) {
        for _ in 0..<operations { viewModel.send(action) }
      }
      precondition(viewModel.state.value.value == operations)
      subscription.cancel()
      return Sample(measured, operations: operations)
    }
  }
}
