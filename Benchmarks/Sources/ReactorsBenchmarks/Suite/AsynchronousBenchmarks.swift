import Reactors

/// The benchmarks of effects: work that runs in a task and emits mutations later.
extension Benchmark {
  /// Spawns `operations` empty tasks, then awaits them all: the floor of any effect.
  static func taskSpawn(operations: Int) -> Benchmark {
    Benchmark(name: "task-spawn") { counting in
      runBlocking {
        var tasks: [Task<Void, Never>] = []
        tasks.reserveCapacity(operations)
        let measured = await measure(countingAllocations: counting) {
          for _ in 0..<operations { tasks.append(Task {}) }
          for task in tasks { await task.value }
        }
        return Sample(measured, operations: operations)
      }
    }
  }

  /// Sends `operations` actions whose `mutate` returns `.run { send in send(m) }`, from a task
  /// off the main actor, then waits until every effect has ended.
  static func asyncEffect(operations: Int) -> Benchmark {
    effects(
      name: "async-effect", baseline: "hand-written-effect", checks: [.ratio(atMost: 1.5)],
      operations
    ) { EffectReactor() }
  }

  /// `async-effect` written by hand, without the runtime: the least a store that keeps its
  /// effects cancellable (R7) and does not let them keep it alive (R9) does for the same work.
  static func handWrittenEffect(operations: Int) -> Benchmark {
    effects(name: "hand-written-effect", baseline: "task-spawn", operations) {
      HandWrittenEffectStore()
    }
  }

  /// `operations` actions sent to a store made by `makeStore` from a task off the main actor,
  /// then a wait until every effect has ended; against `baseline`.
  private static func effects<Store: EffectStore>(
    name: String, baseline: String, checks: [Check] = [], _ operations: Int,
    _ makeStore: @escaping @Sendable () -> Store
  ) -> Benchmark {
    Benchmark(name: name, baseline: baseline, checks: checks) { counting in
      runBlocking {
        let store = makeStore()
        _ = store.currentState  // A reactor starts on first use, before it is measured.
        let measured = await measure(countingAllocations: counting) {
          for _ in 0..<operations { store.start(.increase) }
          await store.waitUntilIdle()
        }
        precondition(store.currentState.value == operations)
        return Sample(measured, operations: operations)
      }
    }
  }

  /// 10,000 queries in a row, each starting a 1 ms search under `.latest`; sent from the main
  /// thread as a search field would, then waits until every effect has ended.
  static func latest10k(queries: Int = 10_000) -> Benchmark {
    Benchmark(
      name: "latest-10k", baseline: "task-spawn", figure: .extra("total_ms", unit: "ms"),
      extras: [
        .median("total_ms"), .median("sender_ns"), .median("runs_started"),
        .maximum("stale_applied"), .median("landed"),
      ],
      checks: [.ratio(atMost: 1), .extra("stale_applied", atMost: 0, unit: "")]
    ) { counting in
      let reactor = SearchReactor()
      _ = reactor.currentState
      var senderNanoseconds: UInt64 = 0
      let measured = measure(countingAllocations: counting) {
        // The sender's own CPU: the thread's, apart from the runs on the other core.
        let senderStart = threadCPUNanoseconds()
        for query in 1...queries { reactor.send(.updateQuery(query)) }
        senderNanoseconds = threadCPUNanoseconds() - senderStart
        runBlocking { await reactor.waitUntilIdle() }
      }
      let state = reactor.currentState
      return Sample(
        measured, operations: queries,
        extras: [
          "total_ms": Double(measured.nanoseconds) / 1e6,
          "sender_ns": Double(senderNanoseconds) / Double(queries),
          // Per 10,000 queries: how many runs a task started (the others were superseded first).
          "runs_started": Double(reactor.runsStarted) * 10_000 / Double(queries),
          "stale_applied": Double(state.staleApplied),
          // 1 when the last query's result is what the state shows, as it must be.
          "landed": state.resultsQuery == queries ? 1 : 0,
        ])
    }
  }

}
